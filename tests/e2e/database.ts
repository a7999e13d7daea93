import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * A connection to the database the e2e server runs on (tests/e2e/serve.ts): the embedded server on
 * DATA_DIR/e2e, found through its postmaster.pid, or `<db>_e2e` beside DATABASE_URL. For test setup that
 * has no HTTP path on purpose, such as approving a review (moderation is an operator command, decision 014).
 */
export function e2eDatabaseUrl(): string {
  const configured = process.env.DATABASE_URL?.trim();
  if (configured) {
    const url = new URL(configured);
    url.pathname = `/${`${url.pathname.slice(1) || 'postgres'}_e2e`.replace(/[^a-zA-Z0-9_]/g, '_')}`;
    return url.href;
  }
  const pidFile = path.resolve(process.env.DATA_DIR ?? './data', 'e2e', 'postmaster.pid');
  const port = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[3] ?? '', 10);
  return `postgres://postgres:postgres@127.0.0.1:${port}/cirrus`;
}

export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Forgets the sign-ups counted per address (5 an hour, src/server/auth/rate-limit.ts): every spec signs up from
 * this one machine, and a suite that makes more than five customers in one clock hour would meet the limit meant
 * for a stranger. The limit itself is tested in tests/api/accounts.test.ts.
 */
export async function forgetSignUpCounts(): Promise<void> {
  await withE2eDatabase((db) => db.query(`delete from rate_limits where key like 'signup-ip:%'`));
}
