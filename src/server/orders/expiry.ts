import 'server-only';
import { sql } from 'drizzle-orm';
import { liveNumbersChanged } from '../api/live/cache';
import type { Database } from '../db/client';
import { type RepeatingJob, startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';
import { ensureMailWorker } from '../mail/worker';
import { expireOrders } from './lifecycle';

/** Orders handled per transaction; a larger backlog takes several runs in a row. */
const DEFAULT_BATCH = 500;

/**
 * Ends the orders whose payment window passed (docs/decisions/037-order-lifecycle.md): `pending_payment` to
 * `expired`, and what they held given back (sale stock, coupon, group seat), in one transaction per batch.
 * `FOR UPDATE SKIP LOCKED` lets several instances sweep at once without touching an order twice, and the
 * conditional transition means a cancel or an in-time payment that got there first wins, and a payment that came
 * after the deadline (which expires the order itself, `expireOrders`) leaves it nothing to do: nothing is given back
 * twice.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date = new Date(),
  batch = DEFAULT_BATCH,
): Promise<{ expired: number }> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select id from orders
       where status = 'pending_payment' and pay_by <= ${now.toISOString()}::timestamptz
       order by pay_by
       limit ${batch}
       for update skip locked`);
    const moved = await expireOrders(
      tx,
      due.rows.map((r) => Number(r.id)),
      now,
    );
    return { expired: moved.length };
  });
}

/** The sweep every `intervalMs` (default 30 s) and once at start: orders that ran out while the server was down end at once. */
export function startOrderExpiryWorker(
  db: Database,
  options: { intervalMs?: number; now?: () => Date; batch?: number } = {},
): RepeatingJob {
  const clock = options.now ?? (() => new Date());
  const batch = options.batch ?? DEFAULT_BATCH;
  return startRepeatingJob(
    'order expiry sweep',
    async () => {
      const { expired } = await expireUnpaidOrders(db, clock(), batch);
      if (expired > 0) {
        logEvent('info', 'unpaid orders expired', { orders: expired });
        // What they held is back on sale: this process's kept stock numbers are out of date.
        liveNumbersChanged();
        // Each expiry queued its mail.
        ensureMailWorker(db).kick();
      }
      return expired >= batch;
    },
    { intervalMs: options.intervalMs ?? 30_000 },
  );
}

const globalForOrders = globalThis as unknown as { cirrusOrderExpiry?: RepeatingJob };

/** The process's one order expiry worker, started with the server (src/instrumentation.ts). */
export function ensureOrderExpiryWorker(db: Database): RepeatingJob {
  globalForOrders.cirrusOrderExpiry ??= startOrderExpiryWorker(db);
  return globalForOrders.cirrusOrderExpiry;
}
