'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, type FieldValues, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CATALOG_KINDS, type CatalogKind } from '@/lib/admin/catalog-schemas';
import type { AdminLocale, StaffRole } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { type ConflictRow, ConflictView } from '../conflict-view';
import { DataTable } from '../data-table';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { useSession } from '../session';
import {
  Alert,
  Button,
  buttonClass,
  ConfirmDialog,
  Modal,
  PageHeading,
  SelectField,
  TextAreaField,
  TextField,
  useErrorText,
} from '../ui';
import { useList, useListQuery } from '../use-list';
import {
  ADMIN_LOCALES,
  blankRule,
  CATALOG_FIELDS,
  type Choice,
  centsToDollars,
  type Field,
  formValuesOf,
  payloadOf,
  type Row,
  RULE_OPTIONS,
  schemaOf,
} from './catalog-fields';

/** Owners and managers change the catalog (`manageCommerce`); every other role reads it. The server checks again. */
const mayEdit = (role: StaffRole | undefined) => role === 'owner' || role === 'manager';

type Choices = Record<Choice, { id: string; name?: unknown; mbps?: number; active?: boolean }[]>;
type Localized = Partial<Record<AdminLocale, string>>;

const textIn = (value: unknown, locale: AdminLocale): string => {
  if (value && typeof value === 'object') {
    const texts = value as Localized;
    return texts[locale] || texts.en || '';
  }
  return value === undefined || value === null ? '' : String(value);
};

/** The first message anywhere under a field (one language of a name, one rule's ports). */
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

/** The kinds, as links: one page each under /admin/catalog. */
function KindNav({ current }: { current: CatalogKind }) {
  const t = useTranslations('admin.catalog');
  return (
    <nav aria-label={t('kindsLabel')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {CATALOG_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              href={`/admin/catalog/${kind}`}
              aria-current={kind === current ? 'page' : undefined}
              className={`block rounded-full border px-3 py-1 text-sm ${kind === current ? 'border-brand-600 bg-brand-600 font-semibold text-white' : 'border-line bg-white text-ink hover:bg-surface'}`}
            >
              {t(`kinds.${kind}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /admin/catalog/[kind]: a kind's items a page at a time (searched, sorted, filtered by on sale or withdrawn), and
 * the editor of one in a dialog. Support and editors read; owners and managers change.
 */
export function CatalogScreen({ kind }: { kind: CatalogKind }) {
  const t = useTranslations('admin.catalog');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = mayEdit(session?.staff.role);
  // Like every back-office list, a new search, order, size or status filter starts from the first page; each kind
  // is a list of its own (the page renders this keyed by kind).
  const list = useListQuery({ sort: { id: 'sort', desc: false } });
  const [status, setStatus] = useState<'all' | 'active' | 'withdrawn'>('all');
  const [open, setOpen] = useState<Row | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const hasStatus = kind !== 'product-lines' && kind !== 'reserved-labels';
  const result = useList<Row>(`/catalog/${kind}`, { ...list.query, status: hasStatus ? status : undefined });
  const { error, reload } = result;

  const columns = useMemo<ColumnDef<Row>[]>(() => {
    const list: ColumnDef<Row>[] = [
      {
        id: 'id',
        header: t('columns.code'),
        cell: ({ row }) => <code className="break-all text-xs">{row.original.id}</code>,
      },
      {
        id: 'name',
        header: t('columns.name'),
        enableSorting: false,
        cell: ({ row }) => <span className="font-semibold">{summaryName(kind, row.original, locale)}</span>,
      },
      {
        id: 'details',
        header: t('columns.details'),
        enableSorting: false,
        cell: ({ row }) => <span className="text-muted">{details(kind, row.original, t)}</span>,
      },
    ];
    if (kind !== 'reserved-labels') {
      list.push({ id: 'sort', header: t('columns.sort'), cell: ({ row }) => String(row.original.sort ?? '') });
    }
    if (hasStatus) {
      list.push({
        id: 'status',
        header: t('columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? (
            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">{t('onSale')}</span>
          ) : (
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-950" data-testid="withdrawn">
              {t('withdrawn')}
            </span>
          ),
      });
    }
    list.push({
      id: 'actions',
      header: t('columns.actions'),
      enableSorting: false,
      cell: ({ row }) => (
        <button
          type="button"
          className={buttonClass.link}
          onClick={() => setOpen(row.original)}
          data-testid="open-item"
        >
          {editable ? t('edit') : t('view')}
          <span className="sr-only"> {row.original.id}</span>
        </button>
      ),
    });
    return list;
  }, [t, kind, locale, editable, hasStatus]);

  return (
    <>
      <PageHeading title={t(`kinds.${kind}.title`)}>
        {editable ? (
          <Button onClick={() => setOpen('new')} data-testid="catalog-new">
            {t('new')}
          </Button>
        ) : null}
      </PageHeading>
      <KindNav current={kind} />
      <p className="mb-4 max-w-3xl text-sm text-muted">{t(`kinds.${kind}.intro`)}</p>
      <div aria-live="polite" className="mb-4 empty:mb-0">
        {notice ? (
          <Alert tone="success" testId="catalog-notice">
            {notice}
          </Alert>
        ) : null}
      </div>
      {!editable ? (
        <div className="mb-4">
          <Alert tone="info" testId="catalog-read-only">
            {t('readOnly')}
          </Alert>
        </div>
      ) : null}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <TextField
            id="catalog-search"
            label={t('search')}
            type="search"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
          />
        </div>
        {hasStatus ? (
          <div className="w-full max-w-[12rem]">
            <SelectField
              id="catalog-status"
              label={t('statusFilter')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as typeof status);
                list.setPage(1);
              }}
            >
              <option value="all">{t('statusAll')}</option>
              <option value="active">{t('onSale')}</option>
              <option value="withdrawn">{t('withdrawn')}</option>
            </SelectField>
          </div>
        ) : null}
      </div>
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t(`kinds.${kind}.title`)}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => row.id}
        testId="catalog-rows"
      />
      <Modal
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={
          open === 'new'
            ? t('newTitle', { kind: t(`kinds.${kind}.one`) })
            : t(editable ? 'editTitle' : 'viewTitle', { id: open?.id ?? '' })
        }
        wide
      >
        {open !== null ? (
          <CatalogForm
            kind={kind}
            row={open === 'new' ? null : open}
            editable={editable}
            onDone={(message) => {
              setOpen(null);
              setNotice(message);
              reload();
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function summaryName(kind: CatalogKind, row: Row, locale: AdminLocale): string {
  if (kind === 'regions') return `${textIn(row.city, locale)} · ${textIn(row.country, locale)}`;
  if (kind === 'bandwidth') return `${row.mbps} Mbps`;
  if (kind === 'traffic') return `${row.gb} GB`;
  if (kind === 'domain-suffixes') return String(row.suffix);
  if (kind === 'reserved-labels') return String(row.label);
  return textIn(row.name, locale);
}

function details(kind: CatalogKind, row: Row, t: ReturnType<typeof useTranslations<'admin.catalog'>>): string {
  const money = (cents: unknown) => `$${centsToDollars(cents)}`;
  const regions = Array.isArray(row.regions) ? row.regions.length : 0;
  switch (kind) {
    case 'regions':
      return `${row.countryCode} · ${row.testIp}`;
    case 'images':
      return `${row.family} ${row.release} · ${row.arch} · ${t('inRegions', { count: regions })}`;
    case 'product-lines':
      return row.dedicated ? t('dedicated') : '';
    case 'plans':
      return `${row.lineId} · ${row.cpu} vCPU · ${Number(row.memoryMb) / 1024} GB · ${money(row.monthlyPriceCents)}${t('perMonth')} · ${t('inRegions', { count: regions })}`;
    case 'disks':
      return `${row.mediaType} · ${row.minGb}–${row.maxGb} GB · ${money(row.pricePerGbCents)}/GB`;
    case 'bandwidth':
    case 'traffic':
    case 'snapshot-policies':
      return `${money(row.monthlyPriceCents)}${t('perMonth')}`;
    case 'security-groups':
      return t('ruleCount', { count: Array.isArray(row.rules) ? row.rules.length : 0 });
    case 'quick-sets':
      return `${row.planId} · ${row.imageId}`;
    case 'domain-suffixes':
      return `${row.category} · ${money(row.registerPriceCents)} / ${money(row.renewPriceCents)} / ${money(row.transferPriceCents)}`;
    default:
      return '';
  }
}

/** The editor of one item: the API's schema checks it here first, the server again; refusals land at the field. */
function CatalogForm({
  kind,
  row,
  editable,
  onDone,
}: {
  kind: CatalogKind;
  row: Row | null;
  editable: boolean;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations('admin.catalog');
  const te = useTranslations('admin.editor');
  const locale = useLocale() as AdminLocale;
  const fields = CATALOG_FIELDS[kind];
  const [version, setVersion] = useState(row?.version ?? 0);
  const [conflict, setConflict] = useState<Row | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [sale, setSale] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const schema = schemaOf(kind) as unknown as z.ZodType;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({
    // The schema checks what would be sent, not the form's own shape (prices in dollars).
    resolver: zodResolver(
      z.preprocess((values: FieldValues) => payloadOf(kind, values), schema) as unknown as z.ZodType<
        FieldValues,
        FieldValues
      >,
    ),
    defaultValues: formValuesOf(kind, row),
  });

  const needsChoices = fields.some((f) => f.type === 'ref' || f.type === 'regions');
  useEffect(() => {
    if (!needsChoices) return;
    adminApi<Choices>('/catalog/choices')
      .then(setChoices)
      // Without them the pickers offer only what is saved: the form still opens.
      .catch(() => setChoices({ regions: [], productLines: [], plans: [], images: [], disks: [], bandwidth: [] }));
  }, [needsChoices]);

  const save = async (overVersion: number) => {
    const body = payloadOf(kind, getValues());
    setSale(null);
    try {
      if (row === null) await adminApi(`/catalog/${kind}`, { method: 'POST', body });
      else await adminApi(`/catalog/${kind}/${row.id}`, { method: 'PUT', body: { ...body, version: overVersion } });
      onDone(t('saved'));
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as Row);
        return;
      }
      const named =
        error instanceof AdminApiError ? (error.details?.sale as { name?: Localized } | undefined) : undefined;
      if (named) setSale(textIn(named.name, locale));
      showApiError(error, setError);
    }
  };

  const remove = async () => {
    if (!row) return;
    setBusy(true);
    try {
      await adminApi(`/catalog/${kind}/${row.id}`, {
        method: 'DELETE',
        query: { version: kind === 'reserved-labels' ? undefined : row.version },
      });
      setDeleting(false);
      onDone(t('deleted'));
    } catch (error) {
      setDeleting(false);
      setDeleteError(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    } finally {
      setBusy(false);
    }
  };

  const label = (name: string) => t(`fields.${name}` as never);
  const id = (name: string, l?: string) => `catalog-${name}${l ? `-${l}` : ''}`;
  const fieldError = (name: string) => messageIn((errors as FieldErrors)[name]);

  const conflictRows = (theirs: Row): ConflictRow[] => {
    const theirValues = formValuesOf(kind, theirs);
    const mine = getValues();
    return fields
      .filter((f) => f.type !== 'readonly')
      .flatMap((f) =>
        f.type === 'localized'
          ? ADMIN_LOCALES.map((l) => ({
              label: `${LOCALE_LABEL[l]} · ${label(f.name)}`,
              theirs: String((theirValues[f.name] as Localized)?.[l] ?? ''),
              mine: String((mine[f.name] as Localized)?.[l] ?? ''),
            }))
          : [
              {
                label: label(f.name),
                theirs: JSON.stringify(theirValues[f.name] ?? ''),
                mine: JSON.stringify(mine[f.name] ?? ''),
              },
            ],
      );
  };

  return (
    <form onSubmit={handleSubmit(() => save(version))} noValidate data-testid="catalog-form">
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
      {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="catalog-error" /> : null}
      {deleteError ? <Alert messageKey={deleteError} testId="catalog-delete-error" /> : null}
      {/* A reader sees every field as it is, and nothing to change it with. */}
      {/* The pickers are drawn once their choices are here: a select drawn before its options would lose its value. */}
      {needsChoices && choices === null ? <p aria-busy="true" className="h-64" /> : null}
      <fieldset disabled={!editable} className="min-w-0 space-y-4" hidden={needsChoices && choices === null}>
        <legend className="sr-only">
          {row
            ? t(editable ? 'editTitle' : 'viewTitle', { id: row.id })
            : t('newTitle', { kind: t(`kinds.${kind}.one`) })}
        </legend>
        {(needsChoices && choices === null ? [] : fields).map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            kind={kind}
            row={row}
            register={register}
            control={control}
            errors={errors}
            choices={choices}
            locale={locale}
            sale={sale}
            label={label}
            id={id}
            error={fieldError(f.name)}
          />
        ))}
      </fieldset>
      {editable ? (
        <div className="mt-6 flex flex-wrap justify-between gap-3">
          <Button type="submit" disabled={isSubmitting} data-testid="catalog-save">
            {isSubmitting ? te('saving') : row === null ? t('create') : te('save')}
          </Button>
          {row ? (
            <Button
              variant="secondary"
              className="text-red-800"
              onClick={() => setDeleting(true)}
              data-testid="catalog-delete"
            >
              {t('delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('deleteTitle', { id: row?.id ?? '' })}
        description={t('deleteText')}
        confirmLabel={t('delete')}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </form>
  );
}

function FieldInput({
  field: f,
  kind,
  row,
  register,
  control,
  errors,
  choices,
  locale,
  sale,
  label,
  id,
  error,
}: {
  field: Field;
  kind: CatalogKind;
  row: Row | null;
  register: UseFormRegister<FieldValues>;
  control: ReturnType<typeof useForm<FieldValues>>['control'];
  errors: FieldErrors;
  choices: Choices | null;
  locale: AdminLocale;
  sale: string | null;
  label: (name: string) => string;
  id: (name: string, l?: string) => string;
  error: string | undefined;
}) {
  const t = useTranslations('admin.catalog');
  const te = useTranslations('admin.editor');
  const errorText = useErrorText();
  switch (f.type) {
    case 'localized':
      return (
        <fieldset className="rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-semibold">{label(f.name)}</legend>
          <div className="grid gap-3 desk:grid-cols-3">
            {ADMIN_LOCALES.map((l) => {
              const props = {
                id: id(f.name, l),
                label: `${LOCALE_LABEL[l]} (${te('required')})`,
                error: messageIn((errors as FieldErrors)[f.name]?.[l as never]),
                lang: l,
                ...register(`${f.name}.${l}`),
              };
              return f.multiline ? <TextAreaField key={l} rows={3} {...props} /> : <TextField key={l} {...props} />;
            })}
          </div>
        </fieldset>
      );
    case 'checkbox':
      return (
        <div>
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              aria-describedby={error ? `${id(f.name)}-error` : undefined}
              aria-invalid={error ? true : undefined}
              data-testid={id(f.name)}
              {...register(f.name)}
            />
            {label(f.name)}
          </label>
          {f.name === 'active' ? <p className="mt-1 text-xs text-muted">{t('activeHint')}</p> : null}
          {error ? (
            <p id={`${id(f.name)}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id(f.name)}-error`}>
              {errorText(error)}
            </p>
          ) : null}
        </div>
      );
    case 'select':
      return (
        <SelectField id={id(f.name)} label={label(f.name)} error={error} {...register(f.name)}>
          {f.options.map((o) => (
            <option key={o} value={o}>
              {t.has(`options.${o}` as never) ? t(`options.${o}` as never) : o}
            </option>
          ))}
        </SelectField>
      );
    case 'ref': {
      const options = choices?.[f.choice] ?? [];
      const current = row?.[f.name];
      return (
        <SelectField id={id(f.name)} label={label(f.name)} error={error} {...register(f.name)}>
          <option value="">{f.optional ? t('none') : t('choose')}</option>
          {/* The saved value stays selectable while the choices load. */}
          {typeof current === 'string' && current && !options.some((o) => o.id === current) ? (
            <option value={current}>{current}</option>
          ) : null}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.mbps !== undefined ? `${o.mbps} Mbps` : textIn(o.name, locale)} ({o.id})
              {o.active === false ? ` · ${t('withdrawn')}` : ''}
            </option>
          ))}
        </SelectField>
      );
    }
    case 'regions': {
      const regions = choices?.regions ?? [];
      const saleNamed = error === 'api.admin.catalogPlanInSale' && sale;
      return (
        <fieldset
          className="rounded-lg border border-line p-3"
          aria-describedby={error ? `${id(f.name)}-error` : `${id(f.name)}-hint`}
          data-testid={id(f.name)}
        >
          <legend className="px-1 text-sm font-semibold">{label(f.name)}</legend>
          <p id={`${id(f.name)}-hint`} className="mb-2 text-xs text-muted">
            {t('regionsHint')}
          </p>
          <div className="grid gap-2 desk:grid-cols-3">
            {regions.map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={r.id}
                  className="h-4 w-4 accent-brand-600"
                  data-testid={`region-${r.id}`}
                  {...register(f.name)}
                />
                {textIn(r.name, locale)}
                {r.active === false ? <span className="text-xs text-muted">({t('withdrawn')})</span> : null}
              </label>
            ))}
          </div>
          {error ? (
            <p
              id={`${id(f.name)}-error`}
              role="alert"
              className="mt-2 text-sm text-red-700"
              data-testid={`${id(f.name)}-error`}
            >
              {saleNamed ? t('planInSale', { sale }) : errorText(error)}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case 'rules':
      return <RulesInput register={register} control={control} errors={errors} id={id} />;
    case 'readonly': {
      const value = row?.[f.name];
      const shown =
        row === null
          ? t('setOnPricing')
          : f.format === 'cents'
            ? `$${centsToDollars(value)}`
            : f.format === 'microUsd'
              ? `$${(Number(value) / 1_000_000).toFixed(4)}`
              : f.format === 'percent'
                ? `${Number(value) > 0 ? '+' : ''}${value} %`
                : value
                  ? t('yes')
                  : t('no');
      return (
        <div className="rounded-md bg-surface px-3 py-2 text-sm" data-testid={id(f.name)}>
          <span className="font-semibold">{label(f.name)}</span>: {shown}
          <span className="block text-xs text-muted">{t('pricingOwns')}</span>
        </div>
      );
    }
    default:
      return (
        <TextField
          id={id(f.name)}
          label={label(f.name)}
          error={error}
          inputMode={f.type === 'number' ? 'numeric' : f.type === 'money' ? 'decimal' : undefined}
          hint={
            f.type === 'key'
              ? row
                ? t('keyFixed')
                : t(kind === 'domain-suffixes' ? 'suffixHint' : 'codeHint')
              : f.type === 'money'
                ? t('moneyHint')
                : t.has(`hints.${f.name}` as never)
                  ? t(`hints.${f.name}` as never)
                  : undefined
          }
          readOnly={f.type === 'key' && row !== null}
          {...register(f.name)}
        />
      );
  }
}

/** A security-group template's rules, in the order they apply; each with its note in three languages. */
function RulesInput({
  register,
  control,
  errors,
  id,
}: {
  register: UseFormRegister<FieldValues>;
  control: ReturnType<typeof useForm<FieldValues>>['control'];
  errors: FieldErrors;
  id: (name: string, l?: string) => string;
}) {
  const t = useTranslations('admin.catalog');
  const { fields, append, remove } = useFieldArray({ control, name: 'rules' });
  const ruleErrors = (errors as FieldErrors).rules as unknown as FieldErrors[] | undefined;
  return (
    <fieldset className="rounded-lg border border-line p-3" data-testid="catalog-rules">
      <legend className="px-1 text-sm font-semibold">{t('fields.rules')}</legend>
      <ol className="space-y-4">
        {fields.map((rule, i) => {
          const own = ruleErrors?.[i];
          return (
            <li key={rule.id} className="rounded-md border border-line p-3">
              <p className="mb-2 text-sm font-semibold">{t('ruleNumber', { n: i + 1 })}</p>
              <div className="grid gap-3 desk:grid-cols-3">
                {(['direction', 'protocol', 'action'] as const).map((name) => (
                  <SelectField
                    key={name}
                    id={id(`rules-${i}-${name}`)}
                    label={t(`fields.${name}`)}
                    error={messageIn(own?.[name])}
                    {...register(`rules.${i}.${name}`)}
                  >
                    {RULE_OPTIONS[name].map((o) => (
                      <option key={o} value={o}>
                        {t(`options.${o}` as never)}
                      </option>
                    ))}
                  </SelectField>
                ))}
                <TextField
                  id={id(`rules-${i}-ports`)}
                  label={t('fields.ports')}
                  hint={t('hints.ports')}
                  error={messageIn(own?.ports)}
                  {...register(`rules.${i}.ports`)}
                />
                <TextField
                  id={id(`rules-${i}-cidr`)}
                  label={t('fields.cidr')}
                  error={messageIn(own?.cidr)}
                  {...register(`rules.${i}.cidr`)}
                />
                {ADMIN_LOCALES.map((l) => (
                  <TextField
                    key={l}
                    id={id(`rules-${i}-note`, l)}
                    label={`${t('fields.note')} · ${LOCALE_LABEL[l]}`}
                    lang={l}
                    error={messageIn((own?.note as FieldErrors | undefined)?.[l as never])}
                    {...register(`rules.${i}.note.${l}`)}
                  />
                ))}
              </div>
              <button
                type="button"
                className="mt-2 text-sm font-semibold text-red-700 hover:underline"
                onClick={() => remove(i)}
              >
                {t('removeRule', { n: i + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="mt-3" onClick={() => append(blankRule())}>
        {t('addRule')}
      </Button>
    </fieldset>
  );
}
