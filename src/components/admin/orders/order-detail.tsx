'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import { deliveriesResource } from '@/lib/admin/resources/deliveries';
import { type OrderDetail as Order, ordersResource } from '@/lib/admin/resources/orders';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { useAdminTranslations as useTranslations } from '../i18n';
import { formatAmount } from '../resource/cells';
import { useResourceText } from '../resource/text';
import { Alert, formatWhen, PageHeading } from '../ui';
import { Facts, Section, SmallTable, StateBadge, useDetail } from './parts';

/**
 * /admin/orders/[id]: an order, its history (every transition, who made it and why) and what was sent about it
 * (the customer centre's webhook events and the customer's mails), with the declared actions its state allows
 * and the viewer's role may take (src/lib/admin/resources/orders.ts): cancel an unpaid order and record a refund
 * (owners and managers), send the payment confirmation again (support too). A refusal (someone else changed the
 * order first) is said in words and the order is read again. A page of its own, not the generic row page: an
 * order is not edited, it is read whole.
 */
export function OrderDetail({ id }: { id: number }) {
  const t = useTranslations('admin.orders');
  const text = useResourceText(ordersResource);
  const sent = useResourceText(deliveriesResource);
  const locale = useLocale() as AdminLocale;
  const lang = HTML_LANG[locale];
  const { row, error, actions, notice } = useDetail<Order>(ordersResource, id, text);

  if (error) return <Alert messageKey={error} />;
  if (!row) return <p aria-busy="true" className="h-64" />;
  const order = row as Order;
  const money = (minor: number) => formatAmount(minor, order.currency, lang);
  /** A name in the reader's language, English where it has none. */
  const named = (name: Partial<Record<AdminLocale, string>> | null) => (name ? name[locale] || name.en || null : null);
  const productName = named(order.productName);
  const state = (s: string) => text.option('status', s);
  /** What a line priced: its kind in words, then its name and code (a term discount's item is its percent). */
  const lineItem = (line: Order['lines'][number]) => {
    const kind = line.key.split('.')[0] ?? line.key;
    const known = t.has(`lineKinds.${kind}` as never);
    const label = known ? t(`lineKinds.${kind}` as never, { percent: line.itemId } as never) : kind;
    const name = named(line.name);
    return (
      <>
        <span className="block">{label}</span>
        {kind === 'term' ? null : (
          <span className="block text-xs text-muted">
            {name ? `${name} · ` : null}
            <code>{line.itemId}</code>
          </span>
        )}
      </>
    );
  };
  /** A hold by its name, its kind and number after it: `Winter sale (sale item #3)`. */
  const held = (name: Order['couponName'], what: string) => {
    const shown = named(name);
    return shown ? `${shown} (${what})` : what;
  };
  /** Why the state changed, in the reader's language where the site knows the reason; an operator's note as typed. */
  const reason = (e: Order['events'][number]) => {
    if (!e.reasonKey) return e.reason;
    const said = t(`reasons.${e.reasonKey}` as never, { state: e.reasonState ? state(e.reasonState) : '' } as never);
    return e.reasonNote ? `${said}: ${e.reasonNote}` : said;
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-brand-700 hover:underline">
          ← {t('backToList')}
        </Link>
      </p>
      <PageHeading title={t('orderTitle', { number: order.number })}>
        <StateBadge label={state(order.status)} testId="order-state" />
      </PageHeading>
      <div className="-mt-3 mb-6 text-sm" data-testid="order-actions">
        {actions.cell(row)}
      </div>
      {notice}

      <Section title={t('summary')} id="order-summary">
        <Facts
          items={[
            {
              label: text.field('customerUsername'),
              value: (
                <Link href={`/admin/customers/${order.customerId}`} className="text-brand-700 hover:underline">
                  {order.customerUsername}
                </Link>
              ),
            },
            { label: text.field('customerEmail'), value: order.customerEmail ?? '—', testId: 'order-customer-email' },
            { label: t('phone'), value: order.customerPhone ?? '—', testId: 'order-customer-phone' },
            {
              label: text.field('product'),
              value: order.product ? `${productName ?? order.product} (${order.product})` : '—',
            },
            { label: t('billing'), value: t(`billings.${order.billing}`) },
            { label: t('subtotal'), value: money(order.subtotalMinor) },
            { label: t('discount'), value: money(order.discountMinor) },
            { label: text.field('totalMinor'), value: <strong>{money(order.totalMinor)}</strong> },
            {
              label: t('tax'),
              value:
                order.taxLines
                  .map(
                    (l) =>
                      `${l.country} ${Number(l.ratePercent)}%: ${money(l.taxMinor)}${l.reverseCharge ? ' (RC)' : ''}`,
                  )
                  .join(' · ') || '—',
              testId: 'order-tax',
            },
            { label: t('totalInclTax'), value: <strong>{money(order.totalInclTaxMinor)}</strong> },
            {
              label: t('invoiceLabel'),
              // A plain link: the PDF downloads with the staff session's cookie (docs/decisions/067-invoices.md).
              value: order.invoice ? (
                <a href={order.invoice.pdf} className="text-brand-700 hover:underline" data-testid="order-invoice">
                  {t('invoice', { number: order.invoice.number })}
                </a>
              ) : (
                t('noInvoice')
              ),
            },
            { label: text.field('createdAt'), value: formatWhen(order.createdAt, lang) },
            { label: t('payBy'), value: formatWhen(order.payBy, lang) },
            { label: t('paidAt'), value: formatWhen(order.paidAt, lang) },
            {
              label: t('holds'),
              value:
                [
                  order.saleItemId !== null ? held(order.saleItemName, t('saleItem', { id: order.saleItemId })) : null,
                  order.userCouponId !== null ? held(order.couponName, t('coupon', { id: order.userCouponId })) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—',
            },
          ]}
        />
      </Section>

      <Section title={t('lines')} id="order-lines">
        <SmallTable
          caption={t('lines')}
          headers={[t('line.item'), t('line.quantity'), t('line.months'), t('line.unit'), t('line.amount')]}
          rows={order.lines.map((line) => ({
            key: line.key,
            cells: [lineItem(line), line.quantity, line.months, money(line.unitMinor), money(line.amountMinor)],
          }))}
        />
      </Section>

      <Section title={t('refunds')} id="order-refunds">
        {/* The money-back guarantee as one rule decides it (src/lib/refund-policy.ts); the refund form's default. */}
        <p className="mb-2 text-sm" data-testid="order-guarantee">
          {order.guarantee.eligible && order.guarantee.until
            ? t('guaranteeUntil', {
                amount: money(order.guarantee.amountMinor),
                until: formatWhen(order.guarantee.until, lang),
              })
            : t(
                `guaranteeNo.${order.guarantee.why ?? 'notPaid'}` as never,
                {
                  until: order.guarantee.until ? formatWhen(order.guarantee.until, lang) : '',
                } as never,
              )}
        </p>
        <p className="mb-3 text-sm text-muted" data-testid="order-refundable">
          {t('refundable', {
            paid: money(order.refundable.paidMinor),
            refunded: money(order.refundable.refundedMinor),
            left: money(order.refundable.remainingMinor),
          })}
        </p>
        {order.refunds.length === 0 ? (
          <p className="text-sm text-muted">{t('noRefunds')}</p>
        ) : (
          <SmallTable
            caption={t('refunds')}
            testId="order-refunds"
            headers={['id', 'amount', 'status', 'reason', 'who', 'creditNote', 'next'].map((c) =>
              t(`refundCols.${c}` as never),
            )}
            rows={order.refunds.map((r) => ({
              key: r.id,
              cells: [
                `#${r.id}`,
                money(r.amountMinor),
                r.failureReason
                  ? `${t(`refundStates.${r.status}` as never)}: ${r.failureReason}`
                  : t(`refundStates.${r.status}` as never),
                r.reason,
                [r.requestedBy, r.approvedBy].filter(Boolean).join(' / ') || '—',
                r.creditNote ? (
                  <a key="note" href={r.creditNote.pdf} className="text-brand-700 hover:underline">
                    {r.creditNote.number}
                  </a>
                ) : (
                  '—'
                ),
                r.nextAttemptAt ? formatWhen(r.nextAttemptAt, lang) : '—',
              ],
            }))}
          />
        )}
      </Section>

      <Section title={t('history')} id="order-history">
        <SmallTable
          caption={t('history')}
          testId="order-history"
          headers={[t('event.when'), t('event.change'), t('event.reason'), t('event.actor')]}
          rows={order.events.map((e) => ({
            key: e.id,
            cells: [
              formatWhen(e.at, lang),
              `${e.from ? state(e.from) : t('event.created')} → ${state(e.to)}`,
              reason(e),
              t.has(`actors.${e.actor}` as never) ? t(`actors.${e.actor}` as never) : e.actor,
            ],
          }))}
        />
      </Section>

      <Section title={t('webhooks')} id="order-webhooks">
        <SmallTable
          caption={t('webhooks')}
          testId="order-webhooks"
          headers={[t('eventType'), ...['state', 'attempts', 'lastError'].map((f) => sent.field(f)), t('event.when')]}
          rows={order.webhooks.map((w) => ({
            key: w.id,
            cells: [
              <code key="type">{w.type}</code>,
              sent.option('state', w.state),
              w.attempts,
              w.lastError ?? '—',
              formatWhen(w.doneAt ?? w.createdAt, lang),
            ],
          }))}
        />
      </Section>

      <Section title={t('mails')} id="order-mails">
        <SmallTable
          caption={t('mails')}
          testId="order-mails"
          headers={['subject', 'recipient', 'state', 'attempts', 'lastError'].map((f) => sent.field(f))}
          rows={order.mails.map((m) => ({
            key: m.id,
            cells: [m.subject, m.recipient ?? '—', sent.option('state', m.state), m.attempts, m.lastError ?? '—'],
          }))}
        />
        <p className="mt-2 text-sm">
          <Link href="/admin/deliveries" className="text-brand-700 hover:underline">
            {t('toDeliveries')}
          </Link>
        </p>
      </Section>
      {actions.dialogs}
    </>
  );
}
