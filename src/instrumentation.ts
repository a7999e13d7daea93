import type { Instrumentation } from 'next';

/** Set by register(): marks a page request whose render failed because a dependency was down. */
let noteIfDependencyDown: ((error: unknown) => void) | undefined;

/**
 * Runs once when the server starts: configuration is checked (a bad value stops the server with a readable
 * message). Under `next dev` the background jobs start here too (the mail outbox and the order webhooks deliver
 * what an earlier run left pending, the group-buy and unpaid-order sweeps end at once what ran out while the server
 * was down); the production server starts them in one process of its own choosing
 * (src/server/jobs/background.ts, docs/decisions/064-background-jobs.md).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./env');
  env();
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const dependency = await import('./server/dependency-down');
  noteIfDependencyDown = (error) => {
    if (dependency.isDependencyDown(error)) dependency.noteDependencyDown();
  };
  // The production server starts the change listener and the jobs itself (src/server/http/main.ts, site-server.ts);
  // under `next dev` only the API's read caches keep anything.
  if (process.env.NODE_ENV !== 'development') return;
  const url = env().DATABASE_URL;
  if (!url) return;
  const [{ getDb }, { ensureChangeListener }, { startBackgroundJobs }, { jobsRunElsewhere }] = await Promise.all([
    import('./server/db/client'),
    import('./server/changes/listener'),
    import('./server/jobs/background'),
    import('./server/jobs/placement'),
  ]);
  ensureChangeListener(url);
  if (!jobsRunElsewhere()) startBackgroundJobs(getDb(), url);
}

/**
 * A page whose render failed because the database (or another dependency) was down is answered 503 with
 * Retry-After, not 500: the production server reads the mark this leaves on the request
 * (src/server/http/dependency-down-status.ts). Synchronous, so the mark is there before Next writes the status.
 */
export const onRequestError: Instrumentation.onRequestError = (error) => {
  noteIfDependencyDown?.(error);
};
