import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';

/** Tables, columns, types, defaults and constraints: what a migration can change. */
async function schemaSnapshot(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query(
      `select table_schema, table_name, column_name, data_type, is_nullable, column_default
         from information_schema.columns where table_schema in ('public', 'drizzle')
        order by 1, 2, 3`,
    );
    const constraints = await client.query(
      `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
         from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    );
    const indexes = await client.query(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
    );
    const journal = await client.query('select hash from drizzle.__drizzle_migrations order by id');
    return JSON.stringify({
      columns: columns.rows,
      constraints: constraints.rows,
      indexes: indexes.rows,
      journal: journal.rows,
    });
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  const base = new URL(inject('databaseUrl'));
  const name = `migrations_${process.pid}`;
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: base.href });

  afterAll(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('apply on an empty database, and a second run changes nothing', async () => {
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);

    const db = createDatabase(url.href, { max: 1 });
    try {
      await migrateDatabase(db);
      const first = await schemaSnapshot(url.href);
      expect(first).toContain('"currencies"');
      await migrateDatabase(db);
      expect(await schemaSnapshot(url.href)).toBe(first);
    } finally {
      await db.$client.end();
    }
  });
});
