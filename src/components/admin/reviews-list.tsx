'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { REVIEW_STATUSES } from '@/lib/admin/schemas';
import { HTML_LANG, LOCALE_LABEL, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from './api';
import { DataTable, ListSearch } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, Button, ConfirmDialog, formatWhen, PageHeading, useErrorText } from './ui';
import { useList, useListQuery } from './use-list';

type Status = (typeof REVIEW_STATUSES)[number];
type Decision = Exclude<Status, 'pending'>;

export type AdminReview = {
  id: number;
  authorName: string;
  locale: string;
  rating: number;
  body: string;
  status: Status;
  createdAt: string;
  moderatedAt: string | null;
};

/** `★★★★☆`, with the number spelled out for screen readers (the stars alone read as nothing useful). */
function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.max(0, Math.min(5, rating));
  return (
    <span>
      <span aria-hidden="true" className="text-amber-700">
        {'★'.repeat(full)}
        {'☆'.repeat(5 - full)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * /admin/reviews: the moderation queue (docs/product/back-office-api.md). Pending reviews oldest first, so the
 * longest-waiting is decided first; approved and rejected ones in their own tabs, newest first. Only a pending
 * review can be decided: if someone else decided it meanwhile the server answers 409, said here in words, and
 * the list is read again so the row shows where it went.
 */
export function ReviewsList() {
  const t = useTranslations('admin.reviews');
  const errorText = useErrorText();
  const locale = useLocale() as Locale;
  const [status, setStatus] = useState<Status>('pending');
  // Pending reviews oldest first; a tab's button below sets its own order.
  const list = useListQuery({ sort: { id: 'createdAt', desc: false } });
  const [asking, setAsking] = useState<{ review: AdminReview; decision: Decision } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const result = useList<AdminReview>('/reviews', { status, ...list.query });
  const { error, reload } = result;

  const decide = async () => {
    if (!asking) return;
    const { review, decision } = asking;
    setBusy(true);
    try {
      await adminApi(`/reviews/${review.id}/moderate`, { method: 'POST', body: { decision } });
      setNotice({ tone: 'success', text: t(decision === 'approved' ? 'approvedNotice' : 'rejectedNotice') });
    } catch (e) {
      const key = e instanceof AdminApiError ? e.messageKey : 'api.requestFailed';
      setNotice({ tone: 'error', text: errorText(key) ?? '' });
    } finally {
      setBusy(false);
      setAsking(null);
      // Decided here or by someone else: either way the row has left this tab.
      reload();
    }
  };

  const columns = useMemo<ColumnDef<AdminReview>[]>(
    () => [
      {
        id: 'rating',
        header: t('columns.rating'),
        cell: ({ row }) => <Stars rating={row.original.rating} label={t('stars', { rating: row.original.rating })} />,
      },
      {
        id: 'author',
        header: t('columns.author'),
        enableSorting: false,
        cell: ({ row }) => <span className="font-semibold">{row.original.authorName}</span>,
      },
      {
        id: 'locale',
        header: t('columns.language'),
        enableSorting: false,
        cell: ({ row }) => LOCALE_LABEL[row.original.locale as Locale] ?? row.original.locale,
      },
      {
        id: 'body',
        header: t('columns.body'),
        enableSorting: false,
        cell: ({ row }) => (
          <p className="max-w-prose whitespace-pre-wrap break-words" lang={row.original.locale}>
            {row.original.body}
          </p>
        ),
      },
      {
        id: 'createdAt',
        header: t('columns.createdAt'),
        cell: ({ row }) => formatWhen(row.original.createdAt, HTML_LANG[locale]),
      },
      ...(status === 'pending'
        ? [
            {
              id: 'actions',
              header: t('columns.actions'),
              enableSorting: false,
              cell: ({ row }) => (
                <span className="flex flex-wrap gap-2">
                  <Button
                    onClick={() => setAsking({ review: row.original, decision: 'approved' })}
                    data-testid="approve"
                    aria-label={t('approveOf', { author: row.original.authorName })}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setAsking({ review: row.original, decision: 'rejected' })}
                    data-testid="reject"
                    aria-label={t('rejectOf', { author: row.original.authorName })}
                  >
                    {t('reject')}
                  </Button>
                </span>
              ),
            } satisfies ColumnDef<AdminReview>,
          ]
        : [
            {
              id: 'moderatedAt',
              header: t('columns.moderatedAt'),
              enableSorting: false,
              cell: ({ row }) => formatWhen(row.original.moderatedAt, HTML_LANG[locale]),
            } satisfies ColumnDef<AdminReview>,
          ]),
    ],
    [t, locale, status],
  );

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 text-sm text-muted">{t('intro')}</p>
      <fieldset className="mb-4">
        <legend className="sr-only">{t('statusLabel')}</legend>
        <div className="flex flex-wrap gap-2">
          {REVIEW_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                setNotice(null);
                // A new order goes back to page 1 too, so the tab opens on its first page.
                list.setSorting([{ id: 'createdAt', desc: s !== 'pending' }]);
              }}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${status === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:bg-surface'}`}
              data-testid={`status-${s}`}
            >
              {t(`statuses.${s}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <ListSearch id="review-search" label={t('search')} value={list.search} onChange={list.setSearch} />
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="review-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={`${t('title')}: ${t(`statuses.${status}`)}`}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        testId="reviews"
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking?.decision === 'rejected' ? t('rejectTitle') : t('approveTitle')}
        description={
          asking
            ? t(asking.decision === 'rejected' ? 'rejectText' : 'approveText', { author: asking.review.authorName })
            : ''
        }
        confirmLabel={asking?.decision === 'rejected' ? t('reject') : t('approve')}
        onConfirm={() => void decide()}
        busy={busy}
        tone={asking?.decision === 'rejected' ? 'danger' : 'primary'}
      />
    </>
  );
}
