'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import {
  defaultFinanceRange,
  FINANCE_CURRENCIES,
  type FinanceMonth,
  type FinanceProductLine,
  type FinanceTaxLine,
  type FinanceReport as Report,
} from '@/lib/admin/finance-schemas';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { ratePercentLabel } from '@/lib/billing/tax';
import { countryName } from '@/lib/countries';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { EmptyList, TableFrame, TableRows, useServerTable } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { formatAmount } from './resource/cells';
import { useListAddress } from './resource/use-list-address';
import { Alert, buttonClass, PageHeading, SelectField, TextField } from './ui';
import { useAnswer } from './use-list';

/**
 * The report's filters as a list's, so they live in the address as every list's do (useListAddress): the months
 * (empty: the last twelve) and the currency. It has no rows of its own to page or sort.
 */
const FINANCE_LIST: ResourceDeclaration['list'] = {
  sorts: ['month'],
  order: { sort: 'month', dir: 'asc' },
  filters: [
    { name: 'from', kind: 'text' },
    { name: 'to', kind: 'text' },
    { name: 'currency', options: FINANCE_CURRENCIES },
  ],
};

const KINDS = [
  'plan',
  'sale',
  'pintuan',
  'disk',
  'bandwidth',
  'traffic',
  'snapshot',
  'licence',
  'term',
  'coupon',
  'whole',
  'other',
] as const;

/**
 * /admin/finance (docs/product/back-office-finance.md): what was invoiced, the tax collected per country and rate,
 * what credit notes gave back, and what is left, per UTC month and currency, then per product line; a range of
 * months and a currency in the address; the same numbers as CSV for the accountant. A special screen on the list
 * parts (the address, the table that becomes cards on a phone, the form fields): it reads a report, not rows.
 */
export function FinanceReport() {
  const t = useTranslations('admin.finance');
  const lang = HTML_LANG[useLocale() as Locale];
  const address = useListAddress(FINANCE_LIST);
  const fallback = defaultFinanceRange();
  const query = {
    from: address.filterValues.from || fallback.from,
    to: address.filterValues.to || fallback.to,
    currency: address.filterValues.currency || 'all',
  };
  const { answer, loading, error } = useAnswer<Report>('/finance', query);
  const { months, tax, lines } = useMemo(() => {
    const money = (minor: number, currency: string) => formatAmount(minor, currency, lang);
    const monthName = (month: string) =>
      new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${month}-01T00:00:00Z`),
      );
    const kindName = (kind: string) =>
      (KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind}` as never) : kind;

    const months: ColumnDef<FinanceMonth>[] = [
      { id: 'month', header: t('columns.month'), cell: ({ row }) => monthName(row.original.month) },
      { id: 'currency', header: t('columns.currency'), cell: ({ row }) => row.original.currency },
      {
        id: 'sales',
        header: t('columns.sales'),
        cell: ({ row: { original: m } }) => (
          <Amounts
            main={money(m.salesExclTaxMinor, m.currency)}
            below={t('taxAndCount', { tax: money(m.salesTaxMinor, m.currency), count: m.invoices })}
          />
        ),
      },
      {
        id: 'refunds',
        header: t('columns.refunds'),
        cell: ({ row: { original: m } }) => (
          <Amounts
            main={money(m.refundsExclTaxMinor, m.currency)}
            below={t('taxAndNotes', { tax: money(m.refundsTaxMinor, m.currency), count: m.creditNotes })}
          />
        ),
      },
      {
        id: 'net',
        header: t('columns.net'),
        cell: ({ row: { original: m } }) => (
          <Amounts
            main={money(m.netExclTaxMinor, m.currency)}
            below={t('taxAndTotal', {
              tax: money(m.netTaxMinor, m.currency),
              total: money(m.netInclTaxMinor, m.currency),
            })}
          />
        ),
      },
    ];
    const tax: ColumnDef<FinanceTaxLine>[] = [
      { id: 'month', header: t('columns.month'), cell: ({ row }) => monthName(row.original.month) },
      { id: 'currency', header: t('columns.currency'), cell: ({ row }) => row.original.currency },
      {
        id: 'country',
        header: t('columns.country'),
        cell: ({ row }) => `${countryName(row.original.country, lang)} (${row.original.country || '—'})`,
      },
      {
        id: 'rate',
        header: t('columns.rate'),
        cell: ({ row: { original: r } }) =>
          r.ratePercent === null
            ? t('noTax')
            : `${ratePercentLabel(r.ratePercent)} %${r.reverseCharge ? ` · ${t('reverseCharge')}` : ''}`,
      },
      {
        id: 'base',
        header: t('columns.base'),
        cell: ({ row: { original: r } }) => (
          <Amounts
            main={money(r.netBaseMinor, r.currency)}
            below={t('salesAndRefunds', {
              sales: money(r.salesBaseMinor, r.currency),
              refunds: money(r.refundsBaseMinor, r.currency),
            })}
          />
        ),
      },
      {
        id: 'tax',
        header: t('columns.tax'),
        cell: ({ row: { original: r } }) => (
          <Amounts
            main={money(r.netTaxMinor, r.currency)}
            below={t('salesAndRefunds', {
              sales: money(r.salesTaxMinor, r.currency),
              refunds: money(r.refundsTaxMinor, r.currency),
            })}
          />
        ),
      },
    ];
    const lines: ColumnDef<FinanceProductLine>[] = [
      { id: 'month', header: t('columns.month'), cell: ({ row }) => monthName(row.original.month) },
      { id: 'currency', header: t('columns.currency'), cell: ({ row }) => row.original.currency },
      { id: 'kind', header: t('columns.kind'), cell: ({ row }) => kindName(row.original.kind) },
      {
        id: 'sales',
        header: t('columns.lineSales'),
        cell: ({ row: { original: l } }) => <Amounts main={money(l.salesMinor, l.currency)} />,
      },
      {
        id: 'refunds',
        header: t('columns.lineRefunds'),
        cell: ({ row: { original: l } }) => <Amounts main={money(l.refundsMinor, l.currency)} />,
      },
      {
        id: 'net',
        header: t('columns.lineNet'),
        cell: ({ row: { original: l } }) => <Amounts main={money(l.netMinor, l.currency)} />,
      },
    ];
    return { months, tax, lines };
  }, [t, lang]);

  const exportQuery = new URLSearchParams(query);
  return (
    <>
      <PageHeading title={t('title')}>
        <a
          href={`/api/admin/finance/export?${exportQuery}`}
          download
          className={buttonClass.secondary}
          data-testid="finance-export"
        >
          {t('export')}
        </a>
      </PageHeading>
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-muted">{t('intro')}</p>
      <form className="mb-6 flex flex-wrap items-start gap-4" onSubmit={(e) => e.preventDefault()}>
        <TextField
          id="finance-from"
          label={t('from')}
          type="month"
          min="2000-01"
          max="2099-12"
          placeholder="2026-01"
          value={query.from}
          onChange={(e) => address.setFilter('from', e.target.value)}
          className="w-44"
        />
        <TextField
          id="finance-to"
          label={t('to')}
          type="month"
          min="2000-01"
          max="2099-12"
          placeholder="2026-12"
          value={query.to}
          onChange={(e) => address.setFilter('to', e.target.value)}
          className="w-44"
        />
        <SelectField
          id="finance-currency"
          label={t('currency')}
          value={query.currency}
          onChange={(e) => address.setFilter('currency', e.target.value)}
          className="w-44"
        >
          {FINANCE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c === 'all' ? t('allCurrencies') : c}
            </option>
          ))}
        </SelectField>
      </form>
      {error ? <Alert messageKey={error} testId="finance-error" /> : null}
      <Section
        title={t('months')}
        testId="finance-months"
        columns={months}
        rows={answer?.months}
        rowKey={(m) => `${m.month}|${m.currency}`}
        loading={loading}
      />
      <Section
        title={t('tax')}
        testId="finance-tax"
        columns={tax}
        rows={answer?.tax}
        rowKey={(r) => `${r.month}|${r.currency}|${r.country}|${r.ratePercent}|${r.reverseCharge}`}
        loading={loading}
      />
      <Section
        title={t('productLines')}
        testId="finance-lines"
        columns={lines}
        rows={answer?.productLines}
        rowKey={(l) => `${l.month}|${l.currency}|${l.kind}`}
        loading={loading}
      />
    </>
  );
}

/** An amount, and what it is made of under it. */
function Amounts({ main, below }: { main: string; below?: string }) {
  return (
    <span className="block">
      <span className="block whitespace-nowrap font-semibold tabular-nums">{main}</span>
      {below ? <span className="block text-xs text-muted tabular-nums">{below}</span> : null}
    </span>
  );
}

/** One part of the report: its heading and its rows, a table on a desk and cards on a phone. */
function Section<T extends { month: string; currency: string }>({
  title,
  testId,
  columns,
  rows,
  rowKey,
  loading,
}: {
  title: string;
  testId: string;
  columns: ColumnDef<T>[];
  rowKey: (row: T) => string;
  rows: T[] | undefined;
  loading: boolean;
}) {
  const data = rows ?? [];
  const table = useServerTable({
    data,
    columns: columns.map((c) => ({ ...c, enableSorting: false })),
    getRowId: rowKey,
  });
  return (
    <section className="mb-8" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      <TableFrame
        table={table}
        caption={title}
        loading={loading}
        testId={testId}
        below={!loading && data.length === 0 ? <EmptyList /> : null}
      >
        <TableRows table={table} />
      </TableFrame>
    </section>
  );
}
