// biome-ignore-all lint/a11y/noRedundantRoles: WebKit drops table semantics once the parts are blocks and grids (decision 038)
'use client';

import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type Row,
  type SortingState,
  type Table,
  type TableOptions,
  useReactTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { useAdminTranslations as useTranslations } from './i18n';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * A list the server pages, sorts and searches (`page, rows, sort, dir, q`): TanStack Table in manual mode draws
 * it. Below the desk breakpoint each row is a card whose cells name their column
 * (docs/decisions/038-tables-on-phones.md); the parts keep their table roles there.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  total,
  capped = false,
  page,
  rows,
  sorting,
  onSortingChange,
  onPageChange,
  onRowsChange,
  loading,
  getRowId,
  expanded,
  testId,
}: {
  caption: string;
  columns: ColumnDef<T>[];
  data: T[];
  total: number;
  /** More than `total` match: the summary says "more than". */
  capped?: boolean;
  page: number;
  rows: number;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  onPageChange: (page: number) => void;
  onRowsChange: (rows: number) => void;
  loading: boolean;
  getRowId: (row: T) => string;
  /** A row's detail, shown under it when present (the audit log's before/after). */
  expanded?: (row: T) => ReactNode;
  testId?: string;
}) {
  const t = useTranslations('admin.table');
  const pageCount = Math.max(1, Math.ceil(total / rows));
  const table = useServerTable({
    data,
    columns,
    getRowId,
    pageCount,
    pagination: { pageIndex: page - 1, pageSize: rows },
    sorting,
    onSortingChange,
  });

  return (
    <TableFrame
      table={table}
      caption={caption}
      loading={loading}
      testId={testId}
      below={
        <>
          {!loading && data.length === 0 ? <EmptyList /> : null}
          <Pager
            summary={t(capped ? 'summaryCapped' : 'summary', { page, pages: pageCount, total })}
            rows={rows}
            onRowsChange={onRowsChange}
            previous={{ disabled: page <= 1 || loading, onClick: () => onPageChange(page - 1) }}
            next={{ disabled: page >= pageCount || loading, onClick: () => onPageChange(page + 1) }}
          />
        </>
      }
    >
      <TableRows table={table} expanded={expanded} />
    </TableFrame>
  );
}

/** A list's rows, each with its detail under it when `expanded` gives one (the audit log's before and after). */
export function TableRows<T>({ table, expanded }: { table: Table<T>; expanded?: (row: T) => ReactNode }) {
  const span = table.getVisibleLeafColumns().length;
  return table.getRowModel().rows.map((row) => {
    const detail = expanded?.(row.original);
    return (
      <Fragment key={row.id}>
        <TableRow row={row} />
        {detail ? (
          <tr role="row" className="block desk:table-row">
            <td role="cell" colSpan={span} className="block bg-surface p-4 desk:table-cell">
              {detail}
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  });
}

/**
 * TanStack Table in manual mode, as DataTable and the keyset table use it: the server has paged and sorted the rows
 * already, and a column's order can be turned but not taken away (the server always sorts by something).
 */
export function useServerTable<T>({
  sorting,
  pagination,
  ...options
}: Pick<TableOptions<T>, 'data' | 'columns' | 'getRowId' | 'pageCount' | 'onSortingChange'> & {
  sorting?: SortingState;
  pagination?: PaginationState;
}) {
  return useReactTable({
    ...options,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    state: pagination ? { sorting: sorting ?? [], pagination } : { sorting: sorting ?? [] },
  });
}

/**
 * The table around a list's rows (its caption and column headings) and what stands under it (`below`: the
 * "no rows" line, the pager). Below the desk breakpoint each row is a card (docs/decisions/038-tables-on-phones.md).
 */
export function TableFrame<T>({
  table,
  caption,
  loading,
  testId,
  below,
  children,
}: {
  table: Table<T>;
  caption: string;
  loading: boolean;
  testId?: string;
  below: ReactNode;
  children: ReactNode;
}) {
  return (
    // `relative`: the visually hidden headings are absolutely positioned; without a positioned box around them
    // they escape it and make the page scroll sideways on a phone (src/components/catalog/plan-table.tsx).
    <div className="relative">
      {/* Japanese breaks between phrases, not inside one (販売中, 編集 stay whole in a narrow column): `auto-phrase`
          where the browser knows it, ordinary breaking elsewhere. */}
      <table
        role="table"
        className="block w-full text-sm [word-break:auto-phrase] desk:table desk:rounded-xl desk:border desk:border-line desk:bg-white"
        aria-busy={loading}
        data-testid={testId}
      >
        <caption className="sr-only">{caption}</caption>
        <TableHead table={table} />
        <tbody role="rowgroup" className="block space-y-3 desk:table-row-group desk:space-y-0">
          {children}
        </tbody>
      </table>
      {below}
    </div>
  );
}

/**
 * The search box over a list: its label and a search field. The list decides what a change does (a server-paged
 * list goes back to its first page).
 */
export function ListSearch({
  id,
  label,
  value,
  onChange,
  hint,
  className = 'mb-4 max-w-md',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A line under the field saying what the search matches; the field is described by it. */
  hint?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The column headings: a column the server can sort by is a button that turns its order. */
function TableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead role="rowgroup" className="sr-only desk:not-sr-only desk:table-header-group">
      {table.getHeaderGroups().map((group) => (
        <tr role="row" key={group.id} className="border-b border-line">
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const label = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <th
                role="columnheader"
                key={header.id}
                scope="col"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted"
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    onClick={header.column.getToggleSortingHandler()}
                    className="inline-flex items-center gap-1 uppercase hover:text-ink"
                  >
                    {label}
                    <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                  </button>
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

/** A row: a card below the desk breakpoint whose cells name their column, a table row above it. */
export function TableRow<T>({ row, breakWords = false }: { row: Row<T>; breakWords?: boolean }) {
  return (
    <tr
      role="row"
      data-testid="row"
      data-id={row.id}
      className="block rounded-xl border border-line bg-white p-4 desk:table-row desk:rounded-none desk:border-0 desk:border-b desk:p-0"
    >
      {row.getVisibleCells().map((cell) => {
        const header = cell.column.columnDef.header;
        return (
          <td
            role="cell"
            key={cell.id}
            data-label={typeof header === 'string' ? header : ''}
            className={`cell-label block ${breakWords ? 'break-words ' : ''}py-1 align-top desk:table-cell desk:px-4 desk:py-3`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}

/** Said in place of the rows when the list has none. */
export function EmptyList() {
  const t = useTranslations('admin.table');
  return (
    <p className="rounded-xl border border-line bg-white p-6 text-center text-muted" data-testid="empty">
      {t('empty')}
    </p>
  );
}

type PagerButton = { disabled: boolean; onClick: () => void; testId?: string };

/** Under a list: where it stands (`summary`), the rows a page, and the previous and next pages. */
export function Pager({
  summary,
  summaryTestId,
  rows,
  onRowsChange,
  previous,
  next,
}: {
  summary: ReactNode;
  summaryTestId?: string;
  rows: number;
  onRowsChange: (rows: number) => void;
  previous: PagerButton;
  next: PagerButton;
}) {
  const t = useTranslations('admin.table');
  return (
    <nav aria-label={t('pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" data-testid={summaryTestId}>
        {summary}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          {t('rows')}
          <select
            value={rows}
            onChange={(event) => onRowsChange(Number(event.target.value))}
            className="rounded-md border border-line bg-white px-2 py-1.5"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <PageButton {...previous}>{t('previous')}</PageButton>
        <PageButton {...next}>{t('next')}</PageButton>
      </div>
    </nav>
  );
}

function PageButton({ disabled, onClick, testId, children }: PagerButton & { children: ReactNode }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className="rounded-md border border-line bg-white px-3 py-1.5 disabled:opacity-50"
      data-testid={testId}
    >
      {children}
    </button>
  );
}
