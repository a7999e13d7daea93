'use client';

import type { DeliveryState, OrderState } from '@/lib/admin/orders-schemas';
import { useAdminTranslations as useTranslations } from '../i18n';

/**
 * An amount in minor units in its currency, as the reader's language writes it. Intl knows each currency's
 * digits (JPY none, USD and HKD two), the same the site's currencies table holds.
 */
export function formatAmount(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

const STATE_TONE: Record<OrderState, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-900',
  provisioning: 'bg-brand-100 text-brand-900',
  active: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
  refund_pending: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-200 text-slate-800',
};

/** An order's state as a labelled badge (the colour only repeats what the word says). */
export function OrderStateBadge({ state }: { state: OrderState }) {
  const t = useTranslations('admin.orderStates');
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[state]}`}
      data-testid="order-state"
    >
      {t(state)}
    </span>
  );
}

const DELIVERY_TONE: Record<DeliveryState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  sending: 'bg-brand-100 text-brand-900',
  sent: 'bg-emerald-100 text-emerald-900',
};

export function DeliveryStateBadge({ state }: { state: DeliveryState }) {
  const t = useTranslations('admin.deliveries.states');
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${DELIVERY_TONE[state]}`}
      data-testid="delivery-state"
    >
      {t(state)}
    </span>
  );
}
