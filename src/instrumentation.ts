/**
 * Runs once when the server starts: configuration is checked (a bad value stops the server with a readable
 * message) and the mail outbox worker starts, so mail left pending by an earlier run is delivered; the
 * group-buy expiry sweep starts too, so groups that ran out while the server was down fail at once (issue 6).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./env');
  env();
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ getDb }, { ensureMailWorker }, { ensureExpiryWorker }] = await Promise.all([
    import('./server/db/client'),
    import('./server/mail/worker'),
    import('./server/pintuan/expiry'),
  ]);
  ensureMailWorker(getDb());
  ensureExpiryWorker(getDb());
}
