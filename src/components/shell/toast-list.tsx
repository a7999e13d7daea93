'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { nextExpiryAt, type ToastKind } from '@/lib/toast-queue';
import { dismissToast, expireToastsNow, useToastStore } from '@/stores/toast-store';

const KIND_STYLE: Record<ToastKind, string> = {
  info: 'border-slate-300 bg-white text-ink',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/** The visible toasts; loaded with the first toast (see Toaster). */
export function ToastList() {
  const t = useTranslations('shell.toast');
  const toasts = useToastStore((s) => s.toasts);

  useEffect(() => {
    const at = nextExpiryAt(toasts);
    if (at === undefined) return;
    const timer = window.setTimeout(() => expireToastsNow(Date.now()), Math.max(0, at - Date.now()));
    return () => window.clearTimeout(timer);
  }, [toasts]);

  return toasts.map((toast) => (
    <div
      key={toast.id}
      data-testid="toast"
      data-kind={toast.kind}
      className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg border px-4 py-2 text-sm shadow-lg ${KIND_STYLE[toast.kind]}`}
    >
      <span>{toast.message}</span>
      {toast.count > 1 ? (
        <span className="rounded-full bg-black/10 px-2 text-xs font-semibold" data-testid="toast-count">
          {t('repeated', { count: toast.count })}
        </span>
      ) : null}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="ml-1 rounded px-1 opacity-70 hover:opacity-100"
        aria-label={t('close')}
      >
        ×
      </button>
    </div>
  ));
}
