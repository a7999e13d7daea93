import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import { env } from '@/env';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { type RepeatingJob, startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';
import { ensureMailWorker } from '../mail/worker';
import { mailOrderReminder } from './mails';

/** Orders claimed per transaction; a larger backlog takes several runs in a row. */
const DEFAULT_BATCH = 200;

/**
 * Reminds the customers of unpaid orders that expire within `minutes` (`ORDER_REMINDER_MINUTES`), once per order
 * (docs/decisions/069-order-mails.md). The claim is one conditional `UPDATE … RETURNING` that sets `reminded_at`
 * only where it is still null, over rows picked `FOR UPDATE SKIP LOCKED`: two instances running it at once take
 * disjoint orders, and an order claimed once is never claimed again. The mail is queued in the claim's transaction,
 * so a claim without its mail (or a mail without its claim) never commits. Orders whose whole window is shorter than
 * the reminder's lead (a group-buy seat near its group's end) get none: the mail that created them says the same.
 */
export async function remindUnpaidOrders(
  db: Database,
  now: Date = new Date(),
  options: { minutes?: number; batch?: number } = {},
): Promise<{ reminded: number }> {
  const minutes = options.minutes ?? env().ORDER_REMINDER_MINUTES;
  if (minutes <= 0) return { reminded: 0 };
  const batch = options.batch ?? DEFAULT_BATCH;
  const lead = `${minutes} minutes`;
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      update ${orders} set reminded_at = ${at}::timestamptz
       where id in (
         select id from ${orders}
          where status = 'pending_payment'
            and reminded_at is null
            and pay_by > ${at}::timestamptz
            and pay_by <= ${at}::timestamptz + ${lead}::interval
            and pay_by - created_at > ${lead}::interval
          order by pay_by
          limit ${batch}
          for update skip locked)
         and status = 'pending_payment'
         and reminded_at is null
      returning id`);
    const ids = claimed.rows.map((r) => Number(r.id));
    if (ids.length === 0) return { reminded: 0 };
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids));
    for (const row of rows) await mailOrderReminder(tx, row);
    return { reminded: rows.length };
  });
}

/** The reminder sweep every `intervalMs` (default 30 s), beside the expiry sweep (src/server/jobs/background.ts). */
export function startOrderReminderWorker(
  db: Database,
  options: { intervalMs?: number; now?: () => Date; batch?: number } = {},
): RepeatingJob {
  const clock = options.now ?? (() => new Date());
  const batch = options.batch ?? DEFAULT_BATCH;
  return startRepeatingJob(
    'order payment reminders',
    async () => {
      const { reminded } = await remindUnpaidOrders(db, clock(), { batch });
      if (reminded > 0) {
        logEvent('info', 'payment reminders queued', { orders: reminded });
        ensureMailWorker(db).kick();
      }
      return reminded >= batch;
    },
    { intervalMs: options.intervalMs ?? 30_000 },
  );
}

const globalForReminders = globalThis as unknown as { cirrusOrderReminders?: RepeatingJob };

/** The process's one reminder worker, started with the other background jobs. */
export function ensureOrderReminderWorker(db: Database): RepeatingJob {
  globalForReminders.cirrusOrderReminders ??= startOrderReminderWorker(db);
  return globalForReminders.cirrusOrderReminders;
}
