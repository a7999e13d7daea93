import 'server-only';
import path from 'node:path';
import type { Env } from '@/env';
import { healSearchIndex } from '../search/indexer';
import { createDatabase, type Database } from './client';
import { connectOrExplain, maskPassword } from './database-url';
import { EMBEDDED_PASSWORD, EMBEDDED_USER, type EmbeddedServer, startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';
import { seedDatabase } from './seed';

export type PreparedDatabase = {
  url: string;
  embedded: boolean;
  /** Embedded only: where its data is (the folder a data directory links to, when it was moved). */
  dataDir?: string;
  stop: () => Promise<void>;
};

/**
 * The database the site runs on: `DATABASE_URL` when set (checked to answer, so a wrong one stops start-up
 * with the reason), otherwise the embedded PostgreSQL with its data in `DATA_DIR/<instance>` ("main" for
 * `npm start`, "test" for the test suite, docs/decisions/001-embedded-postgres-lifecycle.md).
 */
export async function startDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  instance: string,
  log: (line: string) => void,
): Promise<PreparedDatabase> {
  if (env.DATABASE_URL) {
    const client = await connectOrExplain(env.DATABASE_URL);
    await client.end();
    return { url: env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const server: EmbeddedServer = await startEmbeddedPostgres({
    dataDir: path.join(env.DATA_DIR, instance),
    port: env.EMBEDDED_PG_PORT,
    log,
  });
  return { url: server.url, embedded: true, dataDir: server.dataDir, stop: server.stop };
}

/** The lines `npm start` prints about its database: where it is and how to look inside. */
export function describeDatabase(database: PreparedDatabase, options: { fixedPort?: boolean } = {}): string[] {
  if (!database.embedded) {
    return [`database: ${maskPassword(database.url)} (DATABASE_URL); \`npm run db:psql\` opens it`];
  }
  return [
    `database: ${database.url} (embedded PostgreSQL, data in ${database.dataDir}; user "${EMBEDDED_USER}" and password "${EMBEDDED_PASSWORD}" are the local default, and it listens on 127.0.0.1 only)`,
    options.fixedPort
      ? '`npm run db:psql` opens it; EMBEDDED_PG_PORT keeps its port'
      : '`npm run db:psql` opens it; its port is new at each start unless EMBEDDED_PG_PORT is set',
  ];
}

/** Applies pending migrations, then seeds when the database is empty. */
export async function migrateAndSeed(url: string, log: (line: string) => void): Promise<void> {
  const db: Database = createDatabase(url, { max: 2, queryTimeoutMs: 0 });
  try {
    await migrateDatabase(db);
    const seeded = await seedDatabase(db);
    log(seeded ? 'database migrated and seeded' : 'database migrated (already seeded)');
    // Texts changed outside the application (psql, a version before the index) become searchable here.
    const healed = await healSearchIndex(db);
    if (healed > 0) log(`search index: ${healed} documents indexed again`);
  } finally {
    await db.$client.end();
  }
}
