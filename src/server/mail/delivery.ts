import 'server-only';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { logEvent } from '../log';
import type { MailTransport } from './transport';

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/**
 * A claimed row is leased for this long: its `next_attempt_at` is pushed this far ahead while it is
 * 'sending', so a row whose instance crashed mid-send becomes due again after it (nothing is lost).
 * Far above the transport's timeouts, so a live sender is never overtaken.
 */
export const SENDING_LEASE_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 1_000;

/** Wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, 4 min ... at most 1 h. */
export function backoffMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, MAX_RETRY_MS);
}

export type DeliveryResult = { sent: number; failed: number };

/**
 * Sends up to `batch` due mails: pending ones whose time has come, and 'sending' ones whose lease ran out.
 * Safe with any number of app instances: the claim is one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`,
 * so each row goes to exactly one caller. A failure puts the row back with exponential backoff; it is
 * retried forever (an operator sees `attempts` and `last_error`), never dropped.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  now: Date = new Date(),
  batch = 20,
  stopping: () => boolean = () => false,
): Promise<DeliveryResult> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);

  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const [index, row] of claimed.entries()) {
    // Only the holder of this claim may settle the row (a lease that ran out may have been taken over).
    const stillOurs = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );
    if (stopping()) {
      await releaseClaims(db, claimed.slice(index), now);
      break;
    }
    try {
      await transport.send({ kind: row.kind, to: row.recipient, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      result.failed += 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const nextAttemptAt = new Date(now.getTime() + backoffMs(row.attempts));
      await db.update(mailOutbox).set({ status: 'pending', nextAttemptAt, lastError: message }).where(stillOurs);
      logEvent('warn', 'mail delivery failed', {
        mailId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        nextAttemptAt: nextAttemptAt.toISOString(),
        error: message,
      });
      continue;
    }
    result.sent += 1;
    await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(stillOurs);
    logEvent('info', 'mail sent', { mailId: row.id, kind: row.kind, attempts: row.attempts });
  }
  return result;
}

/**
 * Gives back rows claimed by a run that stops before trying them (the process is stopping): due again at once for
 * another process, their attempt not counted, instead of waiting out the lease. Only rows still held by this
 * claim; a row being sent when the process stops keeps its lease (it may have gone out: at least once).
 */
export async function releaseClaims(db: Database, rows: { id: number; attempts: number }[], now: Date): Promise<void> {
  for (const row of rows) {
    await db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: row.attempts - 1, nextAttemptAt: now })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts)));
  }
}
