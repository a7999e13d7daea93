import 'server-only';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { env } from '@/env';
import type { Database } from '../db/client';
import { webhookOutbox } from '../db/schema';
import { type RepeatingJob, startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';
import { backoffMs, SENDING_LEASE_MS } from '../mail/delivery';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

const DEFAULT_BATCH = 20;
const TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 1_000;

export type WebhookTarget = { url: string; secret: string };

/**
 * Delivers due order events to the customer centre, at least once (docs/decisions/037-order-lifecycle.md): rows
 * are claimed with `FOR UPDATE SKIP LOCKED` and leased, so any number of instances share the work and a crash
 * mid-send only means the event goes again after the lease; a non-2xx answer or no answer is retried with
 * exponential backoff, forever, never dropped. The receiver de-duplicates on the event id (`Cirrus-Event-Id`).
 */
export async function deliverDueWebhooks(
  db: Database,
  target: WebhookTarget,
  now: Date = new Date(),
  batch = DEFAULT_BATCH,
  stopping: () => boolean = () => false,
): Promise<{ delivered: number; failed: number }> {
  const due = db
    .select({ id: webhookOutbox.id })
    .from(webhookOutbox)
    .where(and(inArray(webhookOutbox.status, ['pending', 'sending']), lte(webhookOutbox.nextAttemptAt, now)))
    .orderBy(asc(webhookOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookOutbox)
    .set({
      status: 'sending',
      attempts: sql`${webhookOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
    })
    .where(inArray(webhookOutbox.id, due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);

  const result = { delivered: 0, failed: 0 };
  for (const [index, row] of claimed.entries()) {
    const stillOurs = and(
      eq(webhookOutbox.id, row.id),
      eq(webhookOutbox.status, 'sending'),
      eq(webhookOutbox.attempts, row.attempts),
    );
    if (stopping()) {
      // The process is stopping: the events not yet tried are due again at once elsewhere, this attempt uncounted.
      for (const left of claimed.slice(index)) {
        await db
          .update(webhookOutbox)
          .set({ status: 'pending', attempts: left.attempts - 1, nextAttemptAt: now })
          .where(
            and(
              eq(webhookOutbox.id, left.id),
              eq(webhookOutbox.status, 'sending'),
              eq(webhookOutbox.attempts, left.attempts),
            ),
          );
      }
      break;
    }
    const body = JSON.stringify({
      id: row.eventId,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      data: row.payload,
    });
    let error: string | undefined;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'cirrus-event-id': row.eventId,
          'cirrus-event-type': row.type,
          [SIGNATURE_HEADER]: signatureHeader(target.secret, body, now.getTime()),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The answer's body is not read beyond what frees the connection.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? `${e.message}${e.cause instanceof Error ? `: ${e.cause.message}` : ''}` : String(e);
    }
    if (error === undefined) {
      result.delivered += 1;
      await db.update(webhookOutbox).set({ status: 'delivered', deliveredAt: now, lastError: null }).where(stillOurs);
      continue;
    }
    result.failed += 1;
    const nextAttemptAt = new Date(now.getTime() + backoffMs(row.attempts));
    await db
      .update(webhookOutbox)
      .set({ status: 'pending', nextAttemptAt, lastError: error.slice(0, MAX_ERROR_LENGTH) })
      .where(stillOurs);
    logEvent('warn', 'order webhook failed', { eventId: row.eventId, attempts: row.attempts, error });
  }
  return result;
}

/** Where order events go, when configured: ORDER_WEBHOOK_URL with its secret. Unset: they wait in the outbox. */
export function webhookTargetFromEnv(): WebhookTarget | undefined {
  const { ORDER_WEBHOOK_URL: url, ORDER_WEBHOOK_SECRET: secret } = env();
  return url && secret ? { url, secret } : undefined;
}

export function startWebhookWorker(
  db: Database,
  target: WebhookTarget,
  options: { intervalMs?: number; now?: () => Date } = {},
): RepeatingJob {
  const clock = options.now ?? (() => new Date());
  return startRepeatingJob(
    'order webhook delivery',
    async (stopping) => {
      const { delivered, failed } = await deliverDueWebhooks(db, target, clock(), DEFAULT_BATCH, stopping);
      // A full batch that got through may have more behind it; when nothing got through the receiver is down: wait.
      return delivered > 0 && delivered + failed >= DEFAULT_BATCH;
    },
    { intervalMs: options.intervalMs ?? 5_000 },
  );
}

const globalForWebhooks = globalThis as unknown as { cirrusWebhooks?: RepeatingJob | null };

/** The process's webhook worker when ORDER_WEBHOOK_URL is set (src/instrumentation.ts); null otherwise. */
export function ensureWebhookWorker(db: Database): RepeatingJob | null {
  if (globalForWebhooks.cirrusWebhooks === undefined) {
    const target = webhookTargetFromEnv();
    globalForWebhooks.cirrusWebhooks = target ? startWebhookWorker(db, target) : null;
    if (!target) logEvent('info', 'ORDER_WEBHOOK_URL unset: order events wait in the outbox');
  }
  return globalForWebhooks.cirrusWebhooks;
}
