'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useErrorText } from '@/components/forms/form-field';
import type { ApiMessage } from '@/lib/api/types';
import { apiCall } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';
import { showToast } from '@/stores/toast-store';

/** An order as the order calls answer it. */
export type OrderView = ApiMessage<'/api/finance/order-server/order/cancel', 'post'>;
export type OrderStatus = OrderView['status'];

const TONE: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  provisioning: 'bg-sky-100 text-sky-900',
  active: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-100 text-slate-700',
  expired: 'bg-slate-100 text-slate-700',
  refund_pending: 'bg-amber-100 text-amber-900',
  partially_refunded: 'bg-slate-100 text-slate-700',
  refunded: 'bg-slate-100 text-slate-700',
};

/** An order's status in the visitor's language. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations('orders.states');
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`} data-testid="order-status">
      {t(status)}
    </span>
  );
}

/** Date and time in the visitor's language and time zone (a payment deadline is a moment, not a day). */
export function formatMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : locale === 'ja' ? 'ja-JP' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** Where an unpaid order is paid: the customer centre. */
export function PayLink({ order }: { order: OrderView }) {
  const t = useTranslations('orders');
  return (
    <a
      href={order.payUrl}
      className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      data-testid="pay"
    >
      {t('pay')}
    </a>
  );
}

/**
 * Cancels an unpaid order after a second, explicit confirmation in place (no modal: the question and its two
 * answers are read in order, and focus moves to the question).
 */
export function CancelOrder({ number, onCancelled }: { number: string; onCancelled: () => void }) {
  const t = useTranslations('orders');
  const errorText = useErrorText();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="rounded-md border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface"
      >
        {t('cancel')}
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    try {
      await apiCall('/finance/order-server/order/cancel', { body: { number }, silent: true });
      showToast('success', t('cancelled'));
      onCancelled();
    } catch (error) {
      const key = error instanceof Error && 'messageKey' in error ? String(error.messageKey) : 'api.requestFailed';
      showToast('error', errorText(key, 'api.requestFailed'));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend id={`${id}-q`} tabIndex={-1} ref={(el) => el?.focus()} className="mb-1 w-full text-sm">
        {t('cancelConfirm', { number })}
      </legend>
      <button
        type="button"
        disabled={busy}
        onClick={confirm}
        className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        data-testid="confirm-cancel"
      >
        {t('cancel')}
      </button>
      <button
        type="button"
        onClick={() => setAsking(false)}
        className="rounded-md border border-line px-3 py-1.5 text-sm"
      >
        {t('keep')}
      </button>
    </fieldset>
  );
}
