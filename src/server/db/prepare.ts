import 'server-only';
import path from 'node:path';
import type { Env } from '@/env';
import { createDatabase, type Database } from './client';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';
import { seedDatabase } from './seed';

export type PreparedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

/**
 * The database the site runs on: `DATABASE_URL` when set, otherwise the embedded PostgreSQL with its data
 * in `DATA_DIR/<instance>` ("main" for `npm start`, "test" for the test suite, DESIGN §5).
 */
export async function startDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  instance: string,
  log: (line: string) => void,
): Promise<PreparedDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, stop: async () => {} };
  const server: EmbeddedServer = await startEmbeddedPostgres({
    dataDir: path.join(env.DATA_DIR, instance),
    port: env.EMBEDDED_PG_PORT,
    log,
  });
  return { url: server.url, embedded: true, stop: server.stop };
}

/** Applies pending migrations, then seeds when the database is empty. */
export async function migrateAndSeed(url: string, log: (line: string) => void): Promise<void> {
  const db: Database = createDatabase(url, { max: 2, queryTimeoutMs: 0 });
  try {
    await migrateDatabase(db);
    const seeded = await seedDatabase(db);
    log(seeded ? 'database migrated and seeded' : 'database migrated (already seeded)');
  } finally {
    await db.$client.end();
  }
}
