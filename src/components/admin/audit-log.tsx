'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import { DECLARATIONS } from '@/lib/admin/resources';
import { type AuditEntry, auditResource } from '@/lib/admin/resources/audit';
import type { StaffRow } from '@/lib/admin/resources/staff';
import { AUDIT_KINDS, type StaffRole } from '@/lib/admin/schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi, type Page } from './api';
import { ConflictView } from './conflict-view';
import { useAdminTranslations as useTranslations } from './i18n';
import { ListFilters } from './resource/list-filters';
import { KeysetTable, type ListAnswer } from './resource/resource-list';
import { type ResourceText, useResourceText } from './resource/text';
import { useListAddress } from './resource/use-list-address';
import { useSession } from './session';
import { Alert, Button, formatWhen, PageHeading, SelectField, useErrorText } from './ui';
import { useAnswer } from './use-list';

/**
 * Whether a role may undo an entry from here: its kind is a declared resource that allows it and that the role
 * may write (the server checks the same, and whether the row is still as the change left it).
 */
function revertible(entry: AuditEntry, role: StaffRole | undefined): boolean {
  const resource = DECLARATIONS.find((d) => d.audit === entry.kind);
  if (!resource || resource.access.write === false || !may(role, resource.access.write)) return false;
  if (resource.undo === true) return true;
  return 'creation' in resource.undo && entry.before !== null;
}

/** A kind's name, as the kind filter offers it. */
const kindName = (text: ResourceText, kind: string) =>
  (AUDIT_KINDS as readonly string[]).includes(kind) ? text.filterOption('kind', kind) : kind;

/**
 * /admin/audit: who changed what and when, newest first; owners see everyone's changes, the others their own. A
 * special screen on the shared list parts (its filters and cursor in the address, the keyset table): an entry's
 * changes open under it, with the undo where the role may undo them.
 */
export function AuditLog() {
  const t = useTranslations('admin.audit');
  const text = useResourceText(auditResource);
  const locale = useLocale() as Locale;
  const role = useSession().session?.staff.role;
  const everyone = may(role, 'readWholeAudit');
  const address = useListAddress(auditResource.list);
  const list = useAnswer<ListAnswer<AuditEntry>>('/audit', address.query);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [staff, setStaff] = useState<StaffRow[]>([]);

  useEffect(() => {
    if (!everyone) return;
    adminApi<Page<StaffRow>>('/staff', { query: { rows: 100, sort: 'name', dir: 'asc' } })
      .then((p) => setStaff(p.items))
      .catch(() => setStaff([]));
  }, [everyone]);

  // Read by the toggle's cell as it renders; the columns themselves stay, so the toggle keeps its focus.
  const opened = useRef(open);
  opened.current = open;
  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: t('columns.when'),
        enableSorting: false,
        cell: ({ row }) => formatWhen(row.original.at, HTML_LANG[locale]),
      },
      {
        id: 'staff',
        header: t('columns.who'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.staff
            ? (row.original.staff.name ?? row.original.staff.email ?? '—')
            : typeof row.original.after?.system === 'string'
              ? t('system')
              : t('commandLine'),
      },
      {
        id: 'what',
        header: t('columns.what'),
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            <span className="font-semibold">{kindName(text, row.original.kind)}</span>
            {` #${row.original.entityId}`}
            {' · '}
            <span data-testid="audit-action">
              {t.has(`actions.${row.original.action}` as never)
                ? t(`actions.${row.original.action}` as never)
                : row.original.action}
            </span>
            {row.original.revertOf !== null ? (
              <span className="ml-2 text-xs text-muted">({t('revertOf', { id: row.original.revertOf })})</span>
            ) : null}
            {row.original.revertedBy !== null ? (
              <span className="ml-2 text-xs text-muted" data-testid="audit-reverted-by">
                ({t('revertedBy', { id: row.original.revertedBy })})
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'details',
        header: t('columns.details'),
        enableSorting: false,
        cell: ({ row }) => {
          const expanded = opened.current.has(row.original.id);
          return (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={`audit-detail-${row.original.id}`}
              onClick={() =>
                setOpen((current) => {
                  const next = new Set(current);
                  if (expanded) next.delete(row.original.id);
                  else next.add(row.original.id);
                  return next;
                })
              }
              className="font-semibold text-brand-700 hover:underline"
              data-testid="audit-toggle"
            >
              {expanded ? t('hide') : t('show')}
            </button>
          );
        },
      },
    ],
    [t, text, locale],
  );

  // The person filter names colleagues, which only owners may see; the others' log is their own anyway.
  const person = everyone ? (
    <SelectField
      id="audit-filter-staffId"
      label={text.filter('staffId')}
      value={address.filterValues.staffId ?? ''}
      onChange={(event) => address.setFilter('staffId', event.target.value)}
      data-testid="filter-staffId"
    >
      <option value="">{t('anyone')}</option>
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name} ({s.email})
        </option>
      ))}
    </SelectField>
  ) : null;

  return (
    <>
      <PageHeading title={text.title()} />
      <p className="-mt-4 mb-4 text-sm text-muted">{everyone ? t('introAll') : t('introOwn')}</p>
      <ListFilters resource={auditResource} address={address} text={text} controls={{ staffId: person }} />
      {list.error ? <Alert messageKey={list.error} /> : null}
      <KeysetTable
        caption={text.title()}
        columns={columns}
        answer={list.answer}
        loading={list.loading}
        address={address}
        getRowId={(row) => String(row.id)}
        expanded={(row) =>
          open.has(row.id) ? <AuditDetail row={row} canRevert={revertible(row, role)} onReverted={list.reload} /> : null
        }
        testId="audit"
      />
    </>
  );
}

function AuditDetail({ row, canRevert, onReverted }: { row: AuditEntry; canRevert: boolean; onReverted: () => void }) {
  const t = useTranslations('admin.audit');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; key?: string } | null>(null);
  // Answered 409 because the row was saved (or deleted) after this change: the row as it is now, null when gone.
  const [changed, setChanged] = useState<{ current: Record<string, unknown> | null } | null>(null);
  const offered = canRevert && row.revertedBy === null;

  const revert = async () => {
    setBusy(true);
    setChanged(null);
    try {
      await adminApi(`/audit/${row.id}/revert`, { method: 'POST', body: {} });
      setResult({ ok: true });
      onReverted();
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.messageKey === 'api.admin.revertStale') {
        setResult(null);
        setChanged({ current: (error.current ?? null) as Record<string, unknown> | null });
        return;
      }
      setResult({ ok: false, key: error instanceof AdminApiError ? error.messageKey : 'api.requestFailed' });
      // Undone meanwhile, from another screen: the list then says by which entry.
      if (error instanceof AdminApiError && error.messageKey === 'api.admin.alreadyReverted') onReverted();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={`audit-detail-${row.id}`} data-testid="audit-detail">
      <Changes before={row.before} after={row.after} />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t('fullRecord')}</summary>
        <div className="mt-2 grid gap-3 desk:grid-cols-2">
          <Snapshot label={t('before')} value={row.before} testId="audit-before" />
          <Snapshot label={t('after')} value={row.after} testId="audit-after" />
        </div>
      </details>
      {offered ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void revert()} disabled={busy} data-testid="revert">
            {t('revert')}
          </Button>
          <span className="text-xs text-muted">{t('revertHint')}</span>
        </div>
      ) : null}
      {changed ? (
        <div className="mt-3">
          <ChangedSince entry={row} current={changed.current} />
        </div>
      ) : null}
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`mt-2 text-sm ${result.ok ? 'text-emerald-800' : 'text-red-700'}`}
        >
          {result.ok ? t('revertDone') : errorText(result.key)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An undo refused because the row moved on after the change (docs/product/back-office-api.md, the audit log): what
 * was saved since, field by field beside what the change left, shown the way a stale save shows the newer
 * version. All of it would be lost by putting the change's "before" back, so nothing was changed.
 */
function ChangedSince({ entry, current }: { entry: AuditEntry; current: Record<string, unknown> | null }) {
  const t = useTranslations('admin.audit');
  const locale = useLocale() as Locale;
  const left = leaves(entry.after);
  const now = leaves(current);
  const rows =
    current === null
      ? []
      : [...new Set([...left.keys(), ...now.keys()])].map((path) => ({
          label: path,
          theirs: now.get(path) ?? '',
          mine: left.get(path) ?? '',
        }));
  const version = typeof current?.version === 'number' ? current.version : 0;
  const updatedAt = typeof current?.updatedAt === 'string' ? current.updatedAt : null;
  const text =
    current === null
      ? t('changedDeleted')
      : rows.every((r) => r.theirs === r.mine)
        ? t('changedSame', { version })
        : updatedAt
          ? t('changedAt', { version, time: formatWhen(updatedAt, HTML_LANG[locale]) })
          : t('changedText', { version });
  return (
    <ConflictView
      title={t('changedTitle')}
      rows={rows}
      version={version}
      locale={locale}
      labels={{ theirs: t('changedNow', { version }), mine: t('changedLeft', { version: entry.version ?? 0 }) }}
      text={text}
    />
  );
}

/** Bookkeeping every save changes: listing it would hide the change that matters. */
const BOOKKEEPING = new Set(['version', 'updatedAt']);

/** Every leaf of a record as `path → text`, so two versions compare field by field (`translations.ja.title`). */
function leaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, into);
  } else if (path && !BOOKKEEPING.has(path)) {
    into.set(
      path,
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
    );
  }
  return into;
}

/** The fields a change touched, each before and after: what a reviewer reads first. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const t = useTranslations('admin.audit');
  const old = leaves(before);
  const now = leaves(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])].filter((p) => old.get(p) !== now.get(p));
  if (paths.length === 0) return <p className="text-sm text-muted">{t('noChanges')}</p>;
  return (
    <table className="w-full table-fixed border-collapse text-sm" data-testid="audit-changes">
      <caption className="sr-only">{t('changes')}</caption>
      <thead>
        <tr className="text-left text-xs uppercase tracking-wide text-muted">
          <th scope="col" className="w-1/4 py-1 pr-2">
            {t('field')}
          </th>
          <th scope="col" className="py-1 pr-2">
            {t('before')}
          </th>
          <th scope="col" className="py-1">
            {t('after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {paths.map((path) => (
          <tr key={path} className="border-t border-line align-top">
            <th scope="row" className="break-words py-1 pr-2 text-left font-mono text-xs font-normal">
              {path}
            </th>
            <td className="whitespace-pre-wrap break-words py-1 pr-2 text-red-800">{old.get(path) || '—'}</td>
            <td className="whitespace-pre-wrap break-words py-1 text-emerald-800">{now.get(path) || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Snapshot({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be read
        tabIndex={0}
        className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border border-line bg-white p-3 font-mono text-xs"
        data-testid={testId}
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}
