import type { Instrumentation } from 'next';

/** Set by register(): marks a page request whose render failed because a dependency was down. */
let noteIfDependencyDown: ((error: unknown) => void) | undefined;

/**
 * Runs once when the server starts: configuration is checked (a bad value stops the server with a readable
 * message) and the background jobs start: the mail outbox and the order webhooks deliver what an earlier run
 * left pending, and the group-buy and unpaid-order sweeps end at once what ran out while the server was down.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./env');
  env();
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ getDb }, { ensureMailWorker }, { ensureExpiryWorker }, orders, webhooks, dependency] = await Promise.all([
    import('./server/db/client'),
    import('./server/mail/worker'),
    import('./server/pintuan/expiry'),
    import('./server/orders/expiry'),
    import('./server/orders/webhooks'),
    import('./server/dependency-down'),
  ]);
  noteIfDependencyDown = (error) => {
    if (dependency.isDependencyDown(error)) dependency.noteDependencyDown();
  };
  // The production server starts the change listener itself, once it listens and has registered what it keeps
  // (src/server/http/site-server.ts); under `next dev` only the API's read caches keep anything.
  if (process.env.NODE_ENV === 'development') {
    const url = env().DATABASE_URL;
    const { ensureChangeListener } = await import('./server/changes/listener');
    if (url) ensureChangeListener(url);
  }
  ensureMailWorker(getDb());
  ensureExpiryWorker(getDb());
  orders.ensureOrderExpiryWorker(getDb());
  webhooks.ensureWebhookWorker(getDb());
}

/**
 * A page whose render failed because the database (or another dependency) was down is answered 503 with
 * Retry-After, not 500: the production server reads the mark this leaves on the request
 * (src/server/http/dependency-down-status.ts). Synchronous, so the mark is there before Next writes the status.
 */
export const onRequestError: Instrumentation.onRequestError = (error) => {
  noteIfDependencyDown?.(error);
};
