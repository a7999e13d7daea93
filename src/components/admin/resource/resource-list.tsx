'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { OperatorNotice } from '@/lib/admin/notices';
import { may } from '@/lib/admin/permissions';
import type { Column, ResourceDeclaration } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { DataTable, EmptyList, Pager, TableFrame, TableRows, useServerTable } from '../data-table';
import { useAdminTranslations } from '../i18n';
import { OperatorNotices } from '../notices';
import { useSession } from '../session';
import { Alert, Button, buttonClass, Modal, PageHeading } from '../ui';
import { useAnswer } from '../use-list';
import { Cell } from './cells';
import { ListFilters } from './list-filters';
import { ResourceForm, type ResourceRow } from './resource-form';
import { type Notice, ResourceNotice, useRowActions } from './row-actions';
import { type ResourceText, useResourceText } from './text';
import { type ListAddress, useListAddress } from './use-list-address';
import { rowName } from './values';

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
  const list = useAnswer<ListAnswer<ResourceRow>>(`/${resource.name}`, { ...address.query, ...scope });
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const keyOf = (row: ResourceRow) => String(row[resource.key.field]);
  const nameOf = (row: ResourceRow) => rowName(resource, row, locale);
  const writes = resource.access.write !== false && may(role, resource.access.write);
  const creates = writes && resource.access.create !== false;
  // A row that is never changed (a reserved name) opens to be read, as for a role that may not write.
  const changes = writes && resource.access.update !== false;
  const actions = useRowActions({
    resource,
    role,
    text,
    nameOf,
    keyOf,
    onOpen: (row) =>
      // A read-only row whose list shows all there is opens nowhere.
      resource.detail !== 'page' && resource.fields.length === 0 ? undefined : resource.detail === 'page' ? (
        <Link
          href={`/admin${resource.path}/${encodeURIComponent(keyOf(row))}`}
          className={buttonClass.link}
          aria-label={`${text.shared('open')}: ${nameOf(row)}`}
          data-testid="open"
        >
          {text.shared('open')}
        </Link>
      ) : (
        <button
          type="button"
          className={buttonClass.link}
          onClick={() => setEditing(row)}
          aria-label={`${text.shared(changes ? 'edit' : 'view')}: ${nameOf(row)}`}
          data-testid="edit"
        >
          {text.shared(changes ? 'edit' : 'view')}
        </button>
      ),
    onChanged: (next) => {
      setNotice(next);
      list.reload();
    },
  });

  // The columns stay one set while the declaration and the language do: a cell renderer made anew would be a new
  // component to React, which would remount every cell on every render (and lose the focus a dialog returns to).
  const actionsCell = useRef(actions.cell);
  actionsCell.current = actions.cell;
  const columns = useMemo<ColumnDef<ResourceRow>[]>(
    () => [
      ...(view.columns ?? resource.columns).map(
        (column): ColumnDef<ResourceRow> => ({
          id: column.sort ?? column.name,
          header: text.field(column.name),
          enableSorting: column.sort !== undefined,
          cell: ({ row }) => (
            <Cell
              column={column}
              value={column.value ? column.value(row.original) : row.original[column.name]}
              row={row.original}
              locale={locale}
              text={text}
            />
          ),
        }),
      ),
      {
        id: 'actions',
        header: text.shared('actions'),
        enableSorting: false,
        cell: ({ row }) => actionsCell.current(row.original),
      },
    ],
    [resource, view.columns, locale, text],
  );

  // A role that may not read the list is told so under the screen's heading, rather than shown the server's
  // refusal of every page.
  if (!may(role, resource.access.read))
    return (
      <>
        {view.level === 2 ? null : <PageHeading title={view.title ?? text.title()} />}
        <Alert messageKey="api.admin.forbidden" testId="forbidden" />
      </>
    );

  const exportLink = resource.list.export ? <ExportLink resource={resource} query={address.query} text={text} /> : null;
  const newButton =
    creates && resource.detail === 'page' ? (
      <Link href={`/admin${resource.path}/new`} className={buttonClass.primary} data-testid="resource-new">
        {view.newLabel ?? text.own('new')}
      </Link>
    ) : creates ? (
      <Button onClick={() => setEditing('new')} data-testid="resource-new">
        {view.newLabel ?? text.own('new')}
      </Button>
    ) : null;

  return (
    <>
      {view.level === 2 ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{view.title ?? text.title()}</h2>
          {exportLink}
          {newButton}
        </div>
      ) : (
        <PageHeading title={view.title ?? text.title()}>
          {exportLink}
          {newButton}
        </PageHeading>
      )}
      {view.title === undefined && text.intro() ? (
        <p className="-mt-4 mb-4 max-w-prose text-sm text-muted">{text.intro()}</p>
      ) : null}
      <OperatorNotices notices={list.answer?.notices} />
      {children}
      <ResourceNotice notice={notice} />
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
            readOnly={editing === 'new' ? !writes : !changes}
            onSaved={(saved) => {
              // A resource may say what its creation did (an invitation sent), naming the row.
              const made = editing === 'new' && text.has('created');
              setEditing(null);
              setNotice({
                tone: 'success',
                text: made ? text.own('created', { name: nameOf(saved) }) : text.shared('saved'),
              });
              list.reload();
            }}
          />
        ) : null}
      </Modal>
      {actions.dialogs}
    </>
  );
}

/**
 * The rows the list's query matches as a CSV file, in the list's order (`GET /api/admin/<name>/export`): a plain
 * link, so the browser downloads it as it streams; the session cookie goes with it (its path is /api/admin).
 */
function ExportLink({
  resource,
  query,
  text,
}: {
  resource: ResourceDeclaration;
  query: Record<string, string | number | undefined>;
  text: ResourceText;
}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && name !== 'rows' && name !== 'cursor') params.set(name, String(value));
  }
  return (
    <a
      href={`/api/admin/${resource.name}/export?${params}`}
      download
      className={buttonClass.secondary}
      data-testid="resource-export"
    >
      {text.shared('export')}
    </a>
  );
}

export type ListAnswer<T = Record<string, unknown>> = {
  items: T[];
  total: number;
  capped: boolean;
  next?: string | null;
  /** What the list's readers must know about the site now (src/lib/admin/notices.ts). */
  notices?: OperatorNotice[];
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
