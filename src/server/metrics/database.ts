import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { metrics } from './registry';

/**
 * How long a reading of the outboxes is reused. Scrapes of every instance, or a scraper gone wrong, then cost the
 * database at most one small query per instance in that time.
 */
export const OUTBOX_READING_TTL_MS = 10_000;

type OutboxReading = { outbox: 'mail' | 'webhook' | 'cdn'; pending: number; oldestSeconds: number };

let reading: { at: number; rows: Promise<OutboxReading[]> } | undefined;

/**
 * The undelivered mails, webhooks and CDN purges (pending, or claimed by a sender that may have died: both still to go), and
 * the age of the oldest. One statement, read on the outboxes' status index: it reads the undelivered rows only,
 * so a million delivered ones cost nothing.
 */
async function readOutboxes(db: Database): Promise<OutboxReading[]> {
  const result = await db.execute<{
    outbox: OutboxReading['outbox'];
    pending: number;
    oldest_seconds: number | null;
  }>(sql`
    select 'mail' as outbox, count(*)::int as pending,
      extract(epoch from now() - min(created_at))::float8 as oldest_seconds
    from mail_outbox where status in ('pending', 'sending')
    union all
    select 'webhook', count(*)::int, extract(epoch from now() - min(created_at))::float8
    from webhook_outbox where status in ('pending', 'sending')
    union all
    select 'cdn', count(*)::int, extract(epoch from now() - min(created_at))::float8 from cdn_purges`);
  return result.rows.map((row) => ({
    outbox: row.outbox,
    pending: Number(row.pending),
    oldestSeconds: Math.max(0, Number(row.oldest_seconds ?? 0)),
  }));
}

/**
 * Sets the outbox and pool gauges before a scrape renders them. Concurrent scrapes share one reading; a failed
 * reading is not kept, so the next scrape tries again (the gauges keep their last values meanwhile).
 */
export async function collectDatabaseGauges(db: Database, now = Date.now()): Promise<void> {
  const m = metrics();

  if (reading === undefined || now - reading.at >= OUTBOX_READING_TTL_MS) {
    const rows = readOutboxes(db);
    reading = { at: now, rows };
    rows.catch(() => {
      if (reading?.rows === rows) reading = undefined;
    });
  }
  try {
    const rows = await withTimeout(reading.rows, READING_TIMEOUT_MS);
    for (const row of rows) {
      m.outboxPending.set({ outbox: row.outbox }, row.pending);
      m.outboxOldestAge.set({ outbox: row.outbox }, row.oldestSeconds);
    }
  } catch {
    // The database is away or slow: the scrape still answers (process and pool numbers matter most then), the
    // outbox gauges keep their last values, and the failure is counted.
    m.outboxReadFailures.inc();
  }
  // After the reading, which may have opened the pool's first connection.
  const pool = db.$client;
  m.poolConnections.set({ state: 'total' }, pool.totalCount);
  m.poolConnections.set({ state: 'idle' }, pool.idleCount);
  m.poolWaiting.set(pool.waitingCount);
}

/** Well inside a scraper's usual 10 s timeout. */
const READING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Forgets the last reading (tests, which change the outboxes between scrapes). */
export function forgetOutboxReading(): void {
  reading = undefined;
}
