'use client';

import { create } from 'zustand';
import { addToast, expireToasts, removeToast, type Toast, type ToastKind } from '@/lib/toast-queue';

type ToastState = { toasts: Toast[]; nextId: number };

/** Toasts of docs/product/states.md#toasts: identical repeats are grouped with a counter; each closes 3000 ms after its last repeat. */
export const useToastStore = create<ToastState>()(() => ({ toasts: [], nextId: 1 }));

export function showToast(kind: ToastKind, message: string): void {
  const { toasts, nextId } = useToastStore.getState();
  useToastStore.setState({ toasts: addToast(toasts, { kind, message }, Date.now(), nextId), nextId: nextId + 1 });
}

export function dismissToast(id: number): void {
  useToastStore.setState({ toasts: removeToast(useToastStore.getState().toasts, id) });
}

export function expireToastsNow(now: number): void {
  const { toasts } = useToastStore.getState();
  const left = expireToasts(toasts, now);
  if (left.length !== toasts.length) useToastStore.setState({ toasts: left });
}
