'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import type { ApiMessage } from '@/lib/api/types';
import { ApiCallError, apiCall } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';
import { formatMoney, orderCurrency } from '@/lib/money';
import { useSiteStore } from '@/stores/site-store';
import { CancelOrder, formatMoment, PayLink, StatusBadge } from './order-parts';

type Detail = ApiMessage<'/api/finance/order-server/order/get', 'post'>;

/**
 * /orders/{number}: one order. Right after it is placed this is its confirmation (it has its own address, so a
 * reload shows it again): the amount, where and by when to pay, and a way to cancel. Later, its status and
 * history.
 */
export function OrderDetail({ number }: { number: string }) {
  const t = useTranslations('orders');
  const tb = useTranslations('buy');
  const tr = useTranslations();
  const locale = useLocale() as Locale;
  const token = useSiteStore((s) => s.token);
  const [order, setOrder] = useState<Detail | null>(null);
  const [missing, setMissing] = useState(false);

  const load = useCallback(() => {
    if (!token) return;
    apiCall<Detail>('/finance/order-server/order/get', { body: { number }, silent: true })
      .then(setOrder)
      .catch((error) => setMissing(error instanceof ApiCallError && error.status === 404));
  }, [token, number]);
  useEffect(load, [load]);

  if (!token) {
    return (
      <p className="rounded-lg border border-line bg-white p-6">
        {t('loginFirst')}{' '}
        <Link href={`/orders/${number}?ope=login`} className="font-semibold text-brand-700 underline">
          {t('login')}
        </Link>
      </p>
    );
  }
  if (missing) return <p role="alert">{tr('api.order.notFound')}</p>;
  if (!order) return <p aria-busy="true" className="h-64" />;

  const currency = orderCurrency(order.currency, order.rate);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const named = (name: Detail['server']['plan']) => (name ? (name[locale] ?? name.en) : '—');
  // What was ordered, in the configurator's words; an hourly server has no term, its billing says how it is paid.
  const server: [string, string][] = [
    [tb('plan'), named(order.server.plan)],
    [tb('region'), named(order.server.city)],
    [tb('image'), order.server.image ?? '—'],
    [tb('quantity'), String(order.server.quantity)],
    order.billing === 'hourly'
      ? [tb('billing'), tb('billingHourly')]
      : [tb('period'), tb('months', { count: order.server.months })],
  ];
  const lineLabel = (key: string, itemId: string) => {
    const base = key.split('.')[0] ?? key;
    // The term line's item is its percent (src/server/api/orders/pricing.ts).
    if (base === 'term') return tb('lines.term', { percent: itemId });
    return tb.has(`lines.${base}` as never) ? tb(`lines.${base}` as never) : base;
  };

  return (
    <div className="space-y-6" data-testid="order-detail" data-status={order.status}>
      {order.status === 'pending_payment' ? (
        <section
          role="status"
          aria-labelledby="order-confirmed"
          className="rounded-xl border border-emerald-300 bg-emerald-50 p-6"
          data-testid="order-confirmation"
        >
          <h2
            id="order-confirmed"
            className="text-xl font-semibold text-emerald-900 outline-none"
            tabIndex={-1}
            // Reached by placing the order, focus was left on nothing (the page changed under it): it goes to
            // the confirmation, so a keyboard or screen reader user starts at what just happened.
            ref={(el) => {
              if (el && (document.activeElement === null || document.activeElement === document.body)) el.focus();
            }}
          >
            {t('confirmed')}
          </h2>
          <p className="mt-2 font-semibold" data-testid="order-total">
            {money(order.totalInclTaxMinor)}
          </p>
          <p className="mt-2 text-sm text-muted">{t('payIn', { time: formatMoment(order.payBy, locale) })}</p>
          {order.billing === 'hourly' ? <p className="mt-2 text-sm">{t('billingHourly')}</p> : null}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <PayLink order={order} />
            <CancelOrder number={order.number} onCancelled={load} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="order-server" className="rounded-xl border border-line bg-white p-6">
        <h2 id="order-server" className="text-lg font-semibold">
          {tb('formLabel')}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="order-server">
          {server.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="order-lines" className="rounded-xl border border-line bg-white p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="order-lines" className="text-lg font-semibold">
            {t('lines')}
          </h2>
          <StatusBadge status={order.status} />
        </div>
        <dl className="mt-3 space-y-1 text-sm">
          {order.lines.map((line) => (
            <div key={line.key} className="flex justify-between gap-3">
              <dt>{lineLabel(line.key, line.itemId)}</dt>
              <dd>{money(line.amountMinor)}</dd>
            </div>
          ))}
          {order.discountMinor > 0 ? (
            <div className="flex justify-between gap-3 text-emerald-700">
              <dt>{tb('discount')}</dt>
              <dd>-{money(order.discountMinor)}</dd>
            </div>
          ) : null}
          {/* Tax once on the total, per rate (docs/decisions/066-tax.md); orders from before tax have none. */}
          {order.billingCountry ? (
            <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2">
              <dt>{tb('totalExclTax')}</dt>
              <dd>{money(order.totalMinor)}</dd>
            </div>
          ) : null}
          {order.taxLines.map((line) => (
            <div
              key={`${line.ratePercent}-${line.name.en}`}
              className="flex justify-between gap-3"
              data-testid="tax-line"
            >
              <dt>
                {tb('taxLine', { name: line.name[locale] ?? line.name.en, rate: String(Number(line.ratePercent)) })}
                {line.reverseCharge ? <span className="block text-xs text-muted">{tb('reverseCharge')}</span> : null}
              </dt>
              <dd>{money(line.taxMinor)}</dd>
            </div>
          ))}
          <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
            <dt>{order.billingCountry ? tb('totalInclTax') : tb('total')}</dt>
            <dd data-testid="order-total-incl-tax">{money(order.totalInclTaxMinor)}</dd>
          </div>
        </dl>
        {order.invoice ? (
          // A plain link: the browser downloads the PDF with the session cookie (docs/decisions/067-invoices.md).
          <a
            href={order.invoice.url}
            download={`${order.invoice.number}.pdf`}
            className="mt-4 inline-block rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            data-testid="invoice-link"
          >
            {t('downloadInvoice', { number: order.invoice.number })}
          </a>
        ) : null}
        {order.creditNotes.length > 0 ? (
          // Each refund's credit note (docs/decisions/068-refunds-and-credit-notes.md), downloaded as the invoice is.
          <div className="mt-4">
            <h3 className="text-sm font-semibold">{t('creditNotes')}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {order.creditNotes.map((note) => (
                <li key={note.number}>
                  <a
                    href={note.url}
                    download={`${note.number}.pdf`}
                    className="inline-block rounded-md border border-line px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-50"
                    data-testid="credit-note-link"
                  >
                    {t('downloadCreditNote', { number: note.number })} · {money(note.totalInclTaxMinor)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="order-history" className="rounded-xl border border-line bg-white p-6">
        <h2 id="order-history" className="text-lg font-semibold">
          {t('history')}
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {order.history.map((step) => (
            <li key={`${step.to}-${step.at}`} className="flex flex-wrap justify-between gap-2">
              <StatusBadge status={step.to} />
              <time dateTime={step.at} className="text-muted">
                {formatMoment(step.at, locale)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      <Link href="/orders" className="inline-block text-brand-700 underline">
        {t('back')}
      </Link>
    </div>
  );
}
