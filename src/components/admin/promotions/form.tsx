'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useState } from 'react';
import { type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  COUPON_KINDS,
  couponInput,
  PROMOTION_MONTHS,
  pintuanOfferInput,
  promotionInput,
  saleInput,
  saleItemInput,
} from '@/lib/admin/promotions-schemas';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { type ConflictRow, ConflictView } from '../conflict-view';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, Button, SelectField, TextAreaField, TextField } from '../ui';

/** What the forms choose from (GET /api/admin/promotion-options). */
export type PromotionOptions = {
  productLines: { id: string; name: Record<string, string> }[];
  plans: { id: string; lineId: string; name: Record<string, string>; regions: string[] }[];
  regions: { id: string; name: Record<string, string> }[];
  months: number[];
};

export type PromotionRow = Record<string, unknown> & { id: number; version: number };
export type FormKind = 'coupon' | 'sale' | 'saleItem' | 'pintuanOffer' | 'campaign';

type Field = {
  name: string;
  kind:
    | 'localized'
    | 'localizedArea'
    | 'money'
    | 'integer'
    | 'datetime'
    | 'checkbox'
    | 'couponKind'
    | 'products'
    | 'plan'
    | 'region'
    | 'months'
    | 'text';
  /** Shown only when this holds for what is typed (a percentage only on a percent coupon). */
  when?: (values: FieldValues) => boolean;
  /** Set when the row is made, not changed after (a coupon in the welcome bundle or not). */
  createOnly?: boolean;
};

const localizedBlank = () => ({ en: '', zh: '', ja: '' });

/** `2026-05-01T09:30` in the browser's time zone, as a datetime-local input shows it. */
export function toLocalInput(iso: unknown): string {
  const date = new Date(String(iso ?? ''));
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const inDays = (days: number) => toLocalInput(new Date(Date.now() + days * 86_400_000).toISOString());

/**
 * Each editor's fields, in the order shown, and a new row's values. Money is typed in US dollars and sent in
 * cents, as the tables keep it; the schema of src/lib/admin/promotions-schemas.ts checks what would be sent.
 */
const FORMS: Record<FormKind, { schema: z.ZodType; fields: Field[]; blank: () => FieldValues }> = {
  coupon: {
    schema: couponInput,
    fields: [
      { name: 'name', kind: 'localized' },
      { name: 'kind', kind: 'couponKind' },
      { name: 'amountCents', kind: 'money', when: (v) => v.kind === 'amount' },
      { name: 'percentOff', kind: 'integer', when: (v) => v.kind === 'percent' },
      { name: 'thresholdCents', kind: 'money' },
      { name: 'products', kind: 'products' },
      // The welcome bundle is given with each claim and valid from then: no schedule, stock or limit of its own.
      { name: 'startsAt', kind: 'datetime', when: (v) => !v.welcome },
      { name: 'endsAt', kind: 'datetime', when: (v) => !v.welcome },
      { name: 'validDays', kind: 'integer' },
      { name: 'stockTotal', kind: 'integer', when: (v) => !v.welcome },
      { name: 'perUserLimit', kind: 'integer', when: (v) => !v.welcome },
      { name: 'newCustomerOnly', kind: 'checkbox', when: (v) => !v.welcome },
      { name: 'welcome', kind: 'checkbox', createOnly: true },
      { name: 'sort', kind: 'integer' },
    ],
    blank: () => ({
      name: localizedBlank(),
      kind: 'amount',
      amountCents: '',
      percentOff: '',
      thresholdCents: '0',
      products: [],
      startsAt: inDays(0),
      endsAt: inDays(30),
      validDays: 30,
      stockTotal: 100,
      perUserLimit: 1,
      newCustomerOnly: false,
      welcome: false,
      sort: 0,
    }),
  },
  sale: {
    schema: saleInput,
    fields: [
      { name: 'name', kind: 'localized' },
      { name: 'description', kind: 'localizedArea' },
      { name: 'startsAt', kind: 'datetime' },
      { name: 'endsAt', kind: 'datetime' },
    ],
    blank: () => ({
      name: localizedBlank(),
      description: localizedBlank(),
      startsAt: inDays(0),
      endsAt: inDays(14),
    }),
  },
  saleItem: {
    schema: saleItemInput,
    fields: [
      { name: 'planId', kind: 'plan' },
      { name: 'regionId', kind: 'region' },
      { name: 'months', kind: 'months' },
      { name: 'salePriceCents', kind: 'money' },
      { name: 'stockTotal', kind: 'integer' },
      { name: 'perUserLimit', kind: 'integer' },
      { name: 'sort', kind: 'integer' },
    ],
    blank: () => ({
      planId: '',
      regionId: '',
      months: 12,
      salePriceCents: '',
      stockTotal: 50,
      perUserLimit: 1,
      sort: 0,
    }),
  },
  pintuanOffer: {
    schema: pintuanOfferInput,
    fields: [
      { name: 'name', kind: 'localized' },
      { name: 'planId', kind: 'plan' },
      { name: 'regionId', kind: 'region' },
      { name: 'months', kind: 'months' },
      { name: 'groupSize', kind: 'integer' },
      { name: 'groupHours', kind: 'integer' },
      { name: 'groupPriceCents', kind: 'money' },
      { name: 'singlePriceCents', kind: 'money' },
      { name: 'startsAt', kind: 'datetime' },
      { name: 'endsAt', kind: 'datetime' },
      { name: 'rules', kind: 'localizedArea' },
      { name: 'sort', kind: 'integer' },
    ],
    blank: () => ({
      name: localizedBlank(),
      planId: '',
      regionId: '',
      months: 12,
      groupSize: 2,
      groupHours: 24,
      groupPriceCents: '',
      singlePriceCents: '',
      startsAt: inDays(0),
      endsAt: inDays(30),
      rules: localizedBlank(),
      sort: 0,
    }),
  },
  campaign: {
    schema: promotionInput,
    fields: [
      { name: 'title', kind: 'localized' },
      { name: 'subtitle', kind: 'localized' },
      { name: 'body', kind: 'localizedArea' },
      { name: 'ctaLabel', kind: 'localized' },
      { name: 'ctaPath', kind: 'text' },
      { name: 'imageUrl', kind: 'text' },
      { name: 'slug', kind: 'text' },
      { name: 'accent', kind: 'text' },
      { name: 'popup', kind: 'checkbox' },
      { name: 'startsAt', kind: 'datetime' },
      { name: 'endsAt', kind: 'datetime' },
      { name: 'sort', kind: 'integer' },
    ],
    blank: () => ({
      title: localizedBlank(),
      subtitle: localizedBlank(),
      body: localizedBlank(),
      ctaLabel: localizedBlank(),
      ctaPath: '/activity/promotion',
      imageUrl: '',
      slug: '',
      accent: '#0284c7',
      popup: false,
      startsAt: inDays(0),
      endsAt: inDays(30),
      sort: 0,
    }),
  },
};

/** Cents as the dollars a money field shows ("12.50"). */
const dollars = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '');

/** A row as its form holds it. */
export function formValuesOf(kind: FormKind, row: PromotionRow): FieldValues {
  const values: FieldValues = {};
  for (const field of FORMS[kind].fields) {
    const value = row[field.name];
    if (field.kind === 'localized' || field.kind === 'localizedArea') {
      const texts = (value ?? {}) as Partial<Record<AdminLocale, string>>;
      values[field.name] = Object.fromEntries(ADMIN_LOCALES.map((l) => [l, texts[l] ?? '']));
    } else if (field.kind === 'datetime') values[field.name] = toLocalInput(value);
    else if (field.kind === 'money') values[field.name] = dollars(value);
    else if (field.kind === 'checkbox') values[field.name] = Boolean(value);
    else if (field.kind === 'products') values[field.name] = Array.isArray(value) ? value : [];
    else values[field.name] = value ?? '';
  }
  return values;
}

/** Dollars typed ("12.5", "12.50") as cents; what is not a number is sent as typed, for the schema to refuse. */
function centsOf(value: unknown): unknown {
  const text = String(value ?? '').trim();
  if (text === '') return undefined;
  if (!/^-?\d+(\.\d{0,2})?$/.test(text)) return text;
  return Math.round(Number(text) * 100);
}

/** What the form holds, in the shape the API takes. */
export function payloadOf(kind: FormKind, values: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const field of FORMS[kind].fields) {
    const value = values[field.name];
    if (field.kind === 'datetime') {
      const date = new Date(String(value ?? ''));
      out[field.name] = Number.isNaN(date.getTime()) ? '' : date.toISOString();
    } else if (field.kind === 'money') out[field.name] = centsOf(value);
    else if (field.kind === 'integer' || field.kind === 'months') {
      const text = String(value ?? '').trim();
      out[field.name] = text === '' ? undefined : /^-?\d+$/.test(text) ? Number(text) : text;
    } else if (field.kind === 'products') out[field.name] = Array.isArray(value) ? value : value ? [value] : [];
    else out[field.name] = value;
  }
  // A welcome coupon keeps a stock the bundle does not use; the form does not show it, nor should it refuse it.
  if (kind === 'coupon' && out.welcome) {
    out.stockTotal ??= 0;
    out.perUserLimit ??= 1;
  }
  return out;
}

/** The first message anywhere under a field (one language of a text). */
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

const nameIn = (names: Record<string, string> | undefined, locale: AdminLocale) => names?.[locale] || names?.en || '';

/**
 * One promotion editor: a new row or a change to one, checked in the browser by the API's own schema, refusals
 * from the server shown at their fields with what was typed kept, and a save over someone else's newer save
 * shown side by side (409). `path` is where it is sent: POST to make one, PUT with the version to change it.
 */
export function PromotionForm({
  kind,
  row,
  path,
  options,
  onSaved,
  preset,
}: {
  kind: FormKind;
  row: PromotionRow | null;
  /** Values a new row starts with beside the blank ones (a welcome coupon has the box ticked). */
  preset?: FieldValues;
  path: string;
  options: PromotionOptions | null;
  onSaved: (saved: PromotionRow) => void;
}) {
  const t = useTranslations('admin.promotions');
  const te = useTranslations('admin.editor');
  const locale = useLocale() as AdminLocale;
  const config = FORMS[kind];
  const [version, setVersion] = useState(row?.version ?? 0);
  const [conflict, setConflict] = useState<PromotionRow | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({
    // The schema checks what would be sent (cents, ISO times), not the form's own shape.
    resolver: zodResolver(
      z.preprocess((values: FieldValues) => payloadOf(kind, values), config.schema) as unknown as z.ZodType<
        FieldValues,
        FieldValues
      >,
    ),
    defaultValues: row ? formValuesOf(kind, row) : { ...config.blank(), ...preset },
  });
  const values = watch();

  const save = async (overVersion: number) => {
    const body = payloadOf(kind, getValues());
    try {
      const saved =
        row === null
          ? await adminApi<PromotionRow>(path, { method: 'POST', body })
          : await adminApi<PromotionRow>(path, { method: 'PUT', body: { ...body, version: overVersion } });
      onSaved(saved);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as PromotionRow);
        return;
      }
      showApiError(error, setError);
    }
  };

  const fieldError = (name: string) => messageIn((errors as FieldErrors)[name]);
  const label = (name: string) => t(`fields.${name}` as never);
  const id = (name: string, l?: AdminLocale) => `promo-${name}${l ? `-${l}` : ''}`;
  const hint = (name: string): string | undefined => {
    if (name === 'stockTotal' && row) {
      const taken = Number(row.claimed ?? row.sold ?? 0);
      return t(kind === 'coupon' ? 'hints.stockClaimed' : 'hints.stockSold', { count: taken });
    }
    const key = `hints.${name}`;
    return t.has(key as never) ? t(key as never) : undefined;
  };

  const shown = config.fields.filter((f) => (!f.when || f.when(values)) && (!f.createOnly || row === null));

  const conflictRows = (theirs: PromotionRow): ConflictRow[] => {
    const theirValues = formValuesOf(kind, theirs);
    const mine = getValues();
    return config.fields.flatMap((f) =>
      f.kind === 'localized' || f.kind === 'localizedArea'
        ? ADMIN_LOCALES.map((l) => ({
            label: `${LOCALE_LABEL[l]} · ${label(f.name)}`,
            theirs: String(theirValues[f.name]?.[l] ?? ''),
            mine: String(mine[f.name]?.[l] ?? ''),
          }))
        : [{ label: label(f.name), theirs: String(theirValues[f.name] ?? ''), mine: String(mine[f.name] ?? '') }],
    );
  };

  const plan = options?.plans.find((p) => p.id === values.planId);

  return (
    <form onSubmit={handleSubmit(() => save(version))} noValidate className="space-y-4" data-testid="promo-form">
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
      {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="promo-error" /> : null}
      <div className="grid gap-4 desk:grid-cols-2">
        {shown.map((f) => {
          const error = fieldError(f.name);
          if (f.kind === 'localized' || f.kind === 'localizedArea') {
            return (
              <fieldset key={f.name} className="rounded-lg border border-line p-3 desk:col-span-2">
                <legend className="px-1 text-sm font-semibold">{label(f.name)}</legend>
                {hint(f.name) ? <p className="mb-2 text-xs text-muted">{hint(f.name)}</p> : null}
                <div className="grid gap-3 desk:grid-cols-3">
                  {ADMIN_LOCALES.map((l) => {
                    const own = messageIn((errors as FieldErrors)[f.name]?.[l as never]);
                    const props = {
                      id: id(f.name, l),
                      label: `${LOCALE_LABEL[l]}${l === 'en' && f.name !== 'rules' ? ` (${te('required')})` : ''}`,
                      error: own ?? (l === 'en' && error && !own ? error : undefined),
                      lang: l,
                      ...register(`${f.name}.${l}`),
                    };
                    return f.kind === 'localizedArea' ? (
                      <TextAreaField key={l} rows={3} {...props} />
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
              <div key={f.name} className="desk:col-span-2">
                <label className="flex items-center gap-2 text-sm font-semibold">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    aria-describedby={hint(f.name) ? `${id(f.name)}-hint` : undefined}
                    {...register(f.name)}
                  />
                  {label(f.name)}
                </label>
                {hint(f.name) ? (
                  <p id={`${id(f.name)}-hint`} className="mt-1 text-xs text-muted">
                    {hint(f.name)}
                  </p>
                ) : null}
              </div>
            );
          }
          if (f.kind === 'products') {
            return (
              <fieldset
                key={f.name}
                className="rounded-lg border border-line p-3 desk:col-span-2"
                aria-describedby={`${id(f.name)}-hint${error ? ` ${id(f.name)}-error` : ''}`}
              >
                <legend className="px-1 text-sm font-semibold">{label(f.name)}</legend>
                <p id={`${id(f.name)}-hint`} className="mb-2 text-xs text-muted">
                  {t('hints.products')}
                </p>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {[
                    ...(options?.productLines ?? []).map((p) => ({ id: p.id, name: nameIn(p.name, locale) })),
                    { id: 'domain', name: t('domains') },
                  ].map((p) => (
                    <label key={p.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        value={p.id}
                        className="h-4 w-4 accent-brand-600"
                        {...register('products')}
                      />
                      {p.name}
                    </label>
                  ))}
                </div>
                {error ? <FieldMessage id={`${id(f.name)}-error`} messageKey={error} /> : null}
              </fieldset>
            );
          }
          if (f.kind === 'couponKind' || f.kind === 'plan' || f.kind === 'region' || f.kind === 'months') {
            const choices: { value: string; label: string }[] =
              f.kind === 'couponKind'
                ? COUPON_KINDS.map((k) => ({ value: k, label: t(`couponKinds.${k}`) }))
                : f.kind === 'months'
                  ? (options?.months ?? PROMOTION_MONTHS).map((m) => ({
                      value: String(m),
                      label: t('monthsOption', { count: m }),
                    }))
                  : f.kind === 'plan'
                    ? (options?.plans ?? []).map((p) => ({ value: p.id, label: `${nameIn(p.name, locale)} (${p.id})` }))
                    : (options?.regions ?? [])
                        .filter((r) => !plan || plan.regions.includes(r.id))
                        .map((r) => ({ value: r.id, label: nameIn(r.name, locale) }));
            return (
              <SelectField
                key={f.name}
                id={id(f.name)}
                label={label(f.name)}
                error={error}
                hint={hint(f.name)}
                {...register(f.name)}
              >
                {f.kind === 'plan' || f.kind === 'region' ? <option value="">{t('choose')}</option> : null}
                {choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
            );
          }
          return (
            <TextField
              key={f.name}
              id={id(f.name)}
              label={f.kind === 'money' ? `${label(f.name)} (USD)` : label(f.name)}
              error={error}
              hint={hint(f.name)}
              type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={f.kind === 'money' ? 'decimal' : f.kind === 'integer' ? 'numeric' : undefined}
              {...register(f.name)}
            />
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" disabled={isSubmitting} data-testid="promo-save">
          {isSubmitting ? te('saving') : row === null ? t('create') : te('save')}
        </Button>
      </div>
    </form>
  );
}

function FieldMessage({ id, messageKey }: { id: string; messageKey: string }) {
  const t = useTranslations();
  const text = t.has(messageKey as never) ? t(messageKey as never) : t('api.field.invalid');
  return (
    <p id={id} className="mt-2 text-sm text-red-700" data-testid={`${id}`}>
      {text}
    </p>
  );
}
