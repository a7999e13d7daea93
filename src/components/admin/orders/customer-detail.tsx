'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import { type CustomerDetail as Customer, customersResource } from '@/lib/admin/resources/customers';
import { deliveriesResource } from '@/lib/admin/resources/deliveries';
import { ordersResource } from '@/lib/admin/resources/orders';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG, isLocale, LOCALE_LABEL } from '@/lib/locales';
import { useAdminTranslations as useTranslations } from '../i18n';
import { formatAmount } from '../resource/cells';
import { useResourceText } from '../resource/text';
import { Alert, formatWhen, PageHeading } from '../ui';
import { Facts, Section, SmallTable, StateBadge, useDetail } from './parts';

/**
 * /admin/customers/[id]: an account, its latest orders, the coupons it holds, its group-buy seats and the mails
 * sent to it, with the declared actions its state allows (src/lib/admin/resources/customers.ts): activate and
 * disable (owners and managers; disabling ends every session at once) and sending the activation link again
 * (support too). A page of its own, not the generic row page: an account is not edited here, it is read whole.
 */
export function CustomerDetail({ id }: { id: number }) {
  const t = useTranslations('admin.customers');
  const orderWords = useTranslations('admin.orders');
  const text = useResourceText(customersResource);
  const orderText = useResourceText(ordersResource);
  const sent = useResourceText(deliveriesResource);
  const locale = useLocale() as AdminLocale;
  const lang = HTML_LANG[locale];
  const { row, error, actions, notice } = useDetail<Customer>(customersResource, id, text);

  if (error) return <Alert messageKey={error} />;
  if (!row) return <p aria-busy="true" className="h-64" />;
  const customer = row as Customer;
  /** A name in the reader's language, English where it has none. */
  const named = (name: Partial<Record<AdminLocale, string>>) => name[locale] || name.en || '—';

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/customers" className="text-brand-700 hover:underline">
          ← {t('backToList')}
        </Link>
      </p>
      <PageHeading title={customer.username}>
        <StateBadge label={text.option('status', customer.status)} testId="customer-status" />
      </PageHeading>
      <div className="-mt-3 mb-6 text-sm" data-testid="customer-actions">
        {actions.cell(row)}
      </div>
      {notice}

      <Section title={t('profile')} id="customer-profile">
        <Facts
          items={[
            { label: text.field('id'), value: customer.id },
            { label: text.field('email'), value: customer.email, testId: 'detail-email' },
            { label: text.field('phone'), value: customer.phone ?? '—', testId: 'detail-phone' },
            {
              label: t('language'),
              value: isLocale(customer.locale) ? LOCALE_LABEL[customer.locale] : customer.locale,
            },
            { label: text.field('createdAt'), value: formatWhen(customer.createdAt, lang) },
            { label: t('activatedAt'), value: formatWhen(customer.activatedAt, lang) },
            { label: t('sessions'), value: customer.sessions, testId: 'detail-sessions' },
          ]}
        />
      </Section>

      <Section title={t('orders', { count: customer.orderCount })} id="customer-orders">
        <SmallTable
          caption={t('orders', { count: customer.orderCount })}
          testId="customer-orders"
          headers={['number', 'status', 'totalMinor', 'createdAt'].map((f) => orderText.field(f))}
          rows={customer.orders.map((o) => ({
            key: o.id,
            cells: [
              <Link key="n" href={`/admin/orders/${o.id}`} className="font-mono text-brand-700 hover:underline">
                {o.number}
              </Link>,
              orderText.option('status', o.status),
              formatAmount(o.totalMinor, o.currency, lang),
              formatWhen(o.createdAt, lang),
            ],
          }))}
        />
        {customer.orderCount > customer.orders.length ? (
          <p className="mt-2 text-sm">
            <Link href={`/admin/orders?customer=${customer.id}`} className="text-brand-700 hover:underline">
              {t('allOrders', { count: customer.orderCount })}
            </Link>
          </p>
        ) : null}
      </Section>

      <Section title={t('coupons')} id="customer-coupons">
        <SmallTable
          caption={t('coupons')}
          testId="customer-coupons"
          headers={[t('coupon.name'), t('coupon.claimedAt'), t('coupon.expiresAt'), t('coupon.usedAt')]}
          rows={customer.coupons.map((c) => ({
            key: c.id,
            cells: [
              named(c.name),
              formatWhen(c.claimedAt, lang),
              formatWhen(c.expiresAt, lang),
              formatWhen(c.usedAt, lang),
            ],
          }))}
        />
      </Section>

      <Section title={t('groupBuys')} id="customer-group-buys">
        <SmallTable
          caption={t('groupBuys')}
          testId="customer-group-buys"
          headers={[t('group.offer'), t('group.role'), t('group.status'), t('group.seats'), t('group.order')]}
          rows={customer.groupBuys.map((g) => ({
            key: `${g.groupId}-${g.orderId}`,
            cells: [
              named(g.offer),
              g.leader ? t('group.leader') : t('group.member'),
              t(`group.statuses.${g.status}`),
              `${g.seatsTaken} / ${g.size}`,
              <Link key="o" href={`/admin/orders/${g.orderId}`} className="font-mono text-brand-700 hover:underline">
                {g.orderNumber}
              </Link>,
            ],
          }))}
        />
      </Section>

      <Section title={t('mails')} id="customer-mails">
        <SmallTable
          caption={t('mails')}
          testId="customer-mails"
          headers={[...['subject', 'state', 'attempts'].map((f) => sent.field(f)), orderWords('event.when')]}
          rows={customer.mails.map((m) => ({
            key: m.id,
            cells: [m.subject, sent.option('state', m.state), m.attempts, formatWhen(m.createdAt, lang)],
          }))}
        />
      </Section>
      {actions.dialogs}
    </>
  );
}
