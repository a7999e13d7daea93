'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { FormProvider, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import {
  PRICE_FIELDS,
  type PricePreview,
  type PriceSnapshot,
  type PricesOverview,
  pricePreview,
  priceSchedule,
} from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { ConflictView } from '../conflict-view';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { FormField } from '../resource/fields';
import { fromLocalInput, toLocalInput } from '../resource/values';
import { Alert, Button, buttonClass, SelectField, TextField } from '../ui';
import { type ChangeValues, changeOf, type Subject, theirValues, valuesFor, versionOf } from './change-values';
import { PreviewTable } from './preview-table';
import { namesIn, usd } from './types';

type FormValues = ChangeValues & { when: 'now' | 'later'; startsAt: string };

/** The API names a change's field `change.<name>`; the form holds it flat, as one shared field. */
const formPath = (path: string) => path.replace(/^change\./, '');

/**
 * The form's check: what would be sent, by the API's own schema (a change made now needs only the change;
 * scheduled, a time to come too), its problems put at the form's fields. The handlers send the form's values.
 */
const resolver: Resolver<FormValues> = async (values) => {
  const payload = { change: changeOf(values), startsAt: fromLocalInput(values.startsAt) || values.startsAt };
  const checked = (values.when === 'later' ? priceSchedule : pricePreview).safeParse(payload);
  if (checked.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of checked.error.issues) {
    const name = formPath(issue.path.join('.'));
    errors[name] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * One price change: the fields of its row (the shared form fields), when it takes effect (now, or from a time), a
 * preview of what customers pay before and after in every currency (computed on the server by the quote's engine),
 * and save. The server's field errors show at their fields; a 409 shows its row beside what was typed.
 */
export function PriceChangeForm({
  overview,
  subject,
  onDone,
}: {
  overview: PricesOverview;
  subject: Subject;
  onDone: (scheduled: boolean) => void;
}) {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const names = namesIn(overview, locale);
  const [regionId, setRegionId] = useState('');
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [version, setVersion] = useState(() => versionOf(overview, valuesFor(overview, subject, '')));
  const [conflict, setConflict] = useState<PriceSnapshot | null>(null);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      ...valuesFor(overview, subject, ''),
      when: 'now',
      startsAt: toLocalInput(new Date(Date.now() + 3_600_000).toISOString()),
    },
  });
  const { register, handleSubmit, reset, getValues, watch, formState } = form;
  // A preview shows the values it was asked for: once they are edited it is out of date, and goes.
  useEffect(() => {
    const watching = watch(() => setPreview(null));
    return () => watching.unsubscribe();
  }, [watch]);
  const when = watch('when');
  const target = watch('target');
  const fields = PRICE_FIELDS[target];
  // A problem at a field the form does not show (the row it changes) is said above the fields.
  const setError: UseFormSetError<FormValues> = (name, error, options) => {
    const path = formPath(name);
    const shown = path === 'startsAt' || path.startsWith('root') || fields.some((f) => f.name === path);
    form.setError((shown ? path : 'root.server') as 'root.server', error, options);
  };

  const chooseRegion = (next: string) => {
    setRegionId(next);
    const change = valuesFor(overview, subject, next);
    reset({ when: getValues('when'), startsAt: getValues('startsAt'), ...change });
    setVersion(versionOf(overview, change));
  };

  const showPreview = async () => {
    setPreviewing(true);
    try {
      const body = { change: changeOf(getValues()) };
      setPreview(await adminApi<PricePreview>('/prices/preview', { body }));
    } catch (error) {
      showApiError(error, setError);
    } finally {
      setPreviewing(false);
    }
  };

  const save = async (overVersion: number) => {
    const values = getValues();
    const change = changeOf(values);
    try {
      if (values.when === 'later') {
        await adminApi('/prices/scheduled', { body: { change, startsAt: fromLocalInput(values.startsAt) } });
      } else {
        await adminApi<PriceSnapshot>('/prices', { method: 'PUT', body: { change, version: overVersion } });
      }
      onDone(values.when === 'later');
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as PriceSnapshot);
        return;
      }
      showApiError(error, setError);
    }
  };

  const plan = subject.target === 'plan' ? overview.plans.find((p) => p.id === subject.planId) : undefined;
  const ownHere = plan?.regions.find((r) => r.regionId === regionId);
  const labels = {
    label: (name: string) => t(`fields.${name}` as 'fields.monthlyPrice'),
    hint: (name: string) => {
      if (name === 'monthlyPrice' || name === 'hourlyPrice') {
        if (target !== 'planRegion' || !ownHere) return undefined;
        const price = name === 'monthlyPrice' ? ownHere.effectiveMonthlyCents : ownHere.effectiveHourlyMicroUsd;
        return t('followsHint', { price: usd(price, name === 'monthlyPrice' ? 2 : 6, locale) });
      }
      return t(`fields.${name}Hint` as 'fields.percentOffHint');
    },
  };
  const mine = getValues();

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(() => save(version))} noValidate className="space-y-4" data-testid="price-form">
        {conflict ? (
          <ConflictView
            title={t('conflictTitle')}
            rows={fields
              .filter((f) => f.kind !== 'checkbox')
              .map((f) => {
                const name = f.name as keyof ChangeValues;
                return {
                  label: labels.label(f.name),
                  theirs: String(theirValues(conflict, mine)[name] ?? ''),
                  mine: String(mine[name] ?? ''),
                };
              })}
            version={conflict.version}
            locale={locale}
            busy={formState.isSubmitting}
            onTakeTheirs={() => {
              reset({ ...getValues(), ...theirValues(conflict, getValues()) });
              setVersion(conflict.version);
              setConflict(null);
            }}
            onOverwrite={handleSubmit(() => save(conflict.version))}
          />
        ) : null}
        {formState.errors.root?.server ? (
          <Alert messageKey={formState.errors.root.server.message} testId="price-error" />
        ) : null}

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
                {t('scopeRegion', { region: names.region(r.regionId) })}
              </option>
            ))}
          </SelectField>
        ) : null}

        <div className="grid gap-4 desk:grid-cols-2">
          {fields.map((field) => (
            <div key={field.name} className={field.kind === 'checkbox' ? 'desk:col-span-2' : undefined}>
              <FormField
                field={field}
                resource={{ name: 'prices' }}
                choices={{}}
                editing={false}
                idPrefix="price"
                labels={labels}
              />
            </div>
          ))}
        </div>

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
                error={formState.errors.startsAt?.message}
                {...register('startsAt')}
              />
            </div>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={handleSubmit(showPreview)}
            disabled={previewing}
            data-testid="price-preview-button"
          >
            {previewing ? t('previewing') : t('preview')}
          </Button>
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={formState.isSubmitting}
            data-testid="price-submit"
          >
            {when === 'later' ? t('schedule') : t('saveNow')}
          </button>
        </div>
        <div aria-live="polite">{preview ? <PreviewTable preview={preview} names={names} /> : null}</div>
      </form>
    </FormProvider>
  );
}
