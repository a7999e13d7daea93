'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ORDER_STATES, type OrderFilterForm, type OrderState, orderFilterForm } from '@/lib/admin/orders-schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { adminApi } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, Button, buttonClass, formatWhen, PageHeading, SelectField, TextField } from '../ui';
import { CursorTable, useCursorList } from './cursor-table';
import { formatAmount, OrderStateBadge } from './format';

export type AdminOrderItem = {
  id: number;
  number: string;
  status: OrderState;
  customer: { id: number; email: string | null; username: string };
  product: string | null;
  currency: string;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

type Localized = { en: string; zh?: string; ja?: string };
type FilterOptions = { products: { id: string; name: Localized }[]; currencies: string[] };

const EMPTY: OrderFilterForm = { state: '', customer: '', product: '', currency: '', from: '', to: '' };
const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);

/** The filters as the API's query (docs/product/back-office-orders.md). */
function toQuery(filters: OrderFilterForm, sorting: SortingState, rows: number) {
  const sort = sorting[0];
  return {
    state: filters.state || undefined,
    customer: filters.customer.trim() || undefined,
    product: filters.product || undefined,
    currency: filters.currency || undefined,
    from: iso(filters.from),
    to: iso(filters.to),
    sort: sort?.id === 'total' ? 'total' : 'createdAt',
    dir: sort && !sort.desc ? 'asc' : 'desc',
    rows,
  };
}

/**
 * /admin/orders: every order, filtered on the server by state, customer, product, currency and time, newest or
 * largest first, paged from a cursor (so it stays quick however many orders there are), and exported as CSV with
 * the same filters. Customers' addresses come masked from the server for support.
 */
export function OrdersList({ customer = '' }: { customer?: string }) {
  const t = useTranslations('admin.orders');
  const ts = useTranslations('admin.orderStates');
  const locale = useLocale() as Locale;
  const start = { ...EMPTY, customer };
  const [filters, setFilters] = useState<OrderFilterForm>(start);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [rows, setRows] = useState(20);
  const [options, setOptions] = useState<FilterOptions>({ products: [], currencies: [] });
  const query = toQuery(filters, sorting, rows);
  const list = useCursorList<AdminOrderItem>('/orders', query);

  useEffect(() => {
    adminApi<FilterOptions>('/orders/filters')
      .then(setOptions)
      .catch(() => setOptions({ products: [], currencies: [] }));
  }, []);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OrderFilterForm>({ resolver: zodResolver(orderFilterForm), defaultValues: start });

  // The export takes the list's filters and order; the session cookie goes with it (its path is /api/admin).
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== 'rows') params.set(k, String(v));
  const exportHref = `/api/admin/orders/export?${params}`;

  const columns = useMemo<ColumnDef<AdminOrderItem>[]>(
    () => [
      {
        id: 'number',
        header: t('columns.number'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            href={`/admin/orders/${row.original.id}`}
            className="font-mono font-semibold text-brand-700 hover:underline"
            data-testid="order-link"
          >
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        enableSorting: false,
        cell: ({ row }) => <OrderStateBadge state={row.original.status} />,
      },
      {
        id: 'customer',
        header: t('columns.customer'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            href={`/admin/customers/${row.original.customer.id}`}
            className="text-brand-700 hover:underline"
            data-testid="customer-link"
          >
            <span className="block font-semibold">{row.original.customer.username}</span>
            <span className="block text-xs text-muted" data-testid="customer-email">
              {row.original.customer.email}
            </span>
          </Link>
        ),
      },
      {
        id: 'product',
        header: t('columns.product'),
        enableSorting: false,
        cell: ({ row }) => row.original.product ?? '—',
      },
      {
        id: 'total',
        header: t('columns.total'),
        cell: ({ row }) => (
          <span className="tabular-nums">
            {formatAmount(row.original.totalMinor, row.original.currency, HTML_LANG[locale])}
          </span>
        ),
      },
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
      <PageHeading title={t('title')}>
        <a href={exportHref} download className={buttonClass.secondary} data-testid="export-csv">
          {t('export')}
        </a>
      </PageHeading>
      <p className="-mt-4 mb-4 text-sm text-muted">{t('intro')}</p>
      <form
        onSubmit={handleSubmit((values) => setFilters(values))}
        noValidate
        className="mb-6 grid gap-3 rounded-xl border border-line bg-white p-4 desk:grid-cols-4 desk:items-start"
        aria-label={t('filters')}
      >
        <SelectField id="order-state" label={t('state')} {...register('state')}>
          <option value="">{t('anyState')}</option>
          {ORDER_STATES.map((s) => (
            <option key={s} value={s}>
              {ts(s)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="order-customer"
          label={t('customer')}
          hint={t('customerHint')}
          error={errors.customer?.message}
          autoComplete="off"
          {...register('customer')}
        />
        <SelectField id="order-product" label={t('product')} {...register('product')}>
          <option value="">{t('anyProduct')}</option>
          {options.products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name[locale] || p.name.en} ({p.id})
            </option>
          ))}
        </SelectField>
        <SelectField id="order-currency" label={t('currency')} {...register('currency')}>
          <option value="">{t('anyCurrency')}</option>
          {options.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          id="order-from"
          label={t('from')}
          type="datetime-local"
          error={errors.from?.message}
          {...register('from')}
        />
        <TextField id="order-to" label={t('to')} type="datetime-local" error={errors.to?.message} {...register('to')} />
        <div className="flex gap-2 desk:col-span-2 desk:self-end">
          <Button type="submit" data-testid="apply-filters">
            {t('apply')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset(EMPTY);
              setFilters(EMPTY);
            }}
          >
            {t('clear')}
          </Button>
        </div>
      </form>
      {list.error ? <Alert messageKey={list.error} /> : null}
      <CursorTable
        caption={t('title')}
        columns={columns}
        list={list}
        rows={rows}
        onRowsChange={setRows}
        sorting={sorting}
        onSortingChange={setSorting}
        getRowId={(row) => String(row.id)}
        testId="orders"
      />
    </>
  );
}
