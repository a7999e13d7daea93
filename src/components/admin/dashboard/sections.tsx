'use client';

import { useLocale } from 'next-intl';
import { type ReactNode, useMemo } from 'react';
import {
  CURRENCY_DIGITS,
  DASHBOARD_CURRENCIES,
  type DashboardCurrency,
  type DashboardSection,
  type DashboardSeries,
} from '@/lib/admin/dashboard-schemas';
import { useAdminTranslations as useTranslations } from '../i18n';
import type { ChartLine } from './chart';
import { ChartFigure } from './figure';

/**
 * The dashboard's sections (sales, sign-ups, coupons, group-buys), each its totals, its charts and their data
 * tables. The chart library is fetched only here, once the first numbers are in.
 */
/** Colours with at least 3:1 contrast on white; the second line of a chart is also dashed, never colour alone. */
const CURRENCY_COLOUR: Record<DashboardCurrency, string> = { USD: '#1a62db', HKD: '#b45309', JPY: '#047857' };
const FIRST = '#1a62db';
const SECOND = '#047857';

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

export function Sections({ data }: { data: DashboardSeries }) {
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
