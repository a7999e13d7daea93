'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type PriceChange,
  type PriceChangeInput,
  pricePreview,
  priceSchedule,
  usdText,
} from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { ConflictView } from '../conflict-view';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, Button, buttonClass, SelectField, TextField } from '../ui';
import { PreviewTable } from './preview-table';
import { localized, type Overview, type Preview, usd } from './types';

/** The row a dialog edits: a plan (its base prices or its price in one region), a region, a term, a licence. */
export type Subject =
  | { target: 'plan'; planId: string }
  | { target: 'region'; regionId: string }
  | { target: 'term'; months: number }
  | { target: 'licence'; imageId: string };

type ChangeValues = {
  target: PriceChange['target'];
  planId?: string;
  regionId?: string;
  months?: number;
  imageId?: string;
  monthlyPrice?: string;
  hourlyPrice?: string;
  hourlyBilling?: boolean;
  priceAdjustmentPct?: string;
  percentOff?: string;
  licencePerVcpu?: string;
};
type FormValues = { change: ChangeValues; when: 'now' | 'later'; startsAt: string };

/** `2026-05-01T09:30` in the browser's time zone, as a datetime-local input shows it. */
function toLocalInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The change as the API takes it, from what the form holds (only the fields of its target). */
function changeOf(values: ChangeValues): PriceChangeInput {
  switch (values.target) {
    case 'plan':
      return {
        target: 'plan',
        planId: values.planId ?? '',
        monthlyPrice: values.monthlyPrice ?? '',
        hourlyPrice: values.hourlyPrice ?? '',
        hourlyBilling: Boolean(values.hourlyBilling),
      };
    case 'planRegion':
      return {
        target: 'planRegion',
        planId: values.planId ?? '',
        regionId: values.regionId ?? '',
        monthlyPrice: values.monthlyPrice ?? '',
        hourlyPrice: values.hourlyPrice ?? '',
      };
    case 'region':
      return { target: 'region', regionId: values.regionId ?? '', priceAdjustmentPct: values.priceAdjustmentPct ?? '' };
    case 'term':
      return { target: 'term', months: values.months ?? 0, percentOff: values.percentOff ?? '' };
    case 'licence':
      return { target: 'licence', imageId: values.imageId ?? '', licencePerVcpu: values.licencePerVcpu ?? '' };
  }
}

function startsAtOf(local: string): string {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
}

/** The form's values for a row as it is stored now (a plan in a region: its own prices, empty when it follows). */
function valuesFor(overview: Overview, subject: Subject, regionId: string): ChangeValues {
  switch (subject.target) {
    case 'plan': {
      const plan = overview.plans.find((p) => p.id === subject.planId);
      if (regionId) {
        const own = plan?.regions.find((r) => r.regionId === regionId);
        return {
          target: 'planRegion',
          planId: subject.planId,
          regionId,
          monthlyPrice: own?.monthlyPriceCents == null ? '' : usdText(own.monthlyPriceCents, 2),
          hourlyPrice: own?.hourlyPriceMicroUsd == null ? '' : usdText(own.hourlyPriceMicroUsd, 6),
        };
      }
      return {
        target: 'plan',
        planId: subject.planId,
        monthlyPrice: plan ? usdText(plan.monthlyPriceCents, 2) : '',
        hourlyPrice: plan ? usdText(plan.hourlyPriceMicroUsd, 6) : '',
        hourlyBilling: plan?.hourlyBilling ?? true,
      };
    }
    case 'region': {
      const region = overview.regions.find((r) => r.id === subject.regionId);
      return {
        target: 'region',
        regionId: subject.regionId,
        priceAdjustmentPct: String(region?.priceAdjustmentPct ?? 0),
      };
    }
    case 'term': {
      const term = overview.terms.find((x) => x.months === subject.months);
      return { target: 'term', months: subject.months, percentOff: String(term?.percentOff ?? 0) };
    }
    case 'licence': {
      const image = overview.images.find((i) => i.id === subject.imageId);
      return {
        target: 'licence',
        imageId: subject.imageId,
        licencePerVcpu: usdText(image?.licenceCentsPerVcpu ?? 0, 2),
      };
    }
  }
}

/** The version of the row the form would change, as loaded. */
function versionOf(overview: Overview, values: ChangeValues): number {
  switch (values.target) {
    case 'plan':
      return overview.plans.find((p) => p.id === values.planId)?.version ?? 0;
    case 'planRegion':
      return (
        overview.plans.find((p) => p.id === values.planId)?.regions.find((r) => r.regionId === values.regionId)
          ?.version ?? 0
      );
    case 'region':
      return overview.regions.find((r) => r.id === values.regionId)?.version ?? 0;
    case 'term':
      return overview.terms.find((x) => x.months === values.months)?.version ?? 0;
    case 'licence':
      return overview.images.find((i) => i.id === values.imageId)?.version ?? 0;
  }
}

/** A row's price fields as the API's 409 gives them (`current`), as the form would show them. */
function theirValues(current: Record<string, unknown>, mine: ChangeValues): ChangeValues {
  const cents = (v: unknown, digits: number) => (typeof v === 'number' ? usdText(v, digits) : '');
  return {
    ...mine,
    monthlyPrice: 'monthlyPriceCents' in current ? cents(current.monthlyPriceCents, 2) : mine.monthlyPrice,
    hourlyPrice: 'hourlyPriceMicroUsd' in current ? cents(current.hourlyPriceMicroUsd, 6) : mine.hourlyPrice,
    hourlyBilling: 'hourlyBilling' in current ? Boolean(current.hourlyBilling) : mine.hourlyBilling,
    priceAdjustmentPct: 'priceAdjustmentPct' in current ? String(current.priceAdjustmentPct) : mine.priceAdjustmentPct,
    percentOff: 'percentOff' in current ? String(current.percentOff) : mine.percentOff,
    licencePerVcpu: 'licenceCentsPerVcpu' in current ? cents(current.licenceCentsPerVcpu, 2) : mine.licencePerVcpu,
  };
}

/**
 * One price change: the fields of its row, when it takes effect (now, or from a time), a preview of what customers
 * pay before and after in every currency (computed on the server by the quote's engine), and save. Checked with
 * the API's own schemas (src/lib/admin/prices-schemas.ts); the server's field errors show at their fields.
 */
export function PriceChangeForm({
  overview,
  subject,
  onDone,
}: {
  overview: Overview;
  subject: Subject;
  onDone: (scheduled: boolean) => void;
}) {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const [regionId, setRegionId] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [version, setVersion] = useState(() => versionOf(overview, valuesFor(overview, subject, '')));
  const [conflict, setConflict] = useState<{ current: Record<string, unknown>; version: number } | null>(null);

  // The schema follows the choice of when: a change made now needs only the change; scheduled, a time to come.
  // It checks what would be sent; the handlers send the form's own values (the schema's output is in cents).
  const resolver: Resolver<FormValues> = (values, context, options) => {
    const payload = { change: changeOf(values.change), startsAt: startsAtOf(values.startsAt) };
    const schema = values.when === 'later' ? priceSchedule : pricePreview;
    return zodResolver(z.preprocess(() => payload, schema) as unknown as z.ZodType<FormValues, FormValues>)(
      values,
      context,
      options,
    );
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: {
      change: valuesFor(overview, subject, ''),
      when: 'now',
      startsAt: toLocalInput(new Date(Date.now() + 3_600_000)),
    },
  });
  // A preview shows the values it was asked for: once they are edited it is out of date, and goes.
  useEffect(() => {
    const watching = watch(() => setPreview(null));
    return () => watching.unsubscribe();
  }, [watch]);
  const when = watch('when');
  const target = watch('change.target');
  const fieldError = (name: keyof ChangeValues) => errors.change?.[name]?.message;

  const chooseRegion = (next: string) => {
    setRegionId(next);
    setPreview(null);
    const change = valuesFor(overview, subject, next);
    reset({ ...getValues(), change });
    setVersion(versionOf(overview, change));
  };

  const showPreview = async (values: FormValues) => {
    setPreviewing(true);
    try {
      setPreview(await adminApi<Preview>('/prices/preview', { body: { change: changeOf(values.change) } }));
    } catch (error) {
      showApiError(error, setError);
    } finally {
      setPreviewing(false);
    }
  };

  const save = async (values: FormValues, overVersion: number) => {
    const change = changeOf(values.change);
    try {
      if (values.when === 'later') {
        await adminApi('/prices/scheduled', { body: { change, startsAt: startsAtOf(values.startsAt) } });
      } else {
        await adminApi('/prices', { method: 'PUT', body: { change, version: overVersion } });
      }
      onDone(values.when === 'later');
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        const current = error.current as Record<string, unknown>;
        setConflict({ current, version: Number(current.version) });
        return;
      }
      showApiError(error, setError);
    }
  };

  const plan = subject.target === 'plan' ? overview.plans.find((p) => p.id === subject.planId) : undefined;
  const ownHere = plan?.regions.find((r) => r.regionId === regionId);
  const regionLabel = (id: string) => {
    const region = overview.regions.find((r) => r.id === id);
    return region ? localized(region.city, locale) : id;
  };
  const mine = getValues('change');

  return (
    <form
      onSubmit={handleSubmit(() => save(getValues(), version))}
      noValidate
      className="space-y-4"
      data-testid="price-form"
    >
      {conflict ? (
        <ConflictView
          title={t('conflictTitle')}
          rows={(
            [
              ['monthlyPrice', t('monthly')],
              ['hourlyPrice', t('hourly')],
              ['priceAdjustmentPct', t('adjustment')],
              ['percentOff', t('discount')],
              ['licencePerVcpu', t('licence')],
            ] as const
          )
            .filter(([name]) => mine[name] !== undefined)
            .map(([name, label]) => ({
              label,
              theirs: String(theirValues(conflict.current, mine)[name] ?? ''),
              mine: String(mine[name] ?? ''),
            }))}
          version={conflict.version}
          locale={locale}
          busy={isSubmitting}
          onTakeTheirs={() => {
            reset({ ...getValues(), change: theirValues(conflict.current, getValues('change')) });
            setVersion(conflict.version);
            setConflict(null);
          }}
          onOverwrite={handleSubmit(() => save(getValues(), conflict.version))}
        />
      ) : null}
      {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="price-error" /> : null}

      {plan ? (
        <SelectField
          id="price-scope"
          label={t('scope')}
          value={regionId}
          onChange={(e) => chooseRegion(e.target.value)}
          hint={regionId ? t('scopeRegionHint') : t('scopeBaseHint')}
        >
          <option value="">{t('scopeBase')}</option>
          {plan.regions.map((r) => (
            <option key={r.regionId} value={r.regionId}>
              {t('scopeRegion', { region: regionLabel(r.regionId) })}
            </option>
          ))}
        </SelectField>
      ) : null}

      {target === 'plan' || target === 'planRegion' ? (
        <div className="grid gap-4 desk:grid-cols-2">
          <TextField
            id="price-monthly"
            label={t('monthlyUsd')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('monthlyPrice')}
            hint={
              target === 'planRegion' && ownHere
                ? t('followsHint', { price: usd(ownHere.effectiveMonthlyCents, 2, locale) })
                : undefined
            }
            {...register('change.monthlyPrice')}
          />
          <TextField
            id="price-hourly"
            label={t('hourlyUsd')}
            inputMode="decimal"
            autoComplete="off"
            error={fieldError('hourlyPrice')}
            hint={
              target === 'planRegion' && ownHere
                ? t('followsHint', { price: usd(ownHere.effectiveHourlyMicroUsd, 6, locale) })
                : undefined
            }
            {...register('change.hourlyPrice')}
          />
          {target === 'plan' ? (
            <label className="flex items-center gap-2 text-sm desk:col-span-2">
              <input type="checkbox" className="h-4 w-4" {...register('change.hourlyBilling')} />
              {t('hourlyBilling')}
            </label>
          ) : null}
        </div>
      ) : null}
      {target === 'region' ? (
        <TextField
          id="price-adjustment"
          label={t('adjustmentPct')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('adjustmentHint')}
          error={fieldError('priceAdjustmentPct')}
          {...register('change.priceAdjustmentPct')}
        />
      ) : null}
      {target === 'term' ? (
        <TextField
          id="price-discount"
          label={t('discountPct')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('discountHint')}
          error={fieldError('percentOff')}
          {...register('change.percentOff')}
        />
      ) : null}
      {target === 'licence' ? (
        <TextField
          id="price-licence"
          label={t('licenceUsd')}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError('licencePerVcpu')}
          {...register('change.licencePerVcpu')}
        />
      ) : null}

      <fieldset className="rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-semibold">{t('when')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="now" {...register('when')} />
            {t('whenNow')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="later" {...register('when')} data-testid="price-when-later" />
            {t('whenLater')}
          </label>
        </div>
        {when === 'later' ? (
          <div className="mt-3">
            <TextField
              id="price-starts-at"
              type="datetime-local"
              step={1}
              label={t('startsAt')}
              hint={t('startsAtHint')}
              error={errors.startsAt?.message}
              {...register('startsAt')}
            />
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={handleSubmit(() => showPreview(getValues()))}
          disabled={previewing}
          data-testid="price-preview-button"
        >
          {previewing ? t('previewing') : t('preview')}
        </Button>
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting} data-testid="price-submit">
          {when === 'later' ? t('schedule') : t('saveNow')}
        </button>
      </div>
      <div aria-live="polite">{preview ? <PreviewTable preview={preview} overview={overview} /> : null}</div>
    </form>
  );
}
