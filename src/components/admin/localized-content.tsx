'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ADMIN_LOCALES,
  type AdminLocale,
  EMPLOYMENT_TYPES,
  footerLinkInput,
  historyInput,
  jobInput,
} from '@/lib/admin/schemas';
import { HTML_LANG, LOCALE_LABEL } from '@/lib/locales';
import { AdminApiError, adminApi } from './api';
import { type ConflictRow, ConflictView } from './conflict-view';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import {
  Alert,
  Button,
  buttonClass,
  ConfirmDialog,
  formatWhen,
  Modal,
  PageHeading,
  SelectField,
  TextAreaField,
  TextField,
  useErrorText,
} from './ui';

type Localized = Record<AdminLocale, string>;
type Row = Record<string, unknown> & { id: number; version: number };

type Field =
  | { name: string; kind: 'localized'; multiline?: boolean }
  | { name: string; kind: 'lines' }
  | { name: string; kind: 'code' | 'link' | 'number' | 'datetime' | 'checkbox' }
  | { name: string; kind: 'select'; options: readonly string[] }
  /** One of the rows of another table (a job's department), offered by name. */
  | { name: string; kind: 'choice'; source: keyof JobChoices };

type Choice = { code: string; name: Partial<Localized> };
type JobChoices = { departments: Choice[]; locations: Choice[] };

export type ContentKind = 'jobs' | 'history' | 'footer-links';

/** `2026-05-01T09:30` in the browser's time zone, as a datetime-local input shows it. */
function toLocalInput(iso: unknown): string {
  const date = new Date(String(iso ?? ''));
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const emptyText = (): Localized => ({ en: '', zh: '', ja: '' });

/**
 * Jobs, company history and footer links: small tables whose text is `{en, zh, ja}` (docs/product/back-office-api.md).
 * One description each of its fields; the form holds a list of lines (a job's responsibilities) as one line per
 * row of a text box, and the schema of src/lib/admin/schemas.ts checks what would be sent.
 */
const KINDS: Record<ContentKind, { schema: z.ZodObject; fields: Field[]; blank: () => FieldValues }> = {
  jobs: {
    schema: jobInput,
    fields: [
      { name: 'title', kind: 'localized' },
      { name: 'summary', kind: 'localized', multiline: true },
      { name: 'responsibilities', kind: 'lines' },
      { name: 'requirements', kind: 'lines' },
      { name: 'department', kind: 'choice', source: 'departments' },
      { name: 'location', kind: 'choice', source: 'locations' },
      { name: 'employmentType', kind: 'select', options: EMPLOYMENT_TYPES },
      { name: 'postedAt', kind: 'datetime' },
      { name: 'active', kind: 'checkbox' },
    ],
    blank: () => ({
      title: emptyText(),
      summary: emptyText(),
      responsibilities: emptyText(),
      requirements: emptyText(),
      department: '',
      location: '',
      employmentType: 'full-time',
      postedAt: toLocalInput(new Date().toISOString()),
      active: true,
    }),
  },
  history: {
    schema: historyInput,
    fields: [
      { name: 'year', kind: 'number' },
      { name: 'month', kind: 'number' },
      { name: 'title', kind: 'localized' },
      { name: 'body', kind: 'localized', multiline: true },
    ],
    blank: () => ({
      year: new Date().getFullYear(),
      month: new Date().getMonth() + 1,
      title: emptyText(),
      body: emptyText(),
    }),
  },
  'footer-links': {
    schema: footerLinkInput,
    fields: [
      { name: 'name', kind: 'localized' },
      { name: 'link', kind: 'link' },
      { name: 'sort', kind: 'number' },
      { name: 'active', kind: 'checkbox' },
    ],
    blank: () => ({ name: emptyText(), link: '/', sort: 0, active: true }),
  },
};

/** A row as the form holds it: lists as text, one item a line; times as the datetime input shows them. */
function formValuesOf(kind: ContentKind, row: Row): FieldValues {
  const values: FieldValues = {};
  for (const field of KINDS[kind].fields) {
    const value = row[field.name];
    if (field.kind === 'lines') {
      const lists = (value ?? {}) as Partial<Record<AdminLocale, string[]>>;
      values[field.name] = Object.fromEntries(ADMIN_LOCALES.map((l) => [l, (lists[l] ?? []).join('\n')]));
    } else if (field.kind === 'localized') {
      const texts = (value ?? {}) as Partial<Localized>;
      values[field.name] = Object.fromEntries(ADMIN_LOCALES.map((l) => [l, texts[l] ?? '']));
    } else if (field.kind === 'datetime') values[field.name] = toLocalInput(value);
    else if (field.kind === 'checkbox') values[field.name] = Boolean(value);
    else values[field.name] = value ?? '';
  }
  return values;
}

/** What the form holds, in the shape the API takes. */
function payloadOf(kind: ContentKind, values: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const field of KINDS[kind].fields) {
    const value = values[field.name];
    if (field.kind === 'lines') {
      out[field.name] = Object.fromEntries(
        ADMIN_LOCALES.map((l) => [
          l,
          String((value as Localized | undefined)?.[l] ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        ]),
      );
    } else if (field.kind === 'datetime') {
      const date = new Date(String(value ?? ''));
      out[field.name] = Number.isNaN(date.getTime()) ? '' : date.toISOString();
    } else if (field.kind === 'number') out[field.name] = value === '' ? undefined : Number(value);
    else out[field.name] = value;
  }
  return out;
}

/** The first message anywhere under a field (a list's line, one language of a text). */
function messageIn(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const value of Object.values(errors)) {
    const found = messageIn(value);
    if (found) return found;
  }
  return undefined;
}

const textOf = (value: unknown, locale: AdminLocale): string => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const texts = value as Partial<Record<AdminLocale, unknown>>;
    const text = texts[locale] || texts.en;
    return Array.isArray(text) ? text.join(' · ') : String(text ?? '');
  }
  return String(value ?? '');
};

/**
 * /admin/jobs, /admin/history, /admin/footer-links: every row, and for editors and owners a form (in a dialog)
 * to add, change or delete one. A save over someone else's newer save shows both versions, as announcements do.
 */
export function LocalizedContentList({ kind }: { kind: ContentKind }) {
  const t = useTranslations('admin.localized');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');
  const errorText = useErrorText();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => {
    adminApi<{ items: Row[] }>(`/${kind}`)
      .then((answer) => {
        setRows(answer.items);
        setError(null);
      })
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [kind]);
  useEffect(load, [load]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi(`/${kind}/${deleting.id}`, { method: 'DELETE', query: { version: deleting.version } });
      setNotice({ tone: 'success', text: t('deleted') });
    } catch (e) {
      setNotice({
        tone: 'error',
        text: errorText(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed') ?? '',
      });
    } finally {
      setBusy(false);
      setDeleting(null);
      load();
    }
  };

  const main = KINDS[kind].fields.find((f) => f.kind === 'localized')?.name ?? 'title';
  const describe = (row: Row): string => {
    if (kind === 'history') return `${row.year}-${String(row.month).padStart(2, '0')}`;
    if (kind === 'footer-links') return String(row.link ?? '');
    return `${row.department} · ${row.location} · ${t(`employment.${row.employmentType as (typeof EMPLOYMENT_TYPES)[number]}`)} · ${formatWhen(String(row.postedAt), HTML_LANG[locale])}`;
  };

  return (
    <>
      <PageHeading title={t(`${kind}.title`)}>
        {editable ? (
          <Button onClick={() => setEditing('new')} data-testid="content-new">
            {t(`${kind}.new`)}
          </Button>
        ) : null}
      </PageHeading>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="content-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {error ? <Alert messageKey={error} /> : null}
      {rows === null && !error ? <p aria-busy="true" className="h-32" /> : null}
      {rows !== null ? (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="content-rows">
          {rows.map((row) => {
            const inactive = 'active' in row && !row.active;
            return (
              <li
                key={row.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
                data-testid="row"
                data-id={row.id}
              >
                <span className="min-w-0">
                  <span className="block break-words font-semibold">{textOf(row[main], locale) || `#${row.id}`}</span>
                  <span className="block break-words text-xs text-muted">
                    {describe(row)}
                    {inactive ? ` · ${t('inactive')}` : ''}
                  </span>
                </span>
                {editable ? (
                  <span className="flex flex-wrap gap-3">
                    <button
                      type="button"
                      className={buttonClass.link}
                      onClick={() => setEditing(row)}
                      aria-label={`${t('edit')}: ${textOf(row[main], locale) || `#${row.id}`}`}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="font-semibold text-red-700 hover:underline"
                      onClick={() => setDeleting(row)}
                      aria-label={`${t('delete')}: ${textOf(row[main], locale) || `#${row.id}`}`}
                    >
                      {t('delete')}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
          {rows.length === 0 ? <li className="p-6 text-center text-muted">{t('empty')}</li> : null}
        </ul>
      ) : null}
      {!editable ? (
        <div className="mt-4">
          <Alert tone="info">{t('readOnly')}</Alert>
        </div>
      ) : null}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? t(`${kind}.new`) : t('editTitle', { id: editing?.id ?? 0 })}
        wide
      >
        {editing !== null ? (
          <ContentForm
            kind={kind}
            row={editing === 'new' ? null : editing}
            onSaved={() => {
              setEditing(null);
              setNotice({ tone: 'success', text: t('saved') });
              load();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('deleteTitle')}
        description={t('deleteText')}
        confirmLabel={t('delete')}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </>
  );
}

function ContentForm({ kind, row, onSaved }: { kind: ContentKind; row: Row | null; onSaved: () => void }) {
  const t = useTranslations('admin.localized');
  const te = useTranslations('admin.editor');
  const locale = useLocale() as AdminLocale;
  const config = KINDS[kind];
  const [version, setVersion] = useState(row?.version ?? 0);
  const [conflict, setConflict] = useState<Row | null>(null);
  const [choices, setChoices] = useState<JobChoices | null>(null);
  const needsChoices = config.fields.some((f) => f.kind === 'choice');
  useEffect(() => {
    if (!needsChoices) return;
    adminApi<JobChoices>('/jobs/choices')
      .then(setChoices)
      .catch(() => setChoices({ departments: [], locations: [] }));
  }, [needsChoices]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({
    // The schema checks what would be sent, not the form's own shape (lists as text).
    resolver: zodResolver(
      z.preprocess((values: FieldValues) => payloadOf(kind, values), config.schema) as unknown as z.ZodType<
        FieldValues,
        FieldValues
      >,
    ),
    defaultValues: row ? formValuesOf(kind, row) : config.blank(),
  });

  const save = async (overVersion: number) => {
    const body = payloadOf(kind, getValues());
    try {
      if (row === null) await adminApi(`/${kind}`, { method: 'POST', body });
      else await adminApi(`/${kind}/${row.id}`, { method: 'PUT', body: { ...body, version: overVersion } });
      onSaved();
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as Row);
        return;
      }
      showApiError(error, setError);
    }
  };

  const fieldError = (name: string) => messageIn((errors as FieldErrors)[name]);
  const label = (name: string) => t(`fields.${name}` as never);
  const id = (name: string, l?: AdminLocale) => `content-${name}${l ? `-${l}` : ''}`;

  const conflictRows = (theirs: Row): ConflictRow[] => {
    const theirValues = formValuesOf(kind, theirs);
    const mine = getValues();
    return config.fields.flatMap((f) =>
      f.kind === 'localized' || f.kind === 'lines'
        ? ADMIN_LOCALES.map((l) => ({
            label: `${LOCALE_LABEL[l]} · ${label(f.name)}`,
            theirs: String(theirValues[f.name]?.[l] ?? ''),
            mine: String(mine[f.name]?.[l] ?? ''),
          }))
        : [{ label: label(f.name), theirs: String(theirValues[f.name] ?? ''), mine: String(mine[f.name] ?? '') }],
    );
  };

  // The fields mount once their choices are there, so each select shows the saved value, not its first option.
  if (needsChoices && choices === null) return <p aria-busy="true" className="h-64" />;

  return (
    <form onSubmit={handleSubmit(() => save(version))} noValidate className="space-y-4" data-testid="content-form">
      {conflict ? (
        <ConflictView
          title={t('conflictTitle')}
          rows={conflictRows(conflict)}
          version={conflict.version}
          locale={locale}
          busy={isSubmitting}
          onTakeTheirs={() => {
            reset(formValuesOf(kind, conflict));
            setVersion(conflict.version);
            setConflict(null);
          }}
          onOverwrite={handleSubmit(() => save(conflict.version))}
        />
      ) : null}
      {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="content-error" /> : null}
      {config.fields.map((f) => {
        if (f.kind === 'localized' || f.kind === 'lines') {
          const error = fieldError(f.name);
          return (
            <fieldset key={f.name} className="rounded-lg border border-line p-3">
              <legend className="px-1 text-sm font-semibold">{label(f.name)}</legend>
              {f.kind === 'lines' ? <p className="mb-2 text-xs text-muted">{t('linesHint')}</p> : null}
              <div className="grid gap-3 desk:grid-cols-3">
                {ADMIN_LOCALES.map((l) => {
                  const own = messageIn((errors as FieldErrors)[f.name]?.[l as never]);
                  const props = {
                    id: id(f.name, l),
                    label: `${LOCALE_LABEL[l]}${l === 'en' ? ` (${te('required')})` : ''}`,
                    error:
                      own ??
                      (l === 'en' &&
                      error &&
                      !ADMIN_LOCALES.some((x) => messageIn((errors as FieldErrors)[f.name]?.[x as never]))
                        ? error
                        : undefined),
                    lang: l,
                    ...register(`${f.name}.${l}`),
                  };
                  return f.kind === 'lines' || f.multiline ? (
                    <TextAreaField key={l} rows={f.kind === 'lines' ? 5 : 3} {...props} />
                  ) : (
                    <TextField key={l} {...props} />
                  );
                })}
              </div>
            </fieldset>
          );
        }
        if (f.kind === 'checkbox') {
          return (
            <label key={f.name} className="flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register(f.name)} />
              {label(f.name)}
            </label>
          );
        }
        if (f.kind === 'choice') {
          return (
            <SelectField
              key={f.name}
              id={id(f.name)}
              label={label(f.name)}
              error={fieldError(f.name)}
              aria-busy={choices === null}
              {...register(f.name)}
            >
              <option value="">{t('choose')}</option>
              {(choices?.[f.source] ?? []).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name[locale] || c.name.en || c.code}
                </option>
              ))}
            </SelectField>
          );
        }
        if (f.kind === 'select') {
          return (
            <SelectField
              key={f.name}
              id={id(f.name)}
              label={label(f.name)}
              error={fieldError(f.name)}
              {...register(f.name)}
            >
              {f.options.map((o) => (
                <option key={o} value={o}>
                  {t(`employment.${o as (typeof EMPLOYMENT_TYPES)[number]}`)}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <TextField
            key={f.name}
            id={id(f.name)}
            label={label(f.name)}
            error={fieldError(f.name)}
            type={f.kind === 'number' ? 'number' : f.kind === 'datetime' ? 'datetime-local' : 'text'}
            hint={f.kind === 'code' ? t('codeHint') : f.kind === 'link' ? t('linkHint') : undefined}
            {...register(f.name)}
          />
        );
      })}
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" disabled={isSubmitting} data-testid="content-save">
          {isSubmitting ? te('saving') : row === null ? t('create') : te('save')}
        </Button>
      </div>
    </form>
  );
}
