'use client';

import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { EmptyList, Pager, TableFrame, TableRows, useServerTable } from '../data-table';
import { useAdminTranslations } from '../i18n';
import type { ListAddress } from './use-list-address';

export type ListAnswer<T = Record<string, unknown>> = {
  items: T[];
  total: number;
  capped: boolean;
  next?: string | null;
};

/** A keyset list's table: "previous" and "next" instead of page numbers, the count as the server gives it. */
export function KeysetTable<T>({
  caption,
  columns,
  answer,
  loading,
  address,
  getRowId,
  expanded,
  testId,
}: {
  caption: string;
  columns: ColumnDef<T>[];
  answer: ListAnswer<T> | null;
  loading: boolean;
  address: ListAddress;
  getRowId: (row: T) => string;
  /** A row's detail, shown under it when present. */
  expanded?: (row: T) => ReactNode;
  testId: string;
}) {
  const t = useAdminTranslations('admin.table');
  const table = useServerTable({
    data: answer?.items ?? [],
    columns,
    getRowId,
    sorting: address.sorting,
    onSortingChange: address.setSorting,
  });
  const total = answer?.total ?? 0;
  return (
    <TableFrame
      table={table}
      caption={caption}
      loading={loading}
      testId={testId}
      below={
        <>
          {!loading && (answer?.items.length ?? 0) === 0 ? <EmptyList /> : null}
          <Pager
            summary={t(answer?.capped ? 'cursorSummaryCapped' : 'cursorSummary', { page: address.cursorPage, total })}
            rows={address.rows}
            onRowsChange={address.setRows}
            previous={{ disabled: address.cursorPage <= 1 || loading, onClick: address.previousPage }}
            next={{
              disabled: !answer?.next || loading,
              onClick: () => (answer?.next ? address.nextPage(answer.next) : undefined),
            }}
          />
        </>
      }
    >
      <TableRows table={table} expanded={expanded} />
    </TableFrame>
  );
}
