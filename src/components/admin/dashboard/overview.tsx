'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CURRENCY_DIGITS,
  DASHBOARD_CURRENCIES,
  DASHBOARD_PRESETS,
  type DashboardCurrency,
  type DashboardSection,
  type DashboardSeries,
  dashboardQuery,
  daysBetween,
  presetPeriod,
} from '@/lib/admin/dashboard-schemas';
import { AdminApiError, adminApi } from '../api';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { OperatorNotices } from '../notices';
import { Alert, Button, TextField } from '../ui';
import type { ChartLine } from './chart';

/**
 * The dashboard's numbers over a period (docs/product/back-office-dashboard.md): a period picker (7, 30 or 90 days
 * ending today, or two dates), then one block per section the role may see, each with its totals, its charts and
 * their data tables. The chart library is fetched only here, once the first numbers are in.
 */
const LineChart = dynamic(() => import('./chart'), {
  ssr: false,
  loading: () => <div className="h-[240px]" />,
});

type Period = { from: string; to: string; tz: string };
type Mode = (typeof DASHBOARD_PRESETS)[number] | 'custom';

/** Colours with at least 3:1 contrast on white; the second line of a chart is also dashed, never colour alone. */
const CURRENCY_COLOUR: Record<DashboardCurrency, string> = { USD: '#1a62db', HKD: '#b45309', JPY: '#047857' };
const FIRST = '#1a62db';
const SECOND = '#047857';

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function DashboardOverview() {
  const t = useTranslations('admin.dashboard');
  const [zones] = useState(() => [...new Set([browserZone(), 'UTC'])]);
  const [mode, setMode] = useState<Mode>(30);
  const [period, setPeriod] = useState<Period>(() => ({
    ...presetPeriod(30, zones[0] ?? 'UTC'),
    tz: zones[0] ?? 'UTC',
  }));
  const [data, setData] = useState<DashboardSeries | null>(null);
  const [failed, setFailed] = useState<AdminApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setFailed(null);
    adminApi<DashboardSeries>('/dashboard', { query: period, signal: controller.signal })
      .then((next) => {
        setData(next);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(error instanceof AdminApiError ? error : new AdminApiError(0, 'api.requestFailed', 0));
        setLoading(false);
      });
    return () => controller.abort();
  }, [period, attempt]);

  const choosePreset = (days: (typeof DASHBOARD_PRESETS)[number], tz = period.tz) => {
    setMode(days);
    setPeriod({ ...presetPeriod(days, tz), tz });
  };

  return (
    <>
      <OperatorNotices notices={data?.notices} linked />
      <section aria-labelledby="dashboard-overview" className="mb-10">
        <h2 id="dashboard-overview" className="mb-3 text-lg font-semibold text-ink">
          {t('overview')}
        </h2>
        <PeriodPicker
          mode={mode}
          period={period}
          zones={zones}
          onPreset={choosePreset}
          onCustom={(next) => {
            setMode('custom');
            setPeriod(next);
          }}
          onZone={(tz) => (mode === 'custom' ? setPeriod({ ...period, tz }) : choosePreset(mode, tz))}
          refusal={failed?.fields ? failed : null}
        />
        <p className="mt-3 text-sm text-muted" data-testid="dashboard-period">
          <PeriodText period={period} />
        </p>
        <div aria-live="polite" className="sr-only">
          {loading ? t('loading') : ''}
        </div>
        {failed ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {/* A refused period names its field (shown next to it in the custom form); anything else is a failure. */}
            <Alert messageKey={failed.fields ? Object.values(failed.fields)[0] : undefined}>{t('failed')}</Alert>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          </div>
        ) : null}
        {data ? (
          <div
            aria-busy={loading}
            className={`mt-5 space-y-8 ${loading ? 'opacity-60' : ''}`}
            data-testid="dashboard-data"
          >
            <Sections data={data} />
          </div>
        ) : loading ? (
          <p className="mt-5 h-64 text-sm text-muted">{t('loading')}</p>
        ) : null}
      </section>
    </>
  );
}

// ---- period -----------------------------------------------------------------------------------------------------

function useDates() {
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

function PeriodText({ period }: { period: Period }) {
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

function PeriodPicker({
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

// ---- sections ---------------------------------------------------------------------------------------------------

function useNumbers() {
  const locale = useLocale();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(locale);
    const short = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const money = Object.fromEntries(
      DASHBOARD_CURRENCIES.map((currency) => {
        const digits = CURRENCY_DIGITS[currency];
        const full = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        const compact = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          notation: 'compact',
          maximumFractionDigits: 1,
        });
        return [
          currency,
          {
            full: (minor: number) => full.format(minor / 10 ** digits),
            short: (minor: number) => compact.format(minor / 10 ** digits),
          },
        ];
      }),
    ) as Record<DashboardCurrency, { full: (minor: number) => string; short: (minor: number) => string }>;
    return {
      whole: (n: number) => whole.format(n),
      short: (n: number) => short.format(n),
      rate: (part: number, of: number) => (of > 0 ? percent.format(part / of) : undefined),
      money,
    };
  }, [locale]);
}

function Sections({ data }: { data: DashboardSeries }) {
  const t = useTranslations('admin.dashboard');
  const shown = (['sales', 'signups', 'coupons', 'groups'] as DashboardSection[]).filter((s) => data[s]);
  return (
    <>
      {shown.length < 4 ? (
        <p className="text-sm text-muted" data-testid="dashboard-subset">
          {t('roleSubset', { sections: shown.map((s) => t(`${s}.title`)).join(' · ') })}
        </p>
      ) : null}
      {data.sales ? <Sales data={data} sales={data.sales} /> : null}
      {/* One chart each: side by side on a desk, so no chart runs the page's whole width. */}
      <div className="grid gap-8 desk:grid-cols-2">
        {data.signups ? (
          <TwoLines
            section="signups"
            data={data}
            first={{ key: 'created', values: data.signups.created, total: data.signups.totalCreated }}
            second={{ key: 'activated', values: data.signups.activated, total: data.signups.totalActivated }}
          />
        ) : null}
        {data.coupons ? (
          <TwoLines
            section="coupons"
            data={data}
            first={{ key: 'claimed', values: data.coupons.claimed, total: data.coupons.totalClaimed }}
            second={{ key: 'used', values: data.coupons.used, total: data.coupons.totalUsed }}
          />
        ) : null}
        {data.groups ? (
          <TwoLines
            section="groups"
            data={data}
            first={{ key: 'opened', values: data.groups.opened, total: data.groups.totalOpened }}
            second={{ key: 'filled', values: data.groups.filled, total: data.groups.totalFilled }}
          />
        ) : null}
      </div>
    </>
  );
}

function SectionFrame({
  id,
  title,
  note,
  stats,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  note: string;
  stats: ReactNode;
  children: ReactNode;
  /** Several charts, two to a row on a desk; otherwise one chart under the totals. */
  wide?: boolean;
}) {
  return (
    <section aria-labelledby={`dashboard-${id}`} data-testid={`dashboard-${id}`}>
      <h3 id={`dashboard-${id}`} className="text-base font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 mb-3 text-sm text-muted">{note}</p>
      <dl className="mb-4 grid grid-cols-2 gap-3 desk:grid-cols-3">{stats}</dl>
      <div className={`grid gap-4 ${wide ? 'desk:grid-cols-2' : ''}`}>{children}</div>
    </section>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-line bg-white p-3 shadow-sm">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink">{value}</dd>
      {detail ? <dd className="text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}

function Sales({ data, sales }: { data: DashboardSeries; sales: NonNullable<DashboardSeries['sales']> }) {
  const t = useTranslations('admin.dashboard');
  const n = useNumbers();
  const orderLines = useMemo<ChartLine[]>(
    () =>
      DASHBOARD_CURRENCIES.map((currency, i) => ({
        label: currency,
        values: sales[currency].orders,
        color: CURRENCY_COLOUR[currency],
        dashed: i === 1,
      })),
    [sales],
  );
  return (
    <SectionFrame
      id="sales"
      wide
      title={t('sales.title')}
      note={t('sales.note')}
      stats={DASHBOARD_CURRENCIES.map((currency) => (
        <Stat
          key={currency}
          label={`${t('sales.revenue')} · ${currency}`}
          value={n.money[currency].full(sales[currency].totalRevenueMinor)}
          detail={t('sales.orders', { count: sales[currency].totalOrders })}
        />
      ))}
    >
      <ChartFigure
        id="sales-orders"
        title={t('sales.ordersChart')}
        data={data}
        lines={orderLines}
        value={n.whole}
        axis={n.short}
      />
      {DASHBOARD_CURRENCIES.map((currency) => (
        <RevenueChart key={currency} currency={currency} data={data} values={sales[currency].revenueMinor} />
      ))}
    </SectionFrame>
  );
}

function RevenueChart({
  currency,
  data,
  values,
}: {
  currency: DashboardCurrency;
  data: DashboardSeries;
  values: number[];
}) {
  const t = useTranslations('admin.dashboard.sales');
  const n = useNumbers();
  const lines = useMemo<ChartLine[]>(
    () => [{ label: currency, values, color: CURRENCY_COLOUR[currency] }],
    [currency, values],
  );
  return (
    <ChartFigure
      id={`sales-revenue-${currency.toLowerCase()}`}
      title={t('revenueChart', { currency })}
      data={data}
      lines={lines}
      value={n.money[currency].full}
      axis={n.money[currency].short}
      emptyTop={10 * 10 ** CURRENCY_DIGITS[currency]}
    />
  );
}

type Line = { key: string; values: number[]; total: number };

function TwoLines({
  section,
  data,
  first,
  second,
}: {
  section: 'signups' | 'coupons' | 'groups';
  data: DashboardSeries;
  first: Line;
  second: Line;
}) {
  const t = useTranslations('admin.dashboard');
  const n = useNumbers();
  const label = (key: string) => t(`${section}.${key}` as never);
  const lines = useMemo<ChartLine[]>(
    () => [
      { label: t(`${section}.${first.key}` as never), values: first.values, color: FIRST },
      { label: t(`${section}.${second.key}` as never), values: second.values, color: SECOND, dashed: true },
    ],
    [t, section, first, second],
  );
  return (
    <SectionFrame
      id={section}
      title={t(`${section}.title`)}
      note={t(`${section}.note`)}
      stats={
        <>
          <Stat label={label(first.key)} value={n.whole(first.total)} />
          <Stat label={label(second.key)} value={n.whole(second.total)} />
          <Stat label={t(`${section}.rate`)} value={n.rate(second.total, first.total) ?? t('noRate')} />
        </>
      }
    >
      <ChartFigure
        id={section}
        title={t(`${section}.chart`)}
        data={data}
        lines={lines}
        value={n.whole}
        axis={n.short}
      />
    </SectionFrame>
  );
}

/**
 * A chart with its name, its legend and its data table: the canvas is one picture named by the figure; the table
 * (opened with the keyboard like any disclosure) has every number, for screen readers and for anyone who wants
 * them exactly.
 */
function ChartFigure({
  id,
  title,
  data,
  lines,
  value,
  axis,
  emptyTop,
}: {
  id: string;
  title: string;
  data: DashboardSeries;
  lines: ChartLine[];
  value: (n: number) => string;
  axis: (n: number) => string;
  emptyTop?: number;
}) {
  const t = useTranslations('admin.dashboard');
  const dates = useDates();
  const captionId = useId();
  const chartLabel = t('chartLabel', { title, from: dates.long(data.from), to: dates.long(data.to) });
  const dayLabel = useCallback((day: string) => dates.short(day), [dates]);
  return (
    <figure
      aria-labelledby={captionId}
      className="min-w-0 rounded-xl border border-line bg-white p-4 shadow-sm"
      data-testid={`chart-${id}`}
    >
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-ink">
        {title}
      </figcaption>
      <ul className="mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
        {lines.map((line) => (
          <li key={line.label} className="flex items-center gap-1.5">
            <svg width="18" height="6" aria-hidden="true">
              <line
                x1="0"
                y1="3"
                x2="18"
                y2="3"
                stroke={line.color}
                strokeWidth="2"
                strokeDasharray={line.dashed ? '6 4' : undefined}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      <div role="img" aria-label={chartLabel}>
        <LineChart
          days={data.days}
          lines={lines}
          dayLabel={dayLabel}
          valueLabel={value}
          axisLabel={axis}
          emptyTop={emptyTop}
        />
      </div>
      <details className="mt-1" data-testid="chart-table">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t('table')}</summary>
        <section
          aria-label={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be read
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{chartLabel}</caption>
            <thead className="sticky top-0 bg-white">
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t('day')}
                </th>
                {lines.map((line) => (
                  <th key={line.label} scope="col" className="py-1 pr-3 text-right font-semibold">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((day, i) => (
                <tr key={day} className="border-b border-line/60">
                  <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                    {dates.withDay(day)}
                  </th>
                  {lines.map((line) => (
                    <td key={line.label} className="py-1 pr-3 text-right tabular-nums">
                      {value(line.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="py-1 pr-3 text-left">
                  {t('total')}
                </th>
                {lines.map((line) => (
                  <td key={line.label} className="py-1 pr-3 text-right tabular-nums">
                    {value(line.values.reduce((a, b) => a + b, 0))}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </section>
      </details>
    </figure>
  );
}
