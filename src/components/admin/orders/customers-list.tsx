'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { ListSearch } from '../data-table';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, formatWhen, PageHeading } from '../ui';
import { useDebounced } from '../use-list';
import { CursorTable, useCursorList } from './cursor-table';

export type CustomerStatus = 'pending' | 'active' | 'disabled';

export type AdminCustomerItem = {
  id: number;
  email: string;
  username: string;
  phone: string | null;
  status: CustomerStatus;
  locale: string;
  createdAt: string;
  activatedAt: string | null;
};

const STATUSES: CustomerStatus[] = ['pending', 'active', 'disabled'];
const TONE: Record<CustomerStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  disabled: 'bg-slate-200 text-slate-800',
};

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const t = useTranslations('admin.customers.statuses');
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}
      data-testid="customer-status"
    >
      {t(status)}
    </span>
  );
}

/**
 * /admin/customers: accounts found by id, e-mail address or username (their beginnings), newest first, paged from
 * a cursor. Support reads addresses and phone numbers masked: the server masks them in its answer.
 */
export function CustomersList() {
  const t = useTranslations('admin.customers');
  const locale = useLocale() as Locale;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [status, setStatus] = useState<CustomerStatus | ''>('');
  const [rows, setRows] = useState(20);
  const list = useCursorList<AdminCustomerItem>('/customers', { q: q || undefined, status: status || undefined, rows });

  const columns = useMemo<ColumnDef<AdminCustomerItem>[]>(
    () => [
      {
        id: 'username',
        header: t('columns.username'),
        cell: ({ row }) => (
          <Link
            href={`/admin/customers/${row.original.id}`}
            className="font-semibold text-brand-700 hover:underline"
            data-testid="customer-link"
          >
            {row.original.username}
          </Link>
        ),
      },
      {
        id: 'email',
        header: t('columns.email'),
        cell: ({ row }) => <span data-testid="customer-email">{row.original.email}</span>,
      },
      {
        id: 'phone',
        header: t('columns.phone'),
        cell: ({ row }) => <span data-testid="customer-phone">{row.original.phone ?? '—'}</span>,
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <CustomerStatusBadge status={row.original.status} />,
      },
      { id: 'id', header: t('columns.id'), cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span> },
      {
        id: 'createdAt',
        header: t('columns.createdAt'),
        cell: ({ row }) => formatWhen(row.original.createdAt, HTML_LANG[locale]),
      },
    ],
    [t, locale],
  );

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 text-sm text-muted">{t('intro')}</p>
      <div className="mb-4 grid gap-3 desk:grid-cols-[minmax(0,28rem)_auto] desk:items-end">
        {/* No page to reset: the cursor list starts again from the first page when the search changes. */}
        <ListSearch
          id="customer-search"
          label={t('search')}
          hint={t('searchHint')}
          value={search}
          onChange={setSearch}
          className=""
        />
        <fieldset>
          <legend className="sr-only">{t('statusLabel')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['', ...STATUSES] as const).map((s) => (
              <button
                key={s || 'all'}
                type="button"
                aria-pressed={status === s}
                onClick={() => setStatus(s)}
                className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${status === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:bg-surface'}`}
                data-testid={`customer-status-${s || 'all'}`}
              >
                {s ? t(`statuses.${s}`) : t('allStatuses')}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      {list.error ? <Alert messageKey={list.error} /> : null}
      <CursorTable
        caption={t('title')}
        columns={columns.map((c) => ({ ...c, enableSorting: false }))}
        list={list}
        rows={rows}
        onRowsChange={setRows}
        getRowId={(row) => String(row.id)}
        testId="customers"
      />
    </>
  );
}
