import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import type { Database } from '../db/client';

/**
 * Where an instance's background jobs run (docs/decisions/064-background-jobs.md): in one process of it, the
 * production server's primary (or its only process), or nowhere with `JOBS=off`. A process that queued work and
 * does not run the jobs wakes the one that does, on this instance or another, with a notification on
 * `cirrus_jobs` sent after its commit (src/server/jobs/background.ts listens).
 */
export const JOBS_CHANNEL = 'cirrus_jobs';

/** What a wake-up names: the job that has new work. */
export type JobName = 'mail' | 'cdn';

/** Set in the environment of the processes that answer requests while another process runs the jobs. */
const ELSEWHERE_ENV = 'CIRRUS_JOBS_ELSEWHERE';

/**
 * Whether this process runs the instance's jobs: the production server's primary (it forks the workers, which
 * answer requests and never run jobs), or its only process, or the dev server; never with `JOBS=off` (a web-only
 * instance: another instance must keep them on) nor without a database to read them from.
 */
export function runsBackgroundJobs(process: {
  primary: boolean;
  jobs: 'on' | 'off';
  databaseUrl: string | undefined;
  environment?: Record<string, string | undefined>;
}): boolean {
  return (
    process.primary &&
    process.jobs === 'on' &&
    Boolean(process.databaseUrl) &&
    process.environment?.[ELSEWHERE_ENV] !== '1'
  );
}

/** Whether the jobs of this instance run in another process, or nowhere here (`JOBS=off`). */
export function jobsRunElsewhere(): boolean {
  return process.env[ELSEWHERE_ENV] === '1' || env().JOBS === 'off';
}

/** What the primary adds to the environment of the processes it forks to answer requests. */
export const WEB_PROCESS_ENV: Record<string, string> = { [ELSEWHERE_ENV]: '1' };

/** Wakes the process that runs `job`, wherever it is (called after the commit that gave it work). */
export function wakeJobs(db: Pick<Database, 'execute'>, job: JobName): void {
  db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job})`).catch(() => {
    // The job looks at its outbox every few seconds anyway.
  });
}
