import pg from 'pg';
import type { Env } from '../../src/env';
import { type PreparedDatabase, startDatabase } from '../../src/server/db/prepare';

/**
 * The tests' own database. Embedded: the server on DATA_DIR/<instance>. With DATABASE_URL: a database
 * named after it plus `_test` on the same server, created when missing, so tests never touch the data
 * `npm start` serves.
 */
export async function startTestDatabase(env: Env, instance: string): Promise<PreparedDatabase> {
  if (!env.DATABASE_URL) return startDatabase(env, instance, () => {});
  const url = new URL(env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'postgres'}_${instance}`.replace(/[^a-zA-Z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return { url: url.href, embedded: false, stop: async () => {} };
}
