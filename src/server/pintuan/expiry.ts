import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';
import { failGroups } from '../orders/lifecycle';

export type SweepResult = { failedGroupIds: number[] };

/** Groups handled per transaction; a larger backlog takes several runs in a row. */
const DEFAULT_BATCH = 100;

/**
 * Fails the groups whose time ran out while short of members (docs/decisions/013-group-buy.md): in one
 * transaction each group is marked failed, its unpaid orders cancelled and its paid ones set to wait for a
 * refund (src/server/orders/lifecycle.ts). `FOR UPDATE SKIP LOCKED` lets several app instances sweep at once
 * without handling a group twice, and skips a group a join is holding (that join refuses it as expired by
 * itself). `now` is the clock, injectable for tests.
 */
export async function sweepExpiredGroups(
  db: Database,
  now: Date = new Date(),
  batch = DEFAULT_BATCH,
): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select id from pintuan_groups
       where status = 'open' and expires_at <= ${now.toISOString()}::timestamptz
       order by expires_at
       limit ${batch}
       for update skip locked`);
    const ids = due.rows.map((r) => Number(r.id));
    await failGroups(tx, ids, 'group-buy time ran out', now);
    return { failedGroupIds: ids };
  });
}

export type ExpiryWorker = { stop(): Promise<void> };

/**
 * Runs the sweep every `intervalMs` (default 30 s) and once at start, so groups that ran out while the
 * server was down fail as soon as it is back.
 */
export function startExpiryWorker(db: Database, options: { intervalMs?: number; now?: () => Date } = {}): ExpiryWorker {
  const clock = options.now ?? (() => new Date());
  return startRepeatingJob(
    'group-buy expiry sweep',
    async () => {
      const result = await sweepExpiredGroups(db, clock());
      if (result.failedGroupIds.length > 0) {
        logEvent('info', 'group-buy groups failed at expiry', { groups: result.failedGroupIds.length });
      }
      return result.failedGroupIds.length >= DEFAULT_BATCH;
    },
    { intervalMs: options.intervalMs ?? 30_000 },
  );
}

const globalForExpiry = globalThis as unknown as { cirrusPintuanExpiry?: ExpiryWorker };

/** The process's one expiry worker, started with the server (src/instrumentation.ts) and kept across dev reloads. */
export function ensureExpiryWorker(db: Database): ExpiryWorker {
  globalForExpiry.cirrusPintuanExpiry ??= startExpiryWorker(db);
  return globalForExpiry.cirrusPintuanExpiry;
}
