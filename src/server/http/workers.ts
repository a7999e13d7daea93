import 'server-only';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { aggregateWorkerMetrics } from '@/server/metrics/cluster';

/**
 * Worker processes: WEB_CONCURRENCY, else one per core. Node serves on one core per process, so one process
 * leaves the others idle (the benchmark compares with nginx, which runs a worker per core). The workers share
 * the port; everything they share otherwise lives in PostgreSQL (sessions, limits, outbox, group expiry), and
 * their background jobs are written to run on several instances at once.
 */
export function workerCount(): number {
  const wanted = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(wanted) && wanted >= 1) return Math.min(wanted, 32);
  return availableParallelism();
}

/**
 * The primary process of several workers: forks them (each runs main.ts again, with this process's Node flags,
 * so the same loader and conditions), starts another when one exits, and stops them all on SIGINT and SIGTERM.
 */
export function runPrimary(count: number): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  // Before forking: a scrape reaching any worker answers for all of them (docs/decisions/052-metrics.md).
  aggregateWorkerMetrics();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i += 1) fork();
  console.log(`[cirrus] ${count} worker processes`);
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A worker that dies at once (a bad configuration, a port in use) would only die again: stop instead.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      console.error(`[cirrus] worker ${worker.process.pid} failed at start (${signal ?? code}); stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (alive === 0) process.exit(1);
      process.exitCode = 1;
      return;
    }
    console.error(`[cirrus] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      setTimeout(() => process.exit(0), 8_000).unref();
    });
  }
}
