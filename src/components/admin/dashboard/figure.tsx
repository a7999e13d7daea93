'use client';

import dynamic from 'next/dynamic';
import { useCallback, useId } from 'react';
import type { DashboardSeries } from '@/lib/admin/dashboard-schemas';
import { useAdminTranslations as useTranslations } from '../i18n';
import type { ChartLine } from './chart';
import { useDates } from './period';

/** The chart library is fetched only here, once the first numbers are in. */
const LineChart = dynamic(() => import('./chart'), {
  ssr: false,
  loading: () => <div className="h-[240px]" />,
});

/**
 * A chart with its name, its legend and its data table: the canvas is one picture named by the figure; the table
 * (opened with the keyboard like any disclosure) has every number, for screen readers and for anyone who wants
 * them exactly.
 */
export function ChartFigure({
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
