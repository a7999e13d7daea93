'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { DeliveryState, OrderState } from '@/lib/admin/orders-schemas';
import { HTML_LANG, LOCALE_LABEL, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { useSession } from '../session';
import { Alert, Button, ConfirmDialog, formatWhen, PageHeading, useErrorText } from '../ui';
import { type AdminCustomerItem, CustomerStatusBadge } from './customers-list';
import { DeliveryStateBadge, formatAmount, OrderStateBadge } from './format';
import { Facts, Section, SimpleTable } from './simple-table';

export type AdminCustomer = AdminCustomerItem & {
  sessions: number;
  orderCount: number;
  orders: { id: number; number: string; status: OrderState; currency: string; totalMinor: number; createdAt: string }[];
  coupons: {
    id: number;
    couponId: number;
    name: string;
    claimedAt: string;
    expiresAt: string;
    usedAt: string | null;
  }[];
  groupBuys: {
    groupId: number;
    offer: string;
    leader: boolean;
    status: 'open' | 'succeeded' | 'failed';
    seatsTaken: number;
    size: number;
    expiresAt: string;
    orderId: number;
    orderNumber: string;
    joinedAt: string;
  }[];
  mails: {
    id: number;
    kind: string;
    subject: string;
    recipient: string | null;
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    createdAt: string;
  }[];
  possible: { activate: boolean; disable: boolean; resendActivation: boolean };
};

type Action = 'activate' | 'disable' | 'resendActivation';
const PATH: Record<Action, string> = {
  activate: 'activate',
  disable: 'disable',
  resendActivation: 'resend-activation',
};

/**
 * /admin/customers/[id]: an account, its latest orders, the coupons it holds, its group-buy seats and the mails
 * sent to it, with the actions its state allows: activate and disable (owners and managers; disabling ends every
 * session at once) and sending the activation link again (support too).
 */
export function CustomerDetail({ id }: { id: number }) {
  const t = useTranslations('admin.customers');
  const to = useTranslations('admin.orders');
  const errorText = useErrorText();
  const locale = useLocale() as Locale;
  const lang = HTML_LANG[locale];
  const { session } = useSession();
  const role = session?.staff.role;
  // Mirrors `manageCommerce` (src/server/admin/roles.ts); the server checks every call again.
  const manages = role === 'owner' || role === 'manager';
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => {
    adminApi<AdminCustomer>(`/customers/${id}`)
      .then((answer) => {
        setCustomer(answer);
        setLoadError(null);
      })
      .catch((e) => setLoadError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [id]);
  useEffect(load, [load]);

  const run = async (action: Action) => {
    setBusy(true);
    try {
      const answer = await adminApi<{ sessionsEnded?: number }>(`/customers/${id}/${PATH[action]}`, {
        method: 'POST',
        body: {},
      });
      setNotice({
        tone: 'success',
        text: action === 'disable' ? t('done.disable', { sessions: answer.sessionsEnded ?? 0 }) : t(`done.${action}`),
      });
    } catch (e) {
      setNotice({ tone: 'error', text: errorText(e instanceof AdminApiError ? e.messageKey : undefined) ?? '' });
    } finally {
      setBusy(false);
      setAsking(null);
      load();
    }
  };

  if (loadError) return <Alert messageKey={loadError} />;
  if (!customer) return <p aria-busy="true" className="h-64" />;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/customers" className="text-brand-700 hover:underline">
          ← {t('backToList')}
        </Link>
      </p>
      <PageHeading title={customer.username}>
        <CustomerStatusBadge status={customer.status} />
      </PageHeading>
      <div className="mb-6 flex flex-wrap gap-2" data-testid="customer-actions">
        {manages && customer.possible.activate ? (
          <Button onClick={() => setAsking('activate')} data-testid="activate-customer">
            {t('actions.activate')}
          </Button>
        ) : null}
        {manages && customer.possible.disable ? (
          <Button variant="danger" onClick={() => setAsking('disable')} data-testid="disable-customer">
            {t('actions.disable')}
          </Button>
        ) : null}
        {customer.possible.resendActivation ? (
          <Button variant="secondary" onClick={() => setAsking('resendActivation')} data-testid="resend-activation">
            {t('actions.resendActivation')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="customer-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>

      <Section title={t('profile')} id="customer-profile">
        <Facts
          items={[
            { label: t('columns.id'), value: customer.id },
            { label: t('columns.email'), value: customer.email, testId: 'detail-email' },
            { label: t('columns.phone'), value: customer.phone ?? '—', testId: 'detail-phone' },
            { label: t('language'), value: LOCALE_LABEL[customer.locale as Locale] ?? customer.locale },
            { label: t('columns.createdAt'), value: formatWhen(customer.createdAt, lang) },
            { label: t('activatedAt'), value: formatWhen(customer.activatedAt, lang) },
            { label: t('sessions'), value: customer.sessions, testId: 'detail-sessions' },
          ]}
        />
      </Section>

      <Section title={t('orders', { count: customer.orderCount })} id="customer-orders">
        <SimpleTable
          caption={t('orders', { count: customer.orderCount })}
          testId="customer-orders"
          headers={[to('columns.number'), to('columns.status'), to('columns.total'), to('columns.createdAt')]}
          rows={customer.orders.map((o) => ({
            key: o.id,
            cells: [
              <Link key="n" href={`/admin/orders/${o.id}`} className="font-mono text-brand-700 hover:underline">
                {o.number}
              </Link>,
              <OrderStateBadge key="s" state={o.status} />,
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
        <SimpleTable
          caption={t('coupons')}
          testId="customer-coupons"
          headers={[t('coupon.name'), t('coupon.claimedAt'), t('coupon.expiresAt'), t('coupon.usedAt')]}
          rows={customer.coupons.map((c) => ({
            key: c.id,
            cells: [c.name, formatWhen(c.claimedAt, lang), formatWhen(c.expiresAt, lang), formatWhen(c.usedAt, lang)],
          }))}
        />
      </Section>

      <Section title={t('groupBuys')} id="customer-group-buys">
        <SimpleTable
          caption={t('groupBuys')}
          testId="customer-group-buys"
          headers={[t('group.offer'), t('group.role'), t('group.status'), t('group.seats'), t('group.order')]}
          rows={customer.groupBuys.map((g) => ({
            key: `${g.groupId}-${g.orderId}`,
            cells: [
              g.offer,
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
        <SimpleTable
          caption={t('mails')}
          testId="customer-mails"
          headers={[to('delivery.subject'), to('delivery.state'), to('delivery.attempts'), to('delivery.when')]}
          rows={customer.mails.map((m) => ({
            key: m.id,
            cells: [
              m.subject,
              <DeliveryStateBadge key="s" state={m.state} />,
              m.attempts,
              formatWhen(m.createdAt, lang),
            ],
          }))}
        />
      </Section>

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? t(`confirm.${asking}Title`) : ''}
        description={asking ? t(`confirm.${asking}Text`, { name: customer.username }) : ''}
        confirmLabel={asking ? t(`actions.${asking}`) : ''}
        onConfirm={() => (asking ? void run(asking) : undefined)}
        busy={busy}
        tone={asking === 'disable' ? 'danger' : 'primary'}
      />
    </>
  );
}
