import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, findPgProgram, restoreDatabase } from '../../src/server/db/backup';
import { createDatabase } from '../../src/server/db/client';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/** A hash of every row of a table, in key order: equal only when every row is. */
async function tableHash(url: string, table: 'orders' | 'audit_log'): Promise<{ rows: number; hash: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: number; hash: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by t.id), '')) as hash from ${table} t`,
    );
    return rows[0] as { rows: number; hash: string };
  } finally {
    await client.end();
  }
}

let own: OwnDatabase;
let dir: string;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeAll(async () => {
  own = await ownDatabase('backup');
  dir = mkdtempSync(path.join(tmpdir(), 'cirrus-backup-'));
});
afterAll(async () => {
  await own.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:backup and db:restore (docs/decisions/075-backups.md)', () => {
  it('backs up, and after a wipe restores the orders and the audit log row for row', async () => {
    // Orders placed through the API, and a back-office change, so both tables hold rows of their own.
    for (const currency of ['USD', 'HKD', 'JPY']) {
      const buyer = await signedInCustomer({}, own.db);
      const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
        json: {
          regionId: 'los-angeles',
          imageId: 'ubuntu-24.04',
          planId: 'std-1c1g',
          currency,
          idempotencyKey: crypto.randomUUID(),
        },
        headers: buyer.headers,
      });
      expect(res.status).toBe(200);
    }
    await own.db.$client.query(
      `insert into audit_log (action, kind, entity_id, before, after)
       values ('update', 'backup.test', 'x', '{"a":1}'::jsonb, '{"a":2}'::jsonb)`,
    );
    const before = {
      orders: await tableHash(own.url, 'orders'),
      audit: await tableHash(own.url, 'audit_log'),
    };
    expect(before.orders.rows).toBeGreaterThanOrEqual(3);
    expect(before.audit.rows).toBeGreaterThanOrEqual(1);

    const file = path.join(dir, 'cirrus.dump');
    // The site's own pool is open on this database: a restore now would pull the tables from under it.
    await backupDatabase(own.url, file, log);
    await expect(restoreDatabase(own.url, file, { force: true }, log)).rejects.toThrow(
      /the site is running against .* stop every instance/,
    );
    await own.db.$client.end();

    await expect(restoreDatabase(own.url, file, { force: false }, log)).rejects.toThrow(/is not empty .* --force/);

    // Wiped: nothing of the site is left.
    const wipe = new pg.Client({ connectionString: own.url });
    await wipe.connect();
    await wipe.query('drop schema drizzle cascade; drop schema public cascade; create schema public');
    await wipe.end();
    await restoreDatabase(own.url, file, { force: false }, log);
    expect(await tableHash(own.url, 'orders')).toEqual(before.orders);
    expect(await tableHash(own.url, 'audit_log')).toEqual(before.audit);

    // --force over a database with rows: the backup's rows, not the ones written since.
    const db = createDatabase(own.url, { max: 1, applicationName: 'cirrus-test' });
    await db.$client.query(`delete from audit_log where kind = 'backup.test'`);
    await db.$client.end();
    await restoreDatabase(own.url, file, { force: true }, log);
    expect(await tableHash(own.url, 'audit_log')).toEqual(before.audit);
    expect(lines.some((l) => l.includes('dropping the'))).toBe(true);
    own.db = createDatabase(own.url, { max: 2 });
  });

  it('names the pg_dump it uses, and says what to install when none is new enough', () => {
    expect(findPgProgram('pg_dump', 15).major).toBeGreaterThanOrEqual(15);
    expect(() => findPgProgram('pg_dump', 99)).toThrow(/pg_dump 99 or newer is needed/);
  });
});
