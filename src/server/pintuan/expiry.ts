import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { logEvent } from '../log';

export type SweepResult = { failedGroupIds: number[]; cancelledOrders: number };

/** Groups handled per transaction; a larger backlog takes several runs in a row. */
const DEFAULT_BATCH = 100;

/**
 * Fails the groups whose time ran out while short of members (issue 6): in one transaction each group is
 * marked failed and its orders cancelled and marked for refund (the customer centre holds the payment and
 * settles it). `FOR UPDATE SKIP LOCKED` lets several app instances sweep at once without handling a group
 * twice, and skips a group a join is holding (that join refuses it as expired by itself). `now` is the clock,
 * injectable for tests.
 */
export async function sweepExpiredGroups(
  db: Database,
  now: Date = new Date(),
  batch = DEFAULT_BATCH,
): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const failed = await tx.execute<{ id: number }>(sql`
      update pintuan_groups set status = 'failed', closed_at = ${at}::timestamptz
       where id in (
         select id from pintuan_groups
          where status = 'open' and expires_at <= ${at}::timestamptz
          order by expires_at
          limit ${batch}
          for update skip locked)
         and status = 'open'
      returning id`);
    const ids = failed.rows.map((r) => Number(r.id));
    if (ids.length === 0) return { failedGroupIds: [], cancelledOrders: 0 };
    const cancelled = await tx.execute(sql`
      update orders set status = 'cancelled', refund_status = 'pending'
       where id in (select order_id from pintuan_members where group_id in (${sql.join(ids, sql`, `)}))
         and status <> 'cancelled'`);
    return { failedGroupIds: ids, cancelledOrders: cancelled.rowCount ?? 0 };
  });
}

export type ExpiryWorker = { stop(): Promise<void> };

/**
 * Runs the sweep every `intervalMs` (default 30 s) and once at start, so groups that ran out while the
 * server was down fail as soon as it is back: the state is in the database, nothing in memory.
 */
export function startExpiryWorker(db: Database, options: { intervalMs?: number; now?: () => Date } = {}): ExpiryWorker {
  const intervalMs = options.intervalMs ?? 30_000;
  const clock = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (stopped) return;
    running = (async () => {
      try {
        // A full batch means more may be due: keep going until the backlog is gone.
        for (;;) {
          const result = await sweepExpiredGroups(db, clock());
          if (result.failedGroupIds.length > 0) {
            logEvent('info', 'group-buy groups failed at expiry', {
              groups: result.failedGroupIds.length,
              cancelledOrders: result.cancelledOrders,
            });
          }
          if (stopped || result.failedGroupIds.length < DEFAULT_BATCH) break;
        }
      } catch (error) {
        // The database may be down; the next tick tries again.
        logEvent('error', 'group-buy expiry sweep failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    })().finally(() => {
      running = undefined;
      if (stopped) return;
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const globalForExpiry = globalThis as unknown as { cirrusPintuanExpiry?: ExpiryWorker };

/** The process's one expiry worker, started with the server (src/instrumentation.ts) and kept across dev reloads. */
export function ensureExpiryWorker(db: Database): ExpiryWorker {
  globalForExpiry.cirrusPintuanExpiry ??= startExpiryWorker(db);
  return globalForExpiry.cirrusPintuanExpiry;
}
