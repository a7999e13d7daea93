'use client';

import { lazy, Suspense } from 'react';
import { TOAST_OFFSET_PX } from '@/lib/toast-queue';
import { useToastStore } from '@/stores/toast-store';

// The toasts' markup loads with the first toast (docs/product/targets.md#performance). The live region itself is in the page from the start,
// so screen readers announce what is later put into it.
const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/** Toasts (docs/product/states.md#toasts): four kinds, 3000 ms, 16 px from the top, identical repeats grouped with a counter. */
export function Toaster() {
  const shown = useToastStore((s) => s.toasts.length > 0);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 z-[2300] flex flex-col items-center gap-2 px-4"
      style={{ top: TOAST_OFFSET_PX }}
      aria-live="polite"
      role="status"
    >
      {shown ? (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      ) : null}
    </div>
  );
}
