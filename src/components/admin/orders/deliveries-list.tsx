'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { DELIVERY_KINDS, DELIVERY_STATES, type DeliveryKind, type DeliveryState } from '@/lib/admin/orders-schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, Button, formatWhen, PageHeading, useErrorText } from '../ui';
import { CursorTable, useCursorList } from './cursor-table';
import { DeliveryStateBadge } from './format';

export type AdminDelivery = {
  id: number;
  kind: DeliveryKind;
  type: string;
  recipient: string | null;
  subject: string | null;
  eventId: string | null;
  orderId: number | null;
  orderNumber: string | null;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  doneAt: string | null;
};

/**
 * /admin/deliveries: the mail outbox and the customer centre's webhook outbox, each row's state, attempts and last
 * error, filtered by state. "Retry now" makes a waiting row due at once; the server refuses it for a row already
 * sent or being sent, so a retry can never send anything twice (docs/product/back-office-orders.md).
 */
export function DeliveriesList() {
  const t = useTranslations('admin.deliveries');
  const errorText = useErrorText();
  const locale = useLocale() as Locale;
  const lang = HTML_LANG[locale];
  const [kind, setKind] = useState<DeliveryKind>('mail');
  const [state, setState] = useState<DeliveryState | ''>('');
  const [rows, setRows] = useState(20);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const list = useCursorList<AdminDelivery>('/deliveries', { kind, state: state || undefined, rows });
  const { reload } = list;

  const columns = useMemo<ColumnDef<AdminDelivery>[]>(() => {
    const retry = async (row: AdminDelivery) => {
      setBusy(row.id);
      try {
        await adminApi(`/deliveries/${row.kind}/${row.id}/retry`, { method: 'POST', body: {} });
        setNotice({ tone: 'success', text: t('retried', { id: row.id }) });
      } catch (e) {
        setNotice({ tone: 'error', text: errorText(e instanceof AdminApiError ? e.messageKey : undefined) ?? '' });
      } finally {
        setBusy(null);
        reload();
      }
    };
    return [
      { id: 'id', header: t('columns.id'), cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span> },
      {
        id: 'what',
        header: t('columns.what'),
        cell: ({ row }) => (
          <span className="block min-w-0">
            <span className="block font-mono text-xs text-muted">{row.original.type}</span>
            {row.original.kind === 'mail' ? (
              <>
                <span className="block font-semibold">{row.original.subject}</span>
                <span className="block text-xs text-muted" data-testid="delivery-recipient">
                  {row.original.recipient}
                </span>
              </>
            ) : (
              <span className="block break-all font-mono text-xs">{row.original.eventId}</span>
            )}
            {row.original.orderId !== null && row.original.orderNumber ? (
              <Link
                href={`/admin/orders/${row.original.orderId}`}
                className="block text-xs text-brand-700 hover:underline"
              >
                {t('order', { number: row.original.orderNumber })}
              </Link>
            ) : null}
          </span>
        ),
      },
      {
        id: 'state',
        header: t('columns.state'),
        cell: ({ row }) => <DeliveryStateBadge state={row.original.state} />,
      },
      {
        id: 'attempts',
        header: t('columns.attempts'),
        cell: ({ row }) => <span className="tabular-nums">{row.original.attempts}</span>,
      },
      {
        id: 'lastError',
        header: t('columns.lastError'),
        cell: ({ row }) => (
          <span className="block max-w-xs break-words text-xs" data-testid="delivery-error">
            {row.original.lastError ?? '—'}
          </span>
        ),
      },
      {
        id: 'when',
        header: t('columns.when'),
        cell: ({ row }) => (
          <span className="block text-xs">
            {row.original.state === 'sent'
              ? t('doneAt', { when: formatWhen(row.original.doneAt, lang) })
              : t('nextAt', { when: formatWhen(row.original.nextAttemptAt, lang) })}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) =>
          row.original.state === 'pending' || row.original.state === 'failed' ? (
            <Button
              variant="secondary"
              onClick={() => void retry(row.original)}
              disabled={busy === row.original.id}
              aria-label={t('retryOf', { id: row.original.id })}
              data-testid="retry"
            >
              {t('retry')}
            </Button>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, lang, busy, errorText, reload]);

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 text-sm text-muted">{t('intro')}</p>
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-semibold">{t('kindLabel')}</legend>
        <div className="flex flex-wrap gap-2">
          {DELIVERY_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={kind === k}
              onClick={() => {
                setKind(k);
                setNotice(null);
              }}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${kind === k ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:bg-surface'}`}
              data-testid={`delivery-kind-${k}`}
            >
              {t(`kinds.${k}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-4">
        <legend className="mb-1 text-sm font-semibold">{t('stateLabel')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['', ...DELIVERY_STATES] as const).map((s) => (
            <button
              key={s || 'all'}
              type="button"
              aria-pressed={state === s}
              onClick={() => {
                setState(s);
                setNotice(null);
              }}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${state === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:bg-surface'}`}
              data-testid={`delivery-state-${s || 'all'}`}
            >
              {s ? t(`states.${s}`) : t('allStates')}
            </button>
          ))}
        </div>
      </fieldset>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="delivery-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {list.error ? <Alert messageKey={list.error} /> : null}
      <CursorTable
        caption={`${t('title')}: ${t(`kinds.${kind}`)}`}
        columns={columns.map((c) => ({ ...c, enableSorting: false }))}
        list={list}
        rows={rows}
        onRowsChange={setRows}
        getRowId={(row) => `${row.kind}-${row.id}`}
        testId="deliveries"
      />
    </>
  );
}
