// biome-ignore-all lint/a11y/noRedundantRoles: WebKit drops table semantics once the parts are blocks and grids (decision 038)
'use client';

import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
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
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    pageCount,
    state: { sorting: sorting ?? [], pagination: { pageIndex: page - 1, pageSize: rows } },
    onSortingChange,
  });

  return (
    // `relative`: the visually hidden headings are absolutely positioned; without a positioned box around them
    // they escape it and make the page scroll sideways on a phone (src/components/catalog/plan-table.tsx).
    <div className="relative">
      <table
        role="table"
        className="block w-full text-sm desk:table desk:rounded-xl desk:border desk:border-line desk:bg-white"
        aria-busy={loading}
        data-testid={testId}
      >
        <caption className="sr-only">{caption}</caption>
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
        <tbody role="rowgroup" className="block space-y-3 desk:table-row-group desk:space-y-0">
          {table.getRowModel().rows.map((row) => {
            const detail = expanded?.(row.original);
            return (
              <Fragment key={row.id}>
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
                        className="cell-label block py-1 align-top desk:table-cell desk:px-4 desk:py-3"
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
                {detail ? (
                  <tr role="row" className="block desk:table-row">
                    <td role="cell" colSpan={columns.length} className="block bg-surface p-4 desk:table-cell">
                      {detail}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {!loading && data.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-center text-muted" data-testid="empty">
          {t('empty')}
        </p>
      ) : null}
      <nav aria-label={t('pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite">{t(capped ? 'summaryCapped' : 'summary', { page, pages: pageCount, total })}</p>
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
          <button
            type="button"
            disabled={page <= 1 || loading}
            onClick={() => onPageChange(page - 1)}
            className="rounded-md border border-line bg-white px-3 py-1.5 disabled:opacity-50"
          >
            {t('previous')}
          </button>
          <button
            type="button"
            disabled={page >= pageCount || loading}
            onClick={() => onPageChange(page + 1)}
            className="rounded-md border border-line bg-white px-3 py-1.5 disabled:opacity-50"
          >
            {t('next')}
          </button>
        </div>
      </nav>
    </div>
  );
}
