'use client';

import type { ColumnDef, OnChangeFn, SortingState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { EmptyList, Pager, TableFrame, TableRow, useServerTable } from '../data-table';
import { useAdminTranslations as useTranslations } from '../i18n';
import { useAnswer } from '../use-list';

/** A list answer paged from a cursor (docs/product/back-office-orders.md). */
export type CursorAnswer<T> = { items: T[]; next: string | null; total: number; totalExact: boolean };

/**
 * One page of a cursor-paged list: the cursors of the pages before are kept, so "previous" goes back exactly; any
 * change of the filters starts again from the first page. A slower answer to an older query is dropped.
 */
export function useCursorList<T>(path: string, filters: Record<string, string | number | undefined>) {
  const key = JSON.stringify(filters);
  const [cursors, setCursors] = useState<string[]>(['']);
  const [cursorsOf, setCursorsOf] = useState(key);
  const cursor = cursorsOf === key ? (cursors.at(-1) ?? '') : '';
  const { answer, loading, error, reload, clear } = useAnswer<CursorAnswer<T>>(path, { ...filters, cursor });

  // New filters: back to the first page (React's "state from props" pattern: set during render, before the fetch
  // could read a cursor of the old query).
  // The rows of the old filters go at once too: under the new caption they would read as an answer to it.
  if (cursorsOf !== key) {
    setCursorsOf(key);
    setCursors(['']);
    clear();
  }

  const nextPage = useCallback(() => {
    const next = answer?.next;
    if (next) setCursors((list) => [...list, next]);
  }, [answer]);
  const previousPage = useCallback(() => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)), []);
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
  const tc = useTranslations('admin.cursor');
  const { answer, loading, page } = list;
  const table = useServerTable({ data: answer?.items ?? [], columns, getRowId, sorting, onSortingChange });

  return (
    <TableFrame
      table={table}
      caption={caption}
      loading={loading}
      testId={testId}
      below={
        <>
          {!loading && answer && answer.items.length === 0 ? <EmptyList /> : null}
          <Pager
            summary={
              answer
                ? answer.totalExact
                  ? tc('summary', { page, total: answer.total })
                  : tc('summaryMore', { page, total: answer.total })
                : null
            }
            summaryTestId="list-summary"
            rows={rows}
            onRowsChange={onRowsChange}
            previous={{ disabled: page <= 1 || loading, onClick: list.previousPage }}
            next={{ disabled: !answer?.next || loading, onClick: list.nextPage, testId: 'next-page' }}
          />
        </>
      }
    >
      {table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} row={row} breakWords />
      ))}
    </TableFrame>
  );
}
