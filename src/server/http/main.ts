import 'server-only';
/**
 * The production server's entry point, run by src/server/build/next-process.ts as
 * `node --import tsx --conditions=react-server src/server/http/main.ts` (docs/decisions/050-production-server-in-src.md):
 * one process, or a primary and its workers (workers.ts), each serving the site (site-server.ts). The background
 * jobs run in the primary, or in the only process (docs/decisions/064-background-jobs.md).
 */
// First: the fast paths' clock, before anything loads Next (which wraps Date.now).
import './clock';
import cluster from 'node:cluster';
import { env } from '@/env';
import { stopChangeListener } from '@/server/changes/listener';
import { getDb } from '@/server/db/client';
import { checkConnectionBudget, likelyConnections } from '@/server/db/connections';
import { type BackgroundJobs, startBackgroundJobs } from '@/server/jobs/background';
import { runsBackgroundJobs } from '@/server/jobs/placement';
import { logEvent } from '@/server/log';
import { type SiteServer, startSiteServer } from './site-server';
import { isStopMessage, onStopSignal, stopMessage } from './stopping';
import { runPrimary, workerCount } from './workers';

const count = workerCount();
if (cluster.isPrimary) {
  // Once per instance, in the background: whether it fits in the database's max_connections.
  const { DATABASE_URL, DATABASE_POOL_MAX, JOBS } = env();
  if (DATABASE_URL) {
    void checkConnectionBudget(
      DATABASE_URL,
      likelyConnections({ processes: count, poolMax: DATABASE_POOL_MAX, jobs: JOBS === 'on' && count > 1 }),
    );
  }
}
if (cluster.isPrimary && count > 1) {
  runPrimary(count);
} else {
  runServerProcess();
}

/**
 * A process that answers requests: the only one, or a worker. A stop (a signal to it, or its primary's) drains it
 * (drain.ts); a worker signalled itself tells its primary, which stops the others, so the instance stops as one.
 */
function runServerProcess(): void {
  const { JOBS, DATABASE_URL } = env();
  const jobs: BackgroundJobs | null =
    DATABASE_URL && runsBackgroundJobs({ primary: cluster.isPrimary, jobs: JOBS, databaseUrl: DATABASE_URL })
      ? startBackgroundJobs(getDb(), DATABASE_URL)
      : null;
  let site: SiteServer | undefined;
  let stopping: Promise<void> | undefined;

  const stop = (reason: string) => {
    stopping ??= (async () => {
      const started = Date.now();
      if (cluster.isWorker && !reason.startsWith('primary')) process.send?.(stopMessage(reason));
      logEvent('info', 'stopping', { reason, pid: process.pid });
      const [drained] = await Promise.all([site?.stop(), jobs?.stop()]);
      await stopChangeListener();
      await getDb()
        .$client.end()
        .catch(() => undefined);
      logEvent('info', 'stopped', {
        pid: process.pid,
        tookMs: Date.now() - started,
        ...(drained ? { drainMs: drained.tookMs, cut: drained.cut } : {}),
      });
      process.exit(0);
    })();
  };
  onStopSignal(stop);
  // The primary asks over IPC rather than by signal when another worker was signalled (a signal would come back).
  process.on('message', (message) => {
    if (isStopMessage(message)) stop(`primary: ${message.reason}`);
  });

  startSiteServer()
    .then((started) => {
      site = started;
      // A stop that came while Next was being prepared: the server is now up, and stops too.
      if (stopping) void started.stop();
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
