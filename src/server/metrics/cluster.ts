import 'server-only';
import cluster, { type Cluster, type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/**
 * The workers of one instance answer a scrape together (docs/decisions/052-metrics.md): they share the port, so a
 * scrape reaches one of them at random. That worker asks the primary, which gathers every worker's metrics over
 * IPC and sums them (gauges of the shared database by max). Wired by the production server: the primary calls
 * aggregateWorkerMetrics() before it forks; a worker whose primary does not answer in time answers for itself.
 */

const TAG = 'cirrus:metrics';
/** Set in the workers' environment by the primary that aggregates. */
const AGGREGATED_ENV = 'CIRRUS_METRICS_AGGREGATED';
/** Well inside a scraper's timeout; a worker that has not answered by then is left out of this scrape. */
export const GATHER_TIMEOUT_MS = 2_000;

/** One worker's metrics as the registry's getMetricsAsJSON() gives them. */
type MetricsJson = object[];
type Message =
  | { tag: typeof TAG; kind: 'ask'; id: number }
  | { tag: typeof TAG; kind: 'collect'; id: number }
  | { tag: typeof TAG; kind: 'part'; id: number; json: MetricsJson | null }
  | { tag: typeof TAG; kind: 'answer'; id: number; text: string | null };

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && (value as { tag?: unknown }).tag === TAG;

/** Primary: answers the workers' scrapes with the sum of all workers. Call before forking. */
export function aggregateWorkerMetrics(primary: Cluster = cluster): void {
  process.env[AGGREGATED_ENV] = '1';
  let nextId = 0;
  const gathering = new Map<number, (json: MetricsJson | null) => void>();

  const gather = (workers: Worker[]): Promise<MetricsJson[]> =>
    new Promise((resolve) => {
      const parts: MetricsJson[] = [];
      const ids: number[] = [];
      let waiting = workers.length;
      const done = () => {
        for (const id of ids) gathering.delete(id);
        clearTimeout(timer);
        resolve(parts);
      };
      const timer = setTimeout(done, GATHER_TIMEOUT_MS);
      if (waiting === 0) done();
      for (const worker of workers) {
        const id = ++nextId;
        ids.push(id);
        gathering.set(id, (json) => {
          gathering.delete(id);
          if (json) parts.push(json);
          waiting -= 1;
          if (waiting === 0) done();
        });
        worker.send({ tag: TAG, kind: 'collect', id } satisfies Message);
      }
    });

  primary.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.kind === 'part') {
      gathering.get(message.id)?.(message.json);
      return;
    }
    if (message.kind !== 'ask') return;
    const workers = Object.values(primary.workers ?? {}).filter((w): w is Worker => w?.isConnected() === true);
    gather(workers)
      .then(async (parts) => (parts.length > 0 ? AggregatorRegistry.aggregate(parts).metrics() : null))
      .catch(() => null)
      .then((text) => {
        if (worker.isConnected()) worker.send({ tag: TAG, kind: 'answer', id: message.id, text } satisfies Message);
      });
  });
}

/** Whether this process is a worker whose primary aggregates the scrapes. */
export function aggregatedByPrimary(): boolean {
  return cluster.isWorker && process.env[AGGREGATED_ENV] === '1' && typeof process.send === 'function';
}

const WORKER = Symbol.for('cirrus.metricsWorker');
const holder = globalThis as { [WORKER]?: { nextId: number; answers: Map<number, (text: string | null) => void> } };

/**
 * Worker: answers the primary's `collect` with this process's metrics (`collect` refreshes the gauges first), and
 * the primary's `answer` to a scrape this worker asked about. Installed once per process.
 */
export function answerPrimary(collect: () => Promise<MetricsJson>): void {
  if (holder[WORKER] || !aggregatedByPrimary()) return;
  const state = { nextId: 0, answers: new Map<number, (text: string | null) => void>() };
  holder[WORKER] = state;
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.kind === 'answer') {
      state.answers.get(message.id)?.(message.text);
    } else if (message.kind === 'collect') {
      collect()
        .catch(() => null)
        .then((json) => process.send?.({ tag: TAG, kind: 'part', id: message.id, json } satisfies Message));
    }
  });
}

/** Worker: the whole instance's metrics from the primary, or null when it does not answer in time. */
export function askPrimary(): Promise<string | null> {
  const state = holder[WORKER];
  if (!state || !process.send) return Promise.resolve(null);
  const id = ++state.nextId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), GATHER_TIMEOUT_MS + 1_000);
    const finish = (text: string | null) => {
      clearTimeout(timer);
      state.answers.delete(id);
      resolve(text);
    };
    state.answers.set(id, finish);
    process.send?.({ tag: TAG, kind: 'ask', id } satisfies Message);
  });
}
