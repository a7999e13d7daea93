/**
 * Another instance of the site for the browser tests that need one of their own: its own database (embedded
 * DATA_DIR/<name>, or `<db>_<name>` beside DATABASE_URL), migrated and seeded, and the production server on the
 * build the e2e server made (.next-test), on the port given. Given a database URL, it runs on that database as
 * it is instead (another instance's: two instances of one site), and leaves it running when it stops. Driven by
 * its parent over stdin, one command a line: `stop-db` stops the database under the running site and answers
 * `db-stopped`; end of input stops everything. It prints `database <url>`, then `ready` once the site answers
 * its health check.
 *
 *   npx tsx --conditions=react-server tests/e2e/second-instance.ts <name> <port> [database-url]
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadEnv } from '../../src/env';
import { runProductionServer } from '../../src/server/build/next-process';
import { createDatabase } from '../../src/server/db/client';
import { dropEverything } from '../../src/server/db/migrate';
import { migrateAndSeed } from '../../src/server/db/prepare';
import { startTestDatabase } from '../support/test-database';

const [name = 'e2e-second', port = '3290', sharedUrl] = process.argv.slice(2);

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered`);
}

async function main() {
  const env = loadEnv();
  const database = sharedUrl ? { url: sharedUrl, stop: async () => {} } : await startTestDatabase(env, name);
  if (!sharedUrl) {
    const db = createDatabase(database.url, { max: 1 });
    await dropEverything(db);
    await db.$client.end();
    await migrateAndSeed(database.url, () => {});
  }
  console.log(`database ${database.url}`);

  let child: ChildProcess | undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      // The server drains before it exits (docs/decisions/061-stopping-and-readiness.md): its port is free after.
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  child = runProductionServer({
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_DIST_DIR: '.next-test',
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    WEB_CONCURRENCY: '1',
    APP_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    PORT: port,
  });
  child.on('exit', () => void stop());
  await waitForHealth(`http://localhost:${port}/api/health`);
  console.log('ready');

  const lines = createInterface({ input: process.stdin });
  lines.on('line', async (line) => {
    if (line.trim() === 'stop-db') {
      await database.stop();
      console.log('db-stopped');
    }
  });
  lines.on('close', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
