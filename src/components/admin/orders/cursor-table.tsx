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
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi } from '../api';
import { PAGE_SIZES } from '../data-table';
import { useAdminTranslations as useTranslations } from '../i18n';

/** A list answer paged from a cursor (docs/product/back-office-orders.md). */
export type CursorAnswer<T> = { items: T[]; next: string | null; total: number; totalExact: boolean };

/**
 * One page of a cursor-paged list: the cursors of the pages before are kept, so "previous" goes back exactly; any
 * change of the filters starts again from the first page. A slower answer to an older query is dropped.
 */
export function useCursorList<T>(path: string, filters: Record<string, string | number | undefined>) {
  const key = JSON.stringify(filters);
  const [cursors, setCursors] = useState<string[]>(['']);
  const [answer, setAnswer] = useState<CursorAnswer<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const latest = useRef<AbortController | null>(null);
  const [cursorsOf, setCursorsOf] = useState(key);

  // New filters: back to the first page (React's "state from props" pattern: set during render, before the fetch
  // below could read a cursor of the old query).
  // The rows of the old filters go at once too: under the new caption they would read as an answer to it.
  if (cursorsOf !== key) {
    setCursorsOf(key);
    setCursors(['']);
    setAnswer(null);
  }
  const cursor = cursorsOf === key ? (cursors.at(-1) ?? '') : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the filters' value; the object is new each render
  useEffect(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setLoading(true);
    adminApi<CursorAnswer<T>>(path, { query: { ...JSON.parse(key), cursor }, signal: controller.signal })
      .then((next) => {
        setAnswer(next);
        setError(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, key, cursor, generation]);

  const nextPage = useCallback(() => {
    const next = answer?.next;
    if (next) setCursors((list) => [...list, next]);
  }, [answer]);
  const previousPage = useCallback(() => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { answer, loading, error, page: cursors.length, nextPage, previousPage, reload };
}

/**
 * A list the server filters, sorts and pages from a cursor: TanStack Table in manual mode draws it, as DataTable
 * does (the same markup: each row a card below the desk breakpoint, docs/decisions/038-tables-on-phones.md), with
 * "previous" and "next" in place of page numbers, and the count as the server gives it ("more than" past its cap).
 */
export function CursorTable<T>({
  caption,
  columns,
  list,
  rows,
  onRowsChange,
  sorting,
  onSortingChange,
  getRowId,
  testId,
}: {
  caption: string;
  columns: ColumnDef<T>[];
  list: ReturnType<typeof useCursorList<T>>;
  rows: number;
  onRowsChange: (rows: number) => void;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  getRowId: (row: T) => string;
  testId?: string;
}) {
  const t = useTranslations('admin.table');
  const tc = useTranslations('admin.cursor');
  const { answer, loading, page } = list;
  const table = useReactTable({
    data: answer?.items ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: sorting ?? [] },
    onSortingChange,
  });

  return (
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
          {table.getRowModel().rows.map((row) => (
            <tr
              role="row"
              key={row.id}
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
                    className="cell-label block break-words py-1 align-top desk:table-cell desk:px-4 desk:py-3"
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && answer && answer.items.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-center text-muted" data-testid="empty">
          {t('empty')}
        </p>
      ) : null}
      <nav aria-label={t('pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite" data-testid="list-summary">
          {answer
            ? answer.totalExact
              ? tc('summary', { page, total: answer.total })
              : tc('summaryMore', { page, total: answer.total })
            : null}
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
          <button
            type="button"
            disabled={page <= 1 || loading}
            onClick={list.previousPage}
            className="rounded-md border border-line bg-white px-3 py-1.5 disabled:opacity-50"
          >
            {t('previous')}
          </button>
          <button
            type="button"
            disabled={!answer?.next || loading}
            onClick={list.nextPage}
            className="rounded-md border border-line bg-white px-3 py-1.5 disabled:opacity-50"
            data-testid="next-page"
          >
            {t('next')}
          </button>
        </div>
      </nav>
    </div>
  );
}
