/**
 * The server the browser tests run against: its own database (embedded DATA_DIR/e2e, or `<db>_e2e` beside
 * DATABASE_URL), reset and seeded; a production build in .next-test (so `npm start`'s build is untouched),
 * rebuilt when out of date; then `next start`. Playwright starts it and stops it with SIGTERM.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadEnv } from '../../src/env';
import { buildIfStale, runProductionServer, waitForExit } from '../../src/server/build/next-process';
import { createDatabase } from '../../src/server/db/client';
import { dropEverything } from '../../src/server/db/migrate';
import { migrateAndSeed } from '../../src/server/db/prepare';
import { StartupError } from '../../src/server/startup-error';
import { startTestDatabase } from '../support/test-database';
import { E2E_PAYMENT_SECRET } from './payments';

const port = process.env.E2E_PORT ?? '3210';
const distDir = '.next-test';
const log = (line: string) => console.log(`[e2e] ${line}`);
const smtpPort = Number(port) + 1;
/** Where the test mail server drops each message it receives, for the specs to read (tests/e2e/mailbox.ts). */
export const MAILBOX_DIR = path.resolve('data/e2e-mail');

/** A real SMTP server the site delivers to, so the browser tests follow the same mail path as production. */
function startMailCatcher(): SMTPServer {
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        seq += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(
          path.join(MAILBOX_DIR, `${Date.now()}-${seq}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
        );
        callback();
      });
    },
  });
  server.listen(smtpPort, '127.0.0.1');
  return server;
}

async function main() {
  const env = loadEnv();
  const database = await startTestDatabase(env, 'e2e');
  const db = createDatabase(database.url, { max: 1 });
  await dropEverything(db);
  await db.$client.end();
  await migrateAndSeed(database.url, log);

  const mailCatcher = startMailCatcher();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    // One process: the specs watch one server's in-memory state (page regeneration, read caches).
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
    APP_ENV: 'test',
    SITE_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // A tag id so the consent tests can watch the analytics tag load only after consent.
    ANALYTICS_ID: 'G-CIRRUSTEST',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // The customer centre's payment notifications, which the tax and invoices spec sends signed.
    PAYMENT_WEBHOOK_SECRET: E2E_PAYMENT_SECRET,
  };
  let child: ChildProcess | undefined;
  const shutdown = async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    mailCatcher.close();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const built = await buildIfStale(distDir, childEnv, log);
  if (built !== 0) {
    await database.stop();
    process.exit(built);
  }
  child = runProductionServer({ ...childEnv, PORT: port });
  const code = await waitForExit(child);
  await database.stop();
  process.exit(code);
}

// A StartupError (database unreachable, port taken, ...) is its cause and fix; anything else keeps its stack.
main().catch((error) => {
  console.error(error instanceof StartupError ? `[e2e] ${error.message}` : error);
  process.exit(1);
});
