'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { DataTable, ListSearch } from '../data-table';
import { useSession } from '../session';
import { Alert, Button, buttonClass, ConfirmDialog, Modal, PageHeading, useErrorText } from '../ui';
import { useList } from '../use-list';
import { Cell } from './cells';
import { HistoryDialog } from './history-dialog';
import { ResourceForm, type ResourceRow } from './resource-form';
import { useResourceText } from './text';
import { useListAddress } from './use-list-address';

/**
 * The screen of any resource (docs/engineering.md#back-office): its list, paged, ordered, searched and filtered
 * by the server with all of it in the address, and for those whose role may write it a form (in a dialog) to add
 * and change a row, deleting with a confirmation, and each row's history.
 */
export function ResourceList({ resource }: { resource: ResourceDeclaration }) {
  const text = useResourceText(resource);
  const locale = useLocale() as AdminLocale;
  const role = useSession().session?.staff.role;
  const writes = may(role, resource.access.write);
  const deletes = resource.access.delete !== false && may(role, resource.access.delete);
  const errorText = useErrorText();
  const address = useListAddress(resource.list);
  const list = useList<ResourceRow>(`/${resource.name}`, address.query);
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const [history, setHistory] = useState<ResourceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const keyOf = (row: ResourceRow) => String(row[resource.key.field]);
  const nameOf = (row: ResourceRow) => {
    const value = row[resource.title];
    const named =
      value && typeof value === 'object'
        ? (value as Record<string, string>)[locale] || (value as Record<string, string>).en
        : value;
    return String(named || `#${keyOf(row)}`);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi(`/${resource.name}/${encodeURIComponent(keyOf(deleting))}`, {
        method: 'DELETE',
        query: { version: Number(deleting.version) },
      });
      setNotice({ tone: 'success', text: text.shared('deleted') });
    } catch (e) {
      setNotice({
        tone: 'error',
        text: errorText(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed') ?? '',
      });
    } finally {
      setBusy(false);
      setDeleting(null);
      list.reload();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns follow the declaration, the reader's language and role
  const columns = useMemo<ColumnDef<ResourceRow>[]>(
    () => [
      ...resource.columns.map(
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
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClass.link}
              onClick={() => setEditing(row.original)}
              aria-label={`${text.shared(writes ? 'edit' : 'view')}: ${nameOf(row.original)}`}
              data-testid="edit"
            >
              {text.shared(writes ? 'edit' : 'view')}
            </button>
            {writes ? (
              <button
                type="button"
                className={buttonClass.link}
                onClick={() => setHistory(row.original)}
                aria-label={`${text.shared('history')}: ${nameOf(row.original)}`}
              >
                {text.shared('history')}
              </button>
            ) : null}
            {deletes ? (
              <button
                type="button"
                className="font-semibold text-red-700 hover:underline"
                onClick={() => setDeleting(row.original)}
                aria-label={`${text.shared('delete')}: ${nameOf(row.original)}`}
                data-testid="delete"
              >
                {text.shared('delete')}
              </button>
            ) : null}
          </span>
        ),
      },
    ],
    [resource, locale, writes, deletes],
  );

  return (
    <>
      <PageHeading title={text.title()}>
        {writes ? (
          <Button onClick={() => setEditing('new')} data-testid="resource-new">
            {text.own('new')}
          </Button>
        ) : null}
      </PageHeading>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="resource-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        {resource.list.search ? (
          <ListSearch
            id={`${resource.name}-search`}
            label={text.shared('search')}
            hint={text.searchHint()}
            value={address.search}
            onChange={address.setSearch}
            className="w-full max-w-md"
          />
        ) : null}
        {(resource.list.filters ?? []).map((filter) => (
          <label key={filter.name} className="text-sm font-semibold">
            {text.filter(filter.name)}
            <select
              className="mt-1 block rounded-md border border-line bg-white px-3 py-2 text-sm font-normal"
              value={address.filterValues[filter.name]}
              onChange={(event) => address.setFilter(filter.name, event.target.value)}
              data-testid={`filter-${filter.name}`}
            >
              {filter.options.map((option) => (
                <option key={option} value={option}>
                  {text.filterOption(filter.name, option)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {list.error ? <Alert messageKey={list.error} /> : null}
      <DataTable
        caption={text.title()}
        columns={columns}
        data={list.page?.items ?? []}
        total={list.page?.total ?? 0}
        capped={list.page?.capped}
        loading={list.loading}
        getRowId={keyOf}
        testId={`${resource.name}-list`}
        {...address.table}
      />
      {!writes ? (
        <div className="mt-4">
          <Alert tone="info">{text.shared('readOnly')}</Alert>
        </div>
      ) : null}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={editing === 'new' ? text.own('new') : editing ? nameOf(editing) : ''}
        wide
      >
        {editing !== null ? (
          <ResourceForm
            resource={resource}
            row={editing === 'new' ? null : editing}
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={text.shared('deleteTitle')}
        description={deleting ? text.shared('deleteText', { name: nameOf(deleting) }) : ''}
        confirmLabel={text.shared('delete')}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </>
  );
}
