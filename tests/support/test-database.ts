import type { Env } from '../../src/env';
import { connectOrExplain, ensureDatabaseOn } from '../../src/server/db/database-url';
import { type PreparedDatabase, startDatabase } from '../../src/server/db/prepare';

/**
 * The tests' own database. Embedded: the server on DATA_DIR/<instance>. With DATABASE_URL: a database
 * named after it plus `_test` on the same server, created when missing, so tests never touch the data
 * `npm start` serves. A server that cannot be reached, or a user that may not create that database, stops
 * the run with the cause and the fix.
 */
export async function startTestDatabase(env: Env, instance: string): Promise<PreparedDatabase> {
  if (!env.DATABASE_URL) return startDatabase(env, instance, () => {});
  const url = new URL(env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'postgres'}_${instance}`.replace(/[^a-zA-Z0-9_]/g, '_');
  const admin = await connectOrExplain(env.DATABASE_URL);
  try {
    await ensureDatabaseOn(admin, name, env.DATABASE_URL);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return { url: url.href, embedded: false, stop: async () => {} };
}
