/**
 * The server the browser tests run against: its own database (embedded DATA_DIR/e2e, or `<db>_e2e` beside
 * DATABASE_URL), reset and seeded; a production build in .next-test (so `npm start`'s build is untouched),
 * rebuilt when out of date; then `next start`. Playwright starts it and stops it with SIGTERM.
 */
import type { ChildProcess } from 'node:child_process';
import { buildIfStale, runNext, waitForExit } from '../../scripts/lib/next-process';
import { loadEnv } from '../../src/env';
import { createDatabase } from '../../src/server/db/client';
import { dropEverything } from '../../src/server/db/migrate';
import { migrateAndSeed } from '../../src/server/db/prepare';
import { startTestDatabase } from '../support/test-database';

const port = process.env.E2E_PORT ?? '3210';
const distDir = '.next-test';
const log = (line: string) => console.log(`[e2e] ${line}`);

async function main() {
  const env = loadEnv();
  const database = await startTestDatabase(env, 'e2e');
  const db = createDatabase(database.url, { max: 1 });
  await dropEverything(db);
  await db.$client.end();
  await migrateAndSeed(database.url, log);

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    APP_ENV: 'test',
    SITE_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // A tag id so the consent tests can watch the analytics tag load only after consent.
    ANALYTICS_ID: 'G-CIRRUSTEST',
  };
  let child: ChildProcess | undefined;
  const shutdown = async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
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
  child = runNext(['start', '--port', port], childEnv);
  const code = await waitForExit(child);
  await database.stop();
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
