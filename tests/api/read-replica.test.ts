import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { announceChange } from '../../src/server/changes/bus';
import { onLocalChange, watchRendering } from '../../src/server/changes/hooks';
import { type ChangeListener, startChangeListener } from '../../src/server/changes/listener';
import { backupDatabase, restoreDatabase } from '../../src/server/db/backup';
import { createDatabase, type Database } from '../../src/server/db/client';
import {
  checkReadReplica,
  configureReadReplica,
  endReadReplica,
  lsnValue,
  RECENT_WRITE_COOKIE,
  readDatabase,
  readReplica,
} from '../../src/server/db/replica';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type ReplicaCluster, replicaPrograms, startReplicaCluster } from '../support/replica-cluster';

/**
 * Reads from a real streaming replica (docs/decisions/076-read-replicas.md): a primary and a replica made by
 * pg_basebackup, started here; lag injected with pg_wal_replay_pause().
 */
const programs = replicaPrograms();
const skipped = 'missing' in programs ? programs.missing : undefined;

let cluster: ReplicaCluster;
let primary: Database;
let listener: ChangeListener;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];
let dropped: (() => void)[] = [];

function nextDrop(): Promise<void> {
  return new Promise((resolve) => dropped.push(resolve));
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await checkReadReplica();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The Los Angeles region's test address as the storefront's API answers it (a kept read, 30 s). */
async function shownAddress(headers: Record<string, string> = {}): Promise<string> {
  const res = await call(app, 'GET', '/api/cvm/area/search?language=en', { headers });
  expect(res.status).toBe(200);
  const regions = res.json.message as { id: string; testIp: string }[];
  return regions.find((r) => r.id === 'los-angeles')?.testIp ?? '';
}

/** An operator's change: the row and its announcement in one transaction, as the back office writes. */
async function changeAddress(address: string): Promise<bigint> {
  await primary.transaction(async (tx) => {
    await tx.execute(sql`update regions set test_ip = ${address} where id = 'los-angeles'`);
    await announceChange(tx, ['catalog']);
  });
  const { rows } = await primary.$client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return lsnValue(rows[0]?.lsn);
}

/**
 * Reads until `drop` (this process dropping its caches for the change) has happened, then `after` more: the old
 * address read after the drop is a stale read.
 */
async function readThroughChange(old: string, drop: Promise<void>, after = 20): Promise<{ stale: number }> {
  let done = false;
  void drop.then(() => {
    done = true;
  });
  while (!done) {
    await shownAddress();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  let stale = 0;
  for (let i = 0; i < after; i++) if ((await shownAddress()) === old) stale += 1;
  return { stale };
}

const replicaLines = () => logLines.filter((l) => l.includes('replica'));

describe.skipIf(skipped)(`a streaming read replica${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    if (!('bin' in programs)) return;
    // The primary gets the tests' migrated and seeded database through a backup: quicker than seeding again.
    const dump = path.join(tmpdir(), `cirrus-replica-${process.pid}.dump`);
    cluster = await startReplicaCluster(programs.bin, async (url) => {
      await backupDatabase(inject('databaseUrl'), dump, () => {});
      await restoreDatabase(url, dump, { force: false }, () => {});
      rmSync(dump, { force: true });
    });
    primary = createDatabase(cluster.primaryUrl, { max: 4 });
    configureReadReplica({
      primary,
      url: cluster.replicaUrl,
      maxLagSeconds: 1,
      checkEveryMs: 100,
      replayWaitMs: 300,
      log: (_level, msg) => logLines.push(msg),
    });
    app = createApp({ db: primary });
    // No page renders here: no second drop a second after each change (src/server/changes/listener.ts SETTLE_MS).
    watchRendering(() => false);
    onLocalChange('copies', () => {
      const waiting = dropped;
      dropped = [];
      for (const resolve of waiting) resolve();
    });
    const connected = nextDrop();
    listener = startChangeListener({ url: cluster.primaryUrl, onScheduledTime: async () => false });
    await connected;
    // Answering and caught up with everything the primary wrote before (the seed, the base backup's checkpoint).
    await until(() => readDatabase(primary) === readReplica()?.replica, 'the replica to serve reads');
  }, 90_000);

  afterAll(async () => {
    await listener?.stop();
    await endReadReplica();
    await primary?.$client.end();
    await cluster?.stop();
  });

  it('reads the catalog from the replica, and the old row nowhere once a change is dropped, replay paused', async () => {
    const old = await shownAddress();
    expect(readDatabase(primary)).toBe(readReplica()?.replica);

    await cluster.onReplica('select pg_wal_replay_pause()');
    const drop = nextDrop();
    await changeAddress('203.0.113.7');
    const { stale } = await readThroughChange(old, drop);
    expect(stale).toBe(0);
    // The replica lacks the change: reads go to the primary until it has it.
    expect(readDatabase(primary)).toBe(primary);

    // Past the lag limit: said once, however many looks.
    await until(() => replicaLines().length === 1, 'the lag to be logged');
    expect(replicaLines()).toEqual(['reading from the primary: the read replica lags behind']);
    expect(await shownAddress()).toBe('203.0.113.7');

    await cluster.onReplica('select pg_wal_replay_resume()');
    await until(() => replicaLines().length === 2, 'the replica to catch up');
    expect(replicaLines()[1]).toBe('reading from the read replica again');
    expect(readDatabase(primary)).toBe(readReplica()?.replica);
    expect(await shownAddress()).toBe('203.0.113.7');
  });

  it('drops caches only once the replica replayed a change: no stale read, and how long that takes', async () => {
    const waits: number[] = [];
    let previous = await shownAddress();
    let stale = 0;
    for (let i = 0; i < 15; i++) {
      const address = `198.51.100.${i + 1}`;
      const drop = nextDrop();
      const started = performance.now();
      await changeAddress(address);
      await drop;
      waits.push(performance.now() - started);
      for (let r = 0; r < 5; r++) if ((await shownAddress()) === previous) stale += 1;
      previous = address;
    }
    expect(stale).toBe(0);
    expect(readDatabase(primary)).toBe(readReplica()?.replica);
    waits.sort((a, b) => a - b);
    // The commit to this process's drop, through the replica's replay: BENCHMARKS.md (operations).
    console.log(`replica catch-up, commit to drop (ms): median ${waits[7]?.toFixed(1)}, max ${waits[14]?.toFixed(1)}`);
  });

  it("a visitor's write sets the short cookie, and with it their reads go to the primary", async () => {
    const search = await call(app, 'POST', '/api/finance/message/searchAnnounce', { json: { page: 1, row: 1 } });
    expect(search.status).toBe(200);
    expect(search.headers.get('set-cookie') ?? '').not.toContain(RECENT_WRITE_COOKIE);
    const buyer = await signedInCustomer({}, primary);
    const order = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'los-angeles',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        currency: 'USD',
        idempotencyKey: crypto.randomUUID(),
      },
      headers: buyer.headers,
    });
    expect(order.status).toBe(200);
    expect(order.headers.get('set-cookie')).toMatch(new RegExp(`${RECENT_WRITE_COOKIE}=1; Max-Age=\\d+`));

    await cluster.onReplica('select pg_wal_replay_pause()');
    // A row changed without an announcement, as an order's own rows are: the replica does not have it yet.
    await primary.$client.query(`update regions set test_ip = '192.0.2.1' where id = 'los-angeles'`);
    const address = async (language: string, cookie?: string) => {
      const res = await call(app, 'GET', `/api/cvm/area/search?language=${language}`, {
        headers: cookie ? { cookie } : {},
      });
      return (res.json.message as { id: string; testIp: string }[]).find((r) => r.id === 'los-angeles')?.testIp;
    };
    expect(await address('zh')).not.toBe('192.0.2.1');
    expect(await address('ja', `${RECENT_WRITE_COOKIE}=1`)).toBe('192.0.2.1');
    await cluster.onReplica('select pg_wal_replay_resume()');
  });

  it('a replica that stops answering leaves reads to the primary, said once', async () => {
    const before = replicaLines().length;
    await cluster.stopReplica();
    const drop = nextDrop();
    await changeAddress('203.0.113.9');
    await drop;
    await until(() => replicaLines().length > before, 'the outage to be logged');
    expect(await shownAddress()).toBe('203.0.113.9');
    for (let i = 0; i < 5; i++) await checkReadReplica();
    expect(replicaLines().slice(before)).toEqual(['reading from the primary: the read replica does not answer']);
    expect(readDatabase(primary)).toBe(primary);
  });
});
