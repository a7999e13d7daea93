'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type DeliveryState, type OrderState, orderAction } from '@/lib/admin/orders-schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { useSession } from '../session';
import { Alert, Button, ConfirmDialog, formatWhen, Modal, PageHeading, TextAreaField, useErrorText } from '../ui';
import { DeliveryStateBadge, formatAmount, OrderStateBadge } from './format';
import { Facts, Section, SimpleTable } from './simple-table';

type Localized = { en: string; zh?: string; ja?: string };

type Delivery = {
  id: number;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

export type AdminOrder = {
  id: number;
  number: string;
  status: OrderState;
  billing: 'term' | 'hourly';
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  lines: { key: string; itemId: string; quantity: number; months: number; unitMinor: number; amountMinor: number }[];
  product: string | null;
  productName: Localized | null;
  saleItemId: number | null;
  userCouponId: number | null;
  payBy: string;
  paidAt: string | null;
  createdAt: string;
  customer: { id: number; email: string | null; phone: string | null; username: string; status: string };
  events: { id: number; from: OrderState | null; to: OrderState; reason: string; actor: string; at: string }[];
  webhooks: (Delivery & { type: string; eventId: string; deliveredAt: string | null })[];
  mails: (Delivery & { kind: string; subject: string; recipient: string | null; sentAt: string | null })[];
  possible: { cancel: boolean; markRefunded: boolean; resendConfirmation: boolean };
};

type Action = 'cancel' | 'markRefunded' | 'resendConfirmation';
const PATH: Record<Action, string> = {
  cancel: 'cancel',
  markRefunded: 'mark-refunded',
  resendConfirmation: 'resend-confirmation',
};

/**
 * /admin/orders/[id]: an order, its history (every transition, who made it and why) and what was sent about it
 * (the customer centre's webhook events and the customer's mails), with the actions its state allows and the
 * viewer's role may take: cancel an unpaid order and mark a refund made (owners and managers), send the payment
 * confirmation again (support too). A refusal (someone else changed the order first) is said in words and the
 * order is read again.
 */
export function OrderDetail({ id }: { id: number }) {
  const t = useTranslations('admin.orders');
  const ts = useTranslations('admin.orderStates');
  const errorText = useErrorText();
  const locale = useLocale() as Locale;
  const lang = HTML_LANG[locale];
  const { session } = useSession();
  const role = session?.staff.role;
  // Mirrors `manageCommerce` (src/server/admin/roles.ts); the server checks every call again.
  const manages = role === 'owner' || role === 'manager';
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => {
    adminApi<AdminOrder>(`/orders/${id}`)
      .then((answer) => {
        setOrder(answer);
        setLoadError(null);
      })
      .catch((e) => setLoadError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [id]);
  useEffect(load, [load]);

  const form = useForm({ resolver: zodResolver(orderAction), defaultValues: { note: '' } });

  const run = async (action: Action, body: Record<string, unknown>) => {
    setBusy(true);
    try {
      await adminApi(`/orders/${id}/${PATH[action]}`, { method: 'POST', body });
      setNotice({ tone: 'success', text: t(`done.${action}`) });
      setAsking(null);
      form.reset({ note: '' });
    } catch (e) {
      if (action !== 'resendConfirmation' && e instanceof AdminApiError && e.status === 422) {
        showApiError(e, form.setError);
        return;
      }
      setNotice({ tone: 'error', text: errorText(e instanceof AdminApiError ? e.messageKey : undefined) ?? '' });
      setAsking(null);
    } finally {
      setBusy(false);
      load();
    }
  };

  if (loadError) return <Alert messageKey={loadError} />;
  if (!order) return <p aria-busy="true" className="h-64" />;

  const productName = order.productName ? order.productName[locale] || order.productName.en : null;
  const noteAction = asking === 'cancel' || asking === 'markRefunded' ? asking : null;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-brand-700 hover:underline">
          ← {t('backToList')}
        </Link>
      </p>
      <PageHeading title={t('orderTitle', { number: order.number })}>
        <OrderStateBadge state={order.status} />
      </PageHeading>
      <div className="mb-6 flex flex-wrap gap-2" data-testid="order-actions">
        {manages && order.possible.cancel ? (
          <Button variant="danger" onClick={() => setAsking('cancel')} data-testid="cancel-order">
            {t('actions.cancel')}
          </Button>
        ) : null}
        {manages && order.possible.markRefunded ? (
          <Button onClick={() => setAsking('markRefunded')} data-testid="mark-refunded">
            {t('actions.markRefunded')}
          </Button>
        ) : null}
        {order.possible.resendConfirmation ? (
          <Button variant="secondary" onClick={() => setAsking('resendConfirmation')} data-testid="resend-confirmation">
            {t('actions.resendConfirmation')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="order-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>

      <Section title={t('summary')} id="order-summary">
        <Facts
          items={[
            {
              label: t('columns.customer'),
              value: (
                <Link href={`/admin/customers/${order.customer.id}`} className="text-brand-700 hover:underline">
                  {order.customer.username}
                </Link>
              ),
            },
            { label: t('email'), value: order.customer.email ?? '—', testId: 'order-customer-email' },
            { label: t('phone'), value: order.customer.phone ?? '—', testId: 'order-customer-phone' },
            {
              label: t('columns.product'),
              value: order.product ? `${productName ?? order.product} (${order.product})` : '—',
            },
            { label: t('billing'), value: t(`billings.${order.billing}`) },
            { label: t('subtotal'), value: formatAmount(order.subtotalMinor, order.currency, lang) },
            { label: t('discount'), value: formatAmount(order.discountMinor, order.currency, lang) },
            {
              label: t('columns.total'),
              value: <strong>{formatAmount(order.totalMinor, order.currency, lang)}</strong>,
            },
            { label: t('columns.createdAt'), value: formatWhen(order.createdAt, lang) },
            { label: t('payBy'), value: formatWhen(order.payBy, lang) },
            { label: t('paidAt'), value: formatWhen(order.paidAt, lang) },
            {
              label: t('holds'),
              value:
                [
                  order.saleItemId !== null ? t('saleItem', { id: order.saleItemId }) : null,
                  order.userCouponId !== null ? t('coupon', { id: order.userCouponId }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—',
            },
          ]}
        />
      </Section>

      <Section title={t('lines')} id="order-lines">
        <SimpleTable
          caption={t('lines')}
          headers={[t('line.item'), t('line.quantity'), t('line.months'), t('line.unit'), t('line.amount')]}
          rows={order.lines.map((line) => ({
            key: line.key,
            cells: [
              line.itemId,
              line.quantity,
              line.months,
              formatAmount(line.unitMinor, order.currency, lang),
              formatAmount(line.amountMinor, order.currency, lang),
            ],
          }))}
        />
      </Section>

      <Section title={t('history')} id="order-history">
        <SimpleTable
          caption={t('history')}
          testId="order-history"
          headers={[t('event.when'), t('event.change'), t('event.reason'), t('event.actor')]}
          rows={order.events.map((e) => ({
            key: e.id,
            cells: [
              formatWhen(e.at, lang),
              `${e.from ? ts(e.from) : t('event.created')} → ${ts(e.to)}`,
              e.reason,
              t.has(`actors.${e.actor}` as never) ? t(`actors.${e.actor}` as never) : e.actor,
            ],
          }))}
        />
      </Section>

      <Section title={t('webhooks')} id="order-webhooks">
        <SimpleTable
          caption={t('webhooks')}
          testId="order-webhooks"
          headers={[
            t('delivery.type'),
            t('delivery.state'),
            t('delivery.attempts'),
            t('delivery.lastError'),
            t('delivery.when'),
          ]}
          rows={order.webhooks.map((w) => ({
            key: w.id,
            cells: [
              <span key="type" className="font-mono">
                {w.type}
              </span>,
              <DeliveryStateBadge key="state" state={w.state} />,
              w.attempts,
              w.lastError ?? '—',
              formatWhen(w.deliveredAt ?? w.createdAt, lang),
            ],
          }))}
        />
      </Section>

      <Section title={t('mails')} id="order-mails">
        <SimpleTable
          caption={t('mails')}
          testId="order-mails"
          headers={[
            t('delivery.subject'),
            t('delivery.recipient'),
            t('delivery.state'),
            t('delivery.attempts'),
            t('delivery.lastError'),
          ]}
          rows={order.mails.map((m) => ({
            key: m.id,
            cells: [
              m.subject,
              m.recipient ?? '—',
              <DeliveryStateBadge key="state" state={m.state} />,
              m.attempts,
              m.lastError ?? '—',
            ],
          }))}
        />
        <p className="mt-2 text-sm">
          <Link href="/admin/deliveries" className="text-brand-700 hover:underline">
            {t('toDeliveries')}
          </Link>
        </p>
      </Section>

      <Modal
        open={noteAction !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={noteAction ? t(`confirm.${noteAction}Title`) : ''}
        description={noteAction ? t(`confirm.${noteAction}Text`, { number: order.number }) : ''}
      >
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => (noteAction ? run(noteAction, values) : undefined))}
          className="space-y-4"
        >
          <TextAreaField
            id="order-note"
            label={t('note')}
            hint={t('noteHint')}
            rows={3}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          {form.formState.errors.root?.server ? <Alert messageKey={form.formState.errors.root.server.message} /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('keep')}
            </Button>
            <Button
              type="submit"
              variant={noteAction === 'cancel' ? 'danger' : 'primary'}
              disabled={busy}
              data-testid="confirm-action"
            >
              {noteAction ? t(`actions.${noteAction}`) : ''}
            </Button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={asking === 'resendConfirmation'}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={t('confirm.resendConfirmationTitle')}
        description={t('confirm.resendConfirmationText', { number: order.number })}
        confirmLabel={t('actions.resendConfirmation')}
        onConfirm={() => void run('resendConfirmation', {})}
        busy={busy}
        tone="primary"
      />
    </>
  );
}
