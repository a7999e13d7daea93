import 'server-only';
import type { Registry } from 'prom-client';

/**
 * A request counter and latency histogram kept as plain numbers in a Map, for the paths every request takes.
 * prom-client's own Counter and Histogram hash their label object on every call (several microseconds for the
 * pair); here a call is one Map lookup by a string key and a few additions, and the exposition is built only
 * when a scrape asks (docs/decisions/052-metrics.md). The output is the same text format as prom-client's.
 */

type Labels = Record<string, string>;
type Series = { labels: Labels; count: number; sum: number; buckets: number[] };
type Value = { value: number; labels: Labels; metricName?: string };

function register(registry: Registry, metric: object): void {
  registry.registerMetric(metric as Parameters<Registry['registerMetric']>[0]);
}

/** A counter with labels, kept the same way. */
export class CounterSeries {
  readonly #series = new Map<string, { labels: Labels; value: number }>();

  constructor(registry: Registry, name: string, help: string) {
    const metric = {
      name,
      help,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        ...metric,
        values: [...this.#series.values()].map((s) => ({ value: s.value, labels: s.labels })),
      }),
    };
    register(registry, metric);
  }

  inc(key: string, labels: Labels): void {
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels, value: 0 };
      this.#series.set(key, series);
    }
    series.value += 1;
  }
}

export class RequestSeries {
  readonly #series = new Map<string, Series>();

  constructor(
    registry: Registry,
    private readonly names: { counter: string; histogram: string },
    help: { counter: string; histogram: string },
    /** Upper bounds in seconds, ascending. */
    private readonly bounds: number[],
  ) {
    const counter = {
      name: names.counter,
      help: help.counter,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({ ...counter, values: this.#counterValues() }),
    };
    const histogram = {
      name: names.histogram,
      help: help.histogram,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ ...histogram, values: this.#histogramValues() }),
    };
    // The registry asks each metric for get(): the same contract as prom-client's own metric classes.
    register(registry, counter);
    register(registry, histogram);
  }

  /** One observation; `key` identifies the label set (the same key, the same labels). */
  observe(key: string, labels: Labels, seconds: number): void {
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels, count: 0, sum: 0, buckets: this.bounds.map(() => 0) };
      this.#series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    const { bounds } = this;
    const { buckets } = series;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] as number)) {
        buckets[i] = (buckets[i] as number) + 1;
        break;
      }
    }
  }

  #counterValues(): Value[] {
    return [...this.#series.values()].map((s) => ({ value: s.count, labels: s.labels }));
  }

  #histogramValues(): Value[] {
    const values: Value[] = [];
    const bucket = `${this.names.histogram}_bucket`;
    for (const s of this.#series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += s.buckets[i] as number;
        values.push({ value: cumulative, labels: { ...s.labels, le: String(bound) }, metricName: bucket });
      });
      values.push({ value: s.count, labels: { ...s.labels, le: '+Inf' }, metricName: bucket });
      values.push({ value: s.sum, labels: s.labels, metricName: `${this.names.histogram}_sum` });
      values.push({ value: s.count, labels: s.labels, metricName: `${this.names.histogram}_count` });
    }
    return values;
  }
}
