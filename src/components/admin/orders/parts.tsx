'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { EmptyList, TableFrame, TableRow, useServerTable } from '../data-table';
import type { ResourceRow } from '../resource/resource-form';
import { type Notice, ResourceNotice, useRowActions } from '../resource/row-actions';
import type { ResourceText } from '../resource/text';
import { useSession } from '../session';
import { useAnswer } from '../use-list';

/**
 * The parts of an order's and a customer's page (docs/product/back-office-orders.md): a row of a declared resource
 * read whole (`GET /api/admin/<name>/:id`, its `detailRow`) with the declared actions its state allows and the
 * viewer's role may take, and the small tables and facts the page is made of.
 */
export function useDetail<T extends ResourceRow>(resource: ResourceDeclaration, id: number, text: ResourceText) {
  const role = useSession().session?.staff.role;
  const { answer, error, reload } = useAnswer<T>(`/${resource.name}/${id}`, {});
  const [notice, setNotice] = useState<Notice | null>(null);
  const actions = useRowActions({
    resource,
    role,
    text,
    nameOf: (row) => String(row[resource.title]),
    keyOf: (row) => String(row[resource.key.field]),
    onOpen: () => undefined,
    onChanged: (next) => {
      setNotice(next);
      reload();
    },
  });
  return { row: answer, error, actions, notice: <ResourceNotice notice={notice} /> };
}

/** A small table read whole (an order's history, a customer's coupons), in the markup of every list. */
export function SmallTable({
  caption,
  headers,
  rows,
  testId,
}: {
  caption: string;
  headers: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  testId?: string;
}) {
  type Line = (typeof rows)[number];
  const columns = useMemo<ColumnDef<Line>[]>(
    () =>
      headers.map((header, i) => ({
        id: String(i),
        header,
        enableSorting: false,
        cell: ({ row }) => row.original.cells[i],
      })),
    [headers],
  );
  const table = useServerTable({ data: rows, columns, getRowId: (row) => String(row.key) });
  return (
    <TableFrame
      table={table}
      caption={caption}
      loading={false}
      testId={testId}
      below={rows.length === 0 ? <EmptyList /> : null}
    >
      {table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} row={row} breakWords />
      ))}
    </TableFrame>
  );
}

/** A titled part of a detail page. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs (a definition list), three columns on a desk. */
export function Facts({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-line bg-white p-4 text-sm desk:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{item.label}</dt>
          <dd className="mt-0.5 break-words text-ink" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A row's state beside its heading, in words (the outline only sets it apart from the title). */
export function StateBadge({ label, testId }: { label: string; testId: string }) {
  return (
    <span
      className="inline-block whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-sm font-semibold"
      data-testid={testId}
    >
      {label}
    </span>
  );
}
