'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DASHBOARD_PRESETS, dashboardQuery, daysBetween } from '@/lib/admin/dashboard-schemas';
import type { AdminApiError } from '../api';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Button, TextField } from '../ui';

/** The dashboard's period: 7, 30 or 90 days ending today in a chosen zone, or two dates. */
export type Period = { from: string; to: string; tz: string };
export type Mode = (typeof DASHBOARD_PRESETS)[number] | 'custom';

export function useDates() {
  const locale = useLocale();
  return useMemo(() => {
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const withDay = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      timeZone: 'UTC',
    });
    const short = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const at = (day: string) => new Date(`${day}T00:00:00Z`);
    return {
      long: (day: string) => long.format(at(day)),
      withDay: (day: string) => withDay.format(at(day)),
      short: (day: string) => short.format(at(day)),
    };
  }, [locale]);
}

export function PeriodText({ period }: { period: Period }) {
  const t = useTranslations('admin.dashboard.period');
  const dates = useDates();
  return (
    <>
      {t('stated', {
        from: dates.long(period.from),
        to: dates.long(period.to),
        days: daysBetween(period.from, period.to),
        zone: period.tz,
      })}
    </>
  );
}

export function PeriodPicker({
  mode,
  period,
  zones,
  onPreset,
  onCustom,
  onZone,
  refusal,
}: {
  mode: Mode;
  period: Period;
  zones: string[];
  onPreset: (days: (typeof DASHBOARD_PRESETS)[number]) => void;
  onCustom: (period: Period) => void;
  onZone: (tz: string) => void;
  refusal: AdminApiError | null;
}) {
  const t = useTranslations('admin.dashboard.period');
  const [custom, setCustom] = useState(mode === 'custom');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(dashboardQuery), defaultValues: period });

  // The custom fields start from the period on screen, in its zone.
  useEffect(() => {
    if (!custom) reset(period);
  }, [custom, period, reset]);

  // The same rules as the server's; a refusal from it still lands next to its field.
  useEffect(() => {
    if (refusal && custom) showApiError(refusal, setError);
  }, [refusal, custom, setError]);

  const submit = handleSubmit((values) => onCustom({ from: values.from, to: values.to, tz: period.tz }));

  const option = (selected: boolean) =>
    `cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${selected ? 'border-brand-600 bg-brand-600 font-semibold text-white' : 'border-line bg-white text-ink hover:bg-surface'}`;

  return (
    <div className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-ink">{t('legend')}</legend>
          <div className="flex flex-wrap gap-2" data-testid="period-presets">
            {DASHBOARD_PRESETS.map((days) => (
              <label key={days} className={option(!custom && mode === days)}>
                <input
                  type="radio"
                  name="dashboard-period"
                  value={days}
                  checked={!custom && mode === days}
                  onChange={() => {
                    setCustom(false);
                    onPreset(days);
                  }}
                  className="sr-only"
                />
                {t('preset', { days })}
              </label>
            ))}
            <label className={option(custom)}>
              <input
                type="radio"
                name="dashboard-period"
                value="custom"
                checked={custom}
                onChange={() => setCustom(true)}
                className="sr-only"
              />
              {t('custom')}
            </label>
          </div>
        </fieldset>
        <label className="text-sm">
          <span className="block font-semibold text-ink">{t('zone')}</span>
          <select
            value={period.tz}
            onChange={(event) => onZone(event.target.value)}
            className="mt-1 rounded-md border border-line bg-white px-3 py-2 text-sm"
            data-testid="period-zone"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone === 'UTC' ? t('zoneUtc') : t('zoneLocal', { zone })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {custom ? (
        <form
          onSubmit={submit}
          noValidate
          className="mt-4 flex flex-wrap items-start gap-3 border-t border-line pt-4"
          data-testid="period-custom"
        >
          <div className="w-full desk:w-48">
            <TextField
              id="period-from"
              label={t('from')}
              type="date"
              error={errors.from?.message}
              {...register('from')}
            />
          </div>
          <div className="w-full desk:w-48">
            <TextField id="period-to" label={t('to')} type="date" error={errors.to?.message} {...register('to')} />
          </div>
          <Button type="submit" className="w-full desk:mt-6 desk:w-auto">
            {t('show')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
