/** A toast closes itself this long after it was last shown or repeated (docs/product/states.md#toasts). */
export const TOAST_DURATION_MS = 3000;

/** Distance of the toast stack from the top of the viewport, in px (docs/product/states.md#toasts). */
export const TOAST_OFFSET_PX = 16;

/** Message kinds (docs/product/states.md#toasts). */
export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export type Toast = { id: number; kind: ToastKind; message: string; count: number; updatedAt: number };

export type ToastInput = { kind: ToastKind; message: string };

function isExpired(toast: Toast, now: number): boolean {
  return now - toast.updatedAt >= TOAST_DURATION_MS;
}

/**
 * Drops toasts shown TOAST_DURATION_MS or longer ago (docs/product/states.md#toasts). Returns the same array when nothing expired,
 * so a state update with it is a no-op.
 */
export function expireToasts(list: Toast[], now: number): Toast[] {
  return list.some((toast) => isExpired(toast, now)) ? list.filter((toast) => !isExpired(toast, now)) : list;
}

/**
 * Adds a toast (docs/product/states.md#toasts): a repeat of a visible toast with the same kind and message is grouped, raising its
 * count and restarting its 3000 ms from `now` in place, instead of stacking a copy. Expired toasts are
 * dropped first so a message is never grouped into one that has already closed.
 */
export function addToast(list: Toast[], input: ToastInput, now: number, nextId: number): Toast[] {
  const live = expireToasts(list, now);
  const index = live.findIndex((toast) => toast.kind === input.kind && toast.message === input.message);
  if (index === -1) {
    return [...live, { id: nextId, kind: input.kind, message: input.message, count: 1, updatedAt: now }];
  }
  return live.map((toast, i) => (i === index ? { ...toast, count: toast.count + 1, updatedAt: now } : toast));
}

/** Closes one toast, e.g. from its close button. Returns the same array when the id is not present. */
export function removeToast(list: Toast[], id: number): Toast[] {
  return list.some((toast) => toast.id === id) ? list.filter((toast) => toast.id !== id) : list;
}

/** When the next toast expires, for scheduling a single timer; undefined for an empty list. */
export function nextExpiryAt(list: Toast[]): number | undefined {
  if (list.length === 0) return undefined;
  return Math.min(...list.map((toast) => toast.updatedAt)) + TOAST_DURATION_MS;
}
