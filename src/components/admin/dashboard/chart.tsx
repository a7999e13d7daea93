'use client';

import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One line chart of the dashboard, drawn by uPlot on a canvas (docs/decisions/041-dashboard-charts.md). This
 * module is loaded only by the dashboard, after its numbers arrive, so no other page carries the library. The
 * canvas is a picture for sighted readers: the figure around it names it, and its data table holds every number.
 */
export type ChartLine = { label: string; values: number[]; color: string; dashed?: boolean };

const HEIGHT = 220;
const AXIS = '#536079';
const GRID = '#e6eaf1';
/** Steps between labelled days: never a fraction of a day. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91];
/** Steps between values: whole numbers, so a count axis never reads 0.5 orders. */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7, 1e8, 1e9,
];

export default function LineChart({
  days,
  lines,
  dayLabel,
  valueLabel,
  axisLabel,
  emptyTop = 1,
}: {
  days: string[];
  lines: ChartLine[];
  /** A day as the axis and the pointer's readout show it. */
  dayLabel: (day: string) => string;
  /** A value in full (the readout). */
  valueLabel: (value: number) => string;
  /** A value in short (the axis). */
  axisLabel: (value: number) => string;
  /** The top of the axis when every value is 0 (an amount's axis needs more than one cent to read). */
  emptyTop?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: {
        x: { time: false },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : emptyTop] },
      },
      axes: [
        {
          stroke: AXIS,
          grid: { stroke: GRID, width: 1 },
          ticks: { stroke: GRID, width: 1 },
          incrs: DAY_STEPS,
          space: 56,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] ? dayLabel(days[i]) : '')),
        },
        {
          stroke: AXIS,
          grid: { stroke: GRID, width: 1 },
          ticks: { stroke: GRID, width: 1 },
          incrs: WHOLE_STEPS,
          size: 64,
          values: (_u, splits) => splits.map((v) => axisLabel(v)),
        },
      ],
      series: [
        {},
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          dash: line.dashed ? [6, 4] : undefined,
          points: { show: days.length <= 31, size: 5, fill: line.color },
        })),
      ],
      hooks: { setCursor: [(u) => setPointed(u.cursor.idx ?? null)] },
    };
    const plot = new uPlot(options, [days.map((_, i) => i), ...lines.map((line) => line.values)], element);
    // The chart follows its column's width (a phone turned, a window resized).
    const resized = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [days, lines, dayLabel, axisLabel, emptyTop]);

  const day = pointed === null ? undefined : days[pointed];
  return (
    <div>
      <div ref={box} className="w-full" style={{ minHeight: HEIGHT }} data-testid="chart-canvas" />
      {/* What the pointer is on, for mouse readers; the data table says the same for everyone. */}
      <p aria-hidden="true" className="min-h-5 text-xs text-muted">
        {day !== undefined && pointed !== null
          ? `${dayLabel(day)}: ${lines.map((line) => `${line.label} ${valueLabel(line.values[pointed] ?? 0)}`).join(' · ')}`
          : '\u00a0'}
      </p>
    </div>
  );
}
