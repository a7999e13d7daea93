import 'server-only';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { env } from '@/env';
import { stopListenConnection } from '@/server/changes/connection';
import { getDb } from '@/server/db/client';
import { startBackgroundJobs } from '@/server/jobs/background';
import { runsBackgroundJobs, WEB_PROCESS_ENV } from '@/server/jobs/placement';
import { logEvent } from '@/server/log';
import { aggregateWorkerMetrics } from '@/server/metrics/cluster';
import { isStopMessage, onStopSignal, STOP_MARGIN_MS, stopMessage } from './stopping';

/**
 * Worker processes: WEB_CONCURRENCY, else one per core. Node serves on one core per process, so one process
 * leaves the others idle (the benchmark compares with nginx, which runs a worker per core). The workers share
 * the port; everything they share otherwise lives in PostgreSQL (sessions, limits, outboxes), and the background
 * jobs, in the primary, are written to run on several instances at once.
 */
export function workerCount(): number {
  const wanted = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(wanted) && wanted >= 1) return Math.min(wanted, 32);
  return availableParallelism();
}

/**
 * The primary process of several workers: runs the background jobs (docs/decisions/064-background-jobs.md), forks
 * the workers (each runs main.ts again, with this process's Node flags, so the same loader and conditions) and
 * starts another when one exits. A stop (SIGINT or SIGTERM here, or a worker that was signalled itself) stops them
 * all: each drains (drain.ts); the jobs give back what they claimed; this process exits once every worker has,
 * and ends those still running after the grace (docs/decisions/061-stopping-and-readiness.md).
 */
export function runPrimary(count: number): void {
  let stopping = false;
  const startedAt = new Map<number, number>();
  const { JOBS, DATABASE_URL, SHUTDOWN_GRACE_SECONDS, SHUTDOWN_DELAY_SECONDS } = env();
  // Before forking: a scrape reaching any worker answers for all of them (docs/decisions/052-metrics.md).
  aggregateWorkerMetrics();
  const jobs =
    DATABASE_URL && runsBackgroundJobs({ primary: true, jobs: JOBS, databaseUrl: DATABASE_URL })
      ? startBackgroundJobs(getDb(), DATABASE_URL)
      : null;
  const alive = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const fork = () => startedAt.set(cluster.fork(WEB_PROCESS_ENV).id, Date.now());
  for (let i = 0; i < count; i += 1) fork();
  logEvent('info', 'worker processes', { count, pid: process.pid, jobs: jobs ? 'here' : 'off' });

  let workersGone: () => void = () => {};
  const allGone = new Promise<void>((resolve) => {
    workersGone = resolve;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) workersGone();
      return;
    }
    // A worker that dies at once (a bad configuration, a port in use) would only die again: stop instead.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      logEvent('error', 'worker failed at start; stopping', { pid: worker.process.pid, exit: signal ?? code });
      process.exitCode = 1;
      stop('a worker failed at start');
      return;
    }
    logEvent('error', 'worker exited; starting another', { pid: worker.process.pid, exit: signal ?? code });
    fork();
  });

  function stop(reason: string): void {
    if (stopping) return;
    stopping = true;
    logEvent('info', 'stopping', { reason, pid: process.pid, workers: alive().length });
    for (const worker of alive()) {
      if (worker.isConnected()) worker.send(stopMessage(reason));
      else worker.process.kill('SIGTERM');
    }
    if (alive().length === 0) workersGone();
    // Past the grace and the workers' own cleanup, whatever is left is ended.
    setTimeout(
      () => {
        for (const worker of alive()) worker.process.kill('SIGKILL');
        logEvent('error', 'workers did not stop in time; ended', { pid: process.pid });
        process.exit(1);
      },
      (SHUTDOWN_DELAY_SECONDS + SHUTDOWN_GRACE_SECONDS) * 1000 + STOP_MARGIN_MS,
    ).unref();
    void (async () => {
      await Promise.all([allGone, jobs?.stop()]);
      await stopListenConnection();
      await getDb()
        .$client.end()
        .catch(() => undefined);
      logEvent('info', 'stopped', { pid: process.pid });
      process.exit();
    })();
  }
  onStopSignal(stop);
  cluster.on('message', (worker, message: unknown) => {
    if (isStopMessage(message)) stop(`worker ${worker.process.pid}: ${message.reason}`);
  });
}
