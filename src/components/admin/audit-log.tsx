'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DECLARATIONS } from '@/lib/admin/resources';
import { AUDIT_KINDS, type AuditKind } from '@/lib/admin/schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi, type Page } from './api';
import { ConflictView } from './conflict-view';
import { DataTable } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, type Staff, useSession } from './session';
import { Alert, Button, formatWhen, PageHeading, SelectField, TextField, useErrorText } from './ui';
import { useList, useListQuery } from './use-list';

/** An audit entry (`staff` is null for the command line, which made the first owner). */
export type AuditRow = {
  id: number;
  at: string;
  staff: { id: number; name: string | null; email: string | null } | null;
  kind: AuditKind;
  entityId: string;
  action: 'create' | 'update' | 'delete' | 'revert';
  before: unknown;
  after: unknown;
  /** The entry a revert undid. */
  revertOf: number | null;
  /** The row's version this change left (null when it left no row). */
  version: number | null;
  /** The later entry that undid this one (an entry is undone at most once). */
  revertedBy: number | null;
};

/**
 * Kinds whose changes can be put back as they were: those screens of their own undo, and every declared resource
 * that allows it (staff changes are not undone this way: a role is changed in the staff list). Undoing a creation
 * deletes the row, undoing a deletion brings it back.
 */
const REVERTIBLE: readonly string[] = [
  'announcement',
  'article',
  'review',
  ...DECLARATIONS.filter((d) => d.undo === true && d.access.write !== false).map((d) => d.audit),
];

/** The filter form's values: datetime-local text, turned into the query's ISO times. */
const filterForm = z
  .object({ staffId: z.string(), kind: z.string(), from: z.string(), to: z.string() })
  .superRefine((value, ctx) => {
    if (value.from && value.to && new Date(value.from) > new Date(value.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'admin.audit.toBeforeFrom' });
    }
  });
type Filters = z.infer<typeof filterForm>;

const EMPTY: Filters = { staffId: '', kind: '', from: '', to: '' };

/** /admin/audit: who changed what and when; owners see everyone's changes, the others their own. */
export function AuditLog() {
  const t = useTranslations('admin.audit');
  const tk = useTranslations('admin.kinds');
  const locale = useLocale() as Locale;
  const { session } = useSession();
  const role = session?.staff.role;
  const everyone = can(role, 'audit.all');
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const list = useListQuery();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [staff, setStaff] = useState<Staff[]>([]);
  const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);
  const result = useList<AuditRow>('/audit', {
    ...list.query,
    staffId: filters.staffId || undefined,
    kind: filters.kind || undefined,
    from: iso(filters.from),
    to: iso(filters.to),
  });
  const { error, reload } = result;

  useEffect(() => {
    if (!everyone) return;
    adminApi<Page<Staff>>('/staff', { query: { rows: 100, sort: 'name', dir: 'asc' } })
      .then((p) => setStaff(p.items))
      .catch(() => setStaff([]));
  }, [everyone]);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(filterForm), defaultValues: EMPTY });

  const columns = useMemo<ColumnDef<AuditRow>[]>(
    () => [
      {
        id: 'at',
        header: t('columns.when'),
        cell: ({ row }) => formatWhen(row.original.at, HTML_LANG[locale]),
      },
      {
        id: 'staff',
        header: t('columns.who'),
        cell: ({ row }) =>
          row.original.staff ? (row.original.staff.name ?? row.original.staff.email ?? '—') : t('commandLine'),
      },
      {
        id: 'what',
        header: t('columns.what'),
        cell: ({ row }) => (
          <span>
            <span className="font-semibold">
              {tk.has(row.original.kind) ? tk(row.original.kind) : row.original.kind}
            </span>
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
        cell: ({ row }) => {
          const expanded = open.has(row.original.id);
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
    [t, tk, locale, open],
  );

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 text-sm text-muted">{everyone ? t('introAll') : t('introOwn')}</p>
      <form
        onSubmit={handleSubmit((values) => {
          // New filters start on page 1 (the list's own hook knows only its order, page and rows).
          setFilters(values);
          list.setPage(1);
        })}
        noValidate
        className="mb-6 grid gap-3 rounded-xl border border-line bg-white p-4 desk:grid-cols-5 desk:items-end"
        aria-label={t('filters')}
      >
        {everyone ? (
          <SelectField id="audit-staff" label={t('person')} {...register('staffId')}>
            <option value="">{t('anyone')}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email})
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField id="audit-kind" label={t('kind')} {...register('kind')}>
          <option value="">{t('anyKind')}</option>
          {AUDIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {tk(k)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="audit-from"
          label={t('from')}
          type="datetime-local"
          error={errors.from?.message}
          {...register('from')}
        />
        <TextField id="audit-to" label={t('to')} type="datetime-local" error={errors.to?.message} {...register('to')} />
        <div className="flex gap-2">
          <Button type="submit">{t('apply')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset(EMPTY);
              setFilters(EMPTY);
              list.setPage(1);
            }}
          >
            {t('clear')}
          </Button>
        </div>
      </form>
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        expanded={(row) =>
          open.has(row.id) ? (
            <AuditDetail row={row} canRevert={can(role, 'content.revert')} onReverted={reload} />
          ) : null
        }
        testId="audit"
      />
    </>
  );
}

function AuditDetail({ row, canRevert, onReverted }: { row: AuditRow; canRevert: boolean; onReverted: () => void }) {
  const t = useTranslations('admin.audit');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; key?: string } | null>(null);
  // Answered 409 because the row was saved (or deleted) after this change: the row as it is now, null when gone.
  const [changed, setChanged] = useState<{ current: Record<string, unknown> | null } | null>(null);
  const revertible = canRevert && REVERTIBLE.includes(row.kind) && row.revertedBy === null;

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
      {revertible ? (
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
function ChangedSince({ entry, current }: { entry: AuditRow; current: Record<string, unknown> | null }) {
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
