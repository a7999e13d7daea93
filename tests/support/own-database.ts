import pg from 'pg';
import { inject } from 'vitest';
import { type ApiApp, createApp } from '../../src/server/api/app';
import { createDatabase, type Database } from '../../src/server/db/client';
import { migrateAndSeed } from '../../src/server/db/prepare';

export type OwnDatabase = { db: Database; app: ApiApp; url: string; drop: () => Promise<void> };

/**
 * A migrated and seeded database of a test file's own, `<test db>_<name>` on the tests' server, for tests whose
 * work reaches every row of a table (a sweep, an outbox, a fingerprint of the whole database): other files'
 * rows in the shared database would be swept or counted too.
 */
export async function ownDatabase(name: string): Promise<OwnDatabase> {
  const url = new URL(inject('databaseUrl'));
  const dbName = `${url.pathname.slice(1)}_${name}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
  url.pathname = `/${dbName}`;
  await migrateAndSeed(url.href, () => {});
  const db = createDatabase(url.href, { max: 4 });
  return {
    db,
    app: createApp({ db }),
    url: url.href,
    drop: async () => {
      await db.$client.end().catch(() => undefined);
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}
