import 'server-only';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { CounterSeries, RequestSeries } from './series';

/**
 * The operators' metrics of this process (docs/decisions/052-metrics.md, docs/operations-metrics.md). Every label
 * takes a bounded set of values: a route pattern, never a raw URL, so a crawler asking for a million URLs adds no
 * series.
 */

/** Seconds; from a kept answer (well under a millisecond) to a slow export. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * More distinct values than a label given by a caller may take; the rest count under `other`. A guard, not a
 * limit any real route list reaches: the API has about 150 routes and the site a few dozen page patterns.
 */
export const MAX_LABEL_VALUES = 300;

/**
 * prom-client's default gauges named like counters: Prometheus's own check (`promtool check metrics`) refuses a
 * gauge ending in `_total`, and each is the sum of its unsuffixed sibling by type (`nodejs_active_handles`), which
 * stays.
 */
const GAUGES_NAMED_AS_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  const registers = [registry];
  return {
    registry,
    api: new RequestSeries(
      registry,
      { counter: 'storefront_api_requests_total', histogram: 'storefront_api_request_duration_seconds' },
      {
        counter: 'API requests answered by the app, by route pattern, method and status class.',
        histogram: 'Time the app took to answer an API request, by route pattern, method and status class.',
      },
      LATENCY_BUCKETS,
    ),
    pages: new RequestSeries(
      registry,
      { counter: 'storefront_page_requests_total', histogram: 'storefront_page_request_duration_seconds' },
      {
        counter: 'Pages answered by the front server, by route pattern and status class.',
        histogram: 'Time the front server took to answer a page, by route pattern and status class.',
      },
      LATENCY_BUCKETS,
    ),
    keptAnswers: new CounterSeries(
      registry,
      'storefront_kept_answers_total',
      'Lookups of kept answers (API reads on the connection, documents), by kind and result (hit or miss).',
    ),
    outboxPending: new Gauge({
      name: 'storefront_outbox_pending',
      help: 'Mails, webhooks and CDN purges not yet delivered (pending or being sent), shared by every instance.',
      labelNames: ['outbox'] as const,
      // The same shared database on every worker: summing them would multiply the backlog.
      aggregator: 'max',
      registers,
    }),
    outboxOldestAge: new Gauge({
      name: 'storefront_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest undelivered mail, webhook or CDN purge; 0 when none waits.',
      labelNames: ['outbox'] as const,
      // The same shared database on every worker: summing them would multiply the backlog.
      aggregator: 'max',
      registers,
    }),
    outboxReadFailures: new Counter({
      name: 'storefront_outbox_read_failures_total',
      help: 'Scrapes whose reading of the outboxes failed or timed out (the database away or slow).',
      registers,
    }),
    poolConnections: new Gauge({
      name: 'storefront_db_pool_connections',
      help: "Connections of this process's database pool, open or idle.",
      labelNames: ['state'] as const,
      registers,
    }),
    poolWaiting: new Gauge({
      name: 'storefront_db_pool_waiting_queries',
      help: 'Queries waiting for a connection of the pool.',
      registers,
    }),
    /** Label values callers gave so far, per label, for the MAX_LABEL_VALUES guard. */
    seen: new Map<string, Set<string>>(),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

/**
 * One set of metrics per process, kept on the process rather than in this module: Next's bundle of the API and
 * the production server's own load of the sources (through tsx) are separate copies of this file, and a scrape
 * must see what both counted.
 */
const HOLDER = Symbol.for('cirrus.metrics');
const holder = globalThis as { [HOLDER]?: Metrics };

export function metrics(): Metrics {
  holder[HOLDER] ??= createMetrics();
  return holder[HOLDER];
}

/** `2xx`, `4xx`…: five values where the statuses would be dozens. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** The value as given while the label has fewer than MAX_LABEL_VALUES distinct values, else `other`. */
function bounded(label: string, value: string): string {
  const { seen } = metrics();
  let values = seen.get(label);
  if (values === undefined) {
    values = new Set();
    seen.set(label, values);
  }
  if (values.has(value)) return value;
  if (values.size >= MAX_LABEL_VALUES) return 'other';
  values.add(value);
  return value;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One API request answered by the app (src/server/api/app.ts), under its route pattern (`/api/x/:id`). */
export function observeApiRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = {
    method: METHODS.has(method) ? method : 'other',
    route: bounded('api_route', route),
    status_class: statusClass(status),
  };
  metrics().api.observe(`${labels.method} ${labels.status_class} ${labels.route}`, labels, seconds);
}

/**
 * One page answered by the front server: `route` is the page's pattern (`/[locale]/doc/article/[slug]`, or the
 * front's own name for a kind of answer such as `static`), never the URL a visitor typed.
 */
export function observePageRequest(route: string, status: number, seconds: number): void {
  const labels = { route: bounded('page_route', route), status_class: statusClass(status) };
  metrics().pages.observe(`${labels.status_class} ${labels.route}`, labels, seconds);
}

/**
 * A lookup of a kept answer: `kind` names the cache (`api-read` for the API reads answered on the connection,
 * `document` for the kept pages), `hit` whether it held a usable answer.
 */
export function countKeptAnswer(kind: string, hit: boolean): void {
  const labels = { kind: bounded('kept_kind', kind), result: hit ? 'hit' : 'miss' };
  metrics().keptAnswers.inc(`${labels.result} ${labels.kind}`, labels);
}

/** The text exposition format of everything this process counted. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
