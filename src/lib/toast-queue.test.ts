import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToast,
  expireToasts,
  nextExpiryAt,
  removeToast,
  TOAST_DURATION_MS,
  TOAST_OFFSET_PX,
  type Toast,
} from './toast-queue';

const info = { kind: 'info', message: 'Saved' } as const;

describe('toast constants (docs/product/states.md#toasts)', () => {
  it('closes after 3000 ms at a 16 px offset', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_OFFSET_PX).toBe(16);
  });
});

describe('addToast (docs/product/states.md#toasts)', () => {
  it('adds a new toast with count 1', () => {
    expect(addToast([], info, 100, 1)).toEqual([{ id: 1, kind: 'info', message: 'Saved', count: 1, updatedAt: 100 }]);
  });

  it('keeps toasts apart when kind or message differ', () => {
    let list: Toast[] = addToast([], info, 0, 1);
    list = addToast(list, { kind: 'error', message: 'Saved' }, 1, 2);
    list = addToast(list, { kind: 'info', message: 'Saved!' }, 2, 3);
    expect(list.map((t) => [t.id, t.count])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('groups an identical visible toast in place without mutating the input', () => {
    const first = addToast(addToast([], info, 0, 1), { kind: 'error', message: 'Oops' }, 10, 2);
    const snapshot = structuredClone(first);
    const grouped = addToast(first, info, 2000, 3);
    expect(first).toEqual(snapshot);
    expect(grouped).toEqual([
      { id: 1, kind: 'info', message: 'Saved', count: 2, updatedAt: 2000 },
      { id: 2, kind: 'error', message: 'Oops', count: 1, updatedAt: 10 },
    ]);
    expect(addToast(grouped, info, 2500, 4)[0]?.count).toBe(3);
  });

  it('starts a fresh toast when the identical one has already expired', () => {
    const list = addToast([], info, 0, 1);
    expect(addToast(list, info, TOAST_DURATION_MS - 1, 2)).toEqual([{ ...info, id: 1, count: 2, updatedAt: 2999 }]);
    expect(addToast(list, info, TOAST_DURATION_MS, 2)).toEqual([{ ...info, id: 2, count: 1, updatedAt: 3000 }]);
  });
});

describe('expireToasts (docs/product/states.md#toasts)', () => {
  const list: Toast[] = [
    { id: 1, kind: 'success', message: 'a', count: 1, updatedAt: 1000 },
    { id: 2, kind: 'warning', message: 'b', count: 1, updatedAt: 2000 },
  ];

  it('keeps a toast until 3000 ms after its last update and drops it at 3000 ms', () => {
    expect(expireToasts(list, 3999)).toBe(list);
    expect(expireToasts(list, 4000).map((t) => t.id)).toEqual([2]);
    expect(expireToasts(list, 4999).map((t) => t.id)).toEqual([2]);
    expect(expireToasts(list, 5000)).toEqual([]);
  });

  it('keeps a grouped toast 3000 ms after the latest repeat', () => {
    let toasts = addToast([], info, 0, 1);
    toasts = addToast(toasts, info, 2000, 2);
    expect(expireToasts(toasts, 4999)).toHaveLength(1);
    expect(expireToasts(toasts, 5000)).toHaveLength(0);
  });
});

describe('removeToast', () => {
  it('removes by id and returns the same list for an unknown id', () => {
    const list = addToast(addToast([], info, 0, 1), { kind: 'error', message: 'x' }, 0, 2);
    expect(removeToast(list, 1).map((t) => t.id)).toEqual([2]);
    expect(removeToast(list, 99)).toBe(list);
  });
});

describe('nextExpiryAt', () => {
  it('is the earliest update plus the duration', () => {
    expect(nextExpiryAt([])).toBeUndefined();
    const list = addToast(addToast([], info, 500, 1), { kind: 'error', message: 'x' }, 200, 2);
    expect(nextExpiryAt(list)).toBe(3200);
  });
});

describe('toast queue driven by timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a repeated message 3000 ms after the last repeat', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    let toasts: Toast[] = [];
    let id = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A minimal host like the toaster component: one timer for the next expiry, rescheduled on every change.
    const schedule = () => {
      clearTimeout(timer);
      const at = nextExpiryAt(toasts);
      if (at === undefined) return;
      timer = setTimeout(() => {
        toasts = expireToasts(toasts, Date.now());
        schedule();
      }, at - Date.now());
    };
    const show = () => {
      id += 1;
      toasts = addToast(toasts, { kind: 'error', message: 'Request failed' }, Date.now(), id);
      schedule();
    };

    show();
    vi.advanceTimersByTime(2000);
    show();
    expect(toasts).toEqual([{ id: 1, kind: 'error', message: 'Request failed', count: 2, updatedAt: 2000 }]);
    vi.advanceTimersByTime(2999);
    expect(toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts).toEqual([]);
  });
});
