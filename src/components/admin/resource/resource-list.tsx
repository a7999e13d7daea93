'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { type ReactNode, useMemo, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import type { Column, ResourceDeclaration } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { DataTable, EmptyList, Pager, TableFrame, TableRow, useServerTable } from '../data-table';
import { useAdminTranslations } from '../i18n';
import { useSession } from '../session';
import { Alert, Button, buttonClass, Modal, PageHeading } from '../ui';
import { useAnswer } from '../use-list';
import { Cell } from './cells';
import { HistoryDialog } from './history-dialog';
import { ListFilters } from './list-filters';
import { ResourceForm, type ResourceRow } from './resource-form';
import { useRowActions } from './row-actions';
import { useResourceText } from './text';
import { type ListAddress, useListAddress } from './use-list-address';

type ListAnswer = {
  items: ResourceRow[];
  total: number;
  capped: boolean;
  next?: string | null;
};

/**
 * Part of a resource's list on a screen of its own (a sale's items on the sale's page, the welcome bundle's
 * coupons): the filters the screen fixes, what a new row starts with, and the columns and heading it shows.
 */
export type ListView = {
  /** Filter values the screen fixes: asked with every page, not offered above the list. */
  scope?: Record<string, string>;
  /** What a new row starts with; a fixed field keeps it (an item belongs to the sale whose page it is made on). */
  preset?: Record<string, unknown>;
  /** The columns shown, where not the declaration's. */
  columns?: readonly Column[];
  /** The heading and the label of the button that adds a row, where not the resource's. */
  title?: string;
  newLabel?: string;
  /** 2: the list is a part of a page with its own heading. */
  level?: 1 | 2;
};

/**
 * The screen of any resource (docs/engineering.md#back-office): its list, paged, ordered, searched and filtered
 * by the server with all of it in the address; for a role that may write it, a form (in a dialog) to add and change
 * a row; each row's history, its declared actions and its deletion, each asked for first. `children` stand between
 * the heading and the list.
 */
export function ResourceList({
  resource: declared,
  view = {},
  children,
}: {
  resource: ResourceDeclaration;
  view?: ListView;
  children?: ReactNode;
}) {
  const scope = view.scope ?? {};
  // The filters the screen fixes are neither shown nor kept in the address.
  const scoped = Object.keys(scope).join(',');
  const resource = useMemo(
    () => ({
      ...declared,
      list: { ...declared.list, filters: declared.list.filters?.filter((f) => !scoped.split(',').includes(f.name)) },
    }),
    [declared, scoped],
  );
  const text = useResourceText(resource);
  const locale = useLocale() as AdminLocale;
  const role = useSession().session?.staff.role;
  const address = useListAddress(resource.list);
  const list = useAnswer<ListAnswer>(`/${resource.name}`, { ...address.query, ...scope });
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [history, setHistory] = useState<ResourceRow | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const keyOf = (row: ResourceRow) => String(row[resource.key.field]);
  const nameOf = (row: ResourceRow) => {
    const value = row[resource.title];
    const texts = value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
    return String((texts ? texts[locale] || texts.en : value) || `#${keyOf(row)}`);
  };
  const writes = resource.access.write !== false && may(role, resource.access.write);
  const creates = writes && resource.access.create !== false;
  const actions = useRowActions({
    resource,
    role,
    text,
    nameOf,
    keyOf,
    onOpen: (row) =>
      resource.detail === 'page' ? (
        <Link
          href={`/admin${resource.path}/${encodeURIComponent(keyOf(row))}`}
          className={buttonClass.link}
          data-testid="open"
        >
          {text.shared('open')}
        </Link>
      ) : (
        <button
          type="button"
          className={buttonClass.link}
          onClick={() => setEditing(row)}
          aria-label={`${text.shared(writes ? 'edit' : 'view')}: ${nameOf(row)}`}
          data-testid="edit"
        >
          {text.shared(writes ? 'edit' : 'view')}
        </button>
      ),
    onHistory: setHistory,
    onChanged: (next) => {
      setNotice(next);
      list.reload();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns follow the declaration, the reader's language and role
  const columns = useMemo<ColumnDef<ResourceRow>[]>(
    () => [
      ...(view.columns ?? resource.columns).map(
        (column): ColumnDef<ResourceRow> => ({
          id: column.sort ?? column.name,
          header: text.field(column.name),
          enableSorting: column.sort !== undefined,
          cell: ({ row }) => <Cell column={column} value={row.original[column.name]} locale={locale} text={text} />,
        }),
      ),
      {
        id: 'actions',
        header: text.shared('actions'),
        enableSorting: false,
        cell: ({ row }) => actions.cell(row.original),
      },
    ],
    [resource, view.columns, locale, role, actions.cell],
  );

  const newButton = creates ? (
    <Button onClick={() => setEditing('new')} data-testid="resource-new">
      {view.newLabel ?? text.own('new')}
    </Button>
  ) : null;

  return (
    <>
      {view.level === 2 ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{view.title ?? text.title()}</h2>
          {newButton}
        </div>
      ) : (
        <PageHeading title={view.title ?? text.title()}>{newButton}</PageHeading>
      )}
      {view.title === undefined && text.intro() ? (
        <p className="mb-4 max-w-3xl text-sm text-muted">{text.intro()}</p>
      ) : null}
      {children}
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="resource-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <ListFilters resource={resource} address={address} text={text} />
      {list.error ? <Alert messageKey={list.error} /> : null}
      {resource.list.paging === 'keyset' ? (
        <KeysetTable
          caption={view.title ?? text.title()}
          columns={columns}
          answer={list.answer}
          loading={list.loading}
          address={address}
          getRowId={keyOf}
          testId={`${resource.name}-list`}
        />
      ) : (
        <DataTable
          caption={view.title ?? text.title()}
          columns={columns}
          data={list.answer?.items ?? []}
          total={list.answer?.total ?? 0}
          capped={list.answer?.capped}
          loading={list.loading}
          getRowId={keyOf}
          testId={`${resource.name}-list`}
          page={address.page}
          rows={address.rows}
          sorting={address.sorting}
          onSortingChange={address.setSorting}
          onPageChange={address.setPage}
          onRowsChange={address.setRows}
        />
      )}
      {resource.access.write !== false && !writes ? (
        <div className="mt-4">
          <Alert tone="info">{text.shared('readOnly')}</Alert>
        </div>
      ) : null}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={editing === 'new' ? (view.newLabel ?? text.own('new')) : editing ? nameOf(editing) : ''}
        wide
      >
        {editing !== null ? (
          <ResourceForm
            resource={resource}
            row={editing === 'new' ? null : editing}
            preset={view.preset}
            readOnly={!writes}
            onSaved={() => {
              setEditing(null);
              setNotice({ tone: 'success', text: text.shared('saved') });
              list.reload();
            }}
          />
        ) : null}
      </Modal>
      <HistoryDialog
        path={history ? `/${resource.name}/${encodeURIComponent(keyOf(history))}` : null}
        title={history ? `${text.shared('history')}: ${nameOf(history)}` : ''}
        text={text}
        onClose={() => setHistory(null)}
      />
      {actions.dialogs}
    </>
  );
}

/** A keyset list's table: "previous" and "next" instead of page numbers, the count as the server gives it. */
function KeysetTable({
  caption,
  columns,
  answer,
  loading,
  address,
  getRowId,
  testId,
}: {
  caption: string;
  columns: ColumnDef<ResourceRow>[];
  answer: ListAnswer | null;
  loading: boolean;
  address: ListAddress;
  getRowId: (row: ResourceRow) => string;
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
      {table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} row={row} />
      ))}
    </TableFrame>
  );
}
