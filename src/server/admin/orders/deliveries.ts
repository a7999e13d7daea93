import 'server-only';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DeliveryKind, DeliveryQuery, DeliveryState } from '@/lib/admin/orders-schemas';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import { mailOutbox, orders, webhookOutbox } from '../../db/schema';
import { ensureMailWorker } from '../../mail/worker';
import { recordAudit } from '../audit';
import type { SignedInStaff } from '../sessions';
import { deliveryState, maskAddressesFor } from './orders';
import { after, COUNT_CAP, type CursorPage, contactFor, decodeCursor, encodeCursor } from './paging';

/**
 * The mail outbox and the order webhook outbox as the back office reads them (docs/product/back-office-orders.md):
 * each row's state, attempts and last error, and "retry now". Nothing goes out twice because of a retry: it only
 * moves the schedule of a row that is neither sent nor being sent (one conditional UPDATE), and the workers claim
 * rows `FOR UPDATE SKIP LOCKED`, each row to one of them (src/server/mail/delivery.ts, src/server/orders/webhooks.ts).
 */

export type AdminDelivery = {
  id: number;
  kind: DeliveryKind;
  /** The mail's kind (`activation`, `order-paid`...) or the webhook event's type (`order.paid`...). */
  type: string;
  /** A mail's recipient (masked for support) and subject; a webhook's event id. */
  recipient: string | null;
  subject: string | null;
  eventId: string | null;
  orderId: number | null;
  orderNumber: string | null;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  doneAt: string | null;
};

const TABLES = {
  mail: {
    table: mailOutbox,
    id: mailOutbox.id,
    status: mailOutbox.status,
    lastError: mailOutbox.lastError,
    done: 'sent',
  },
  webhook: {
    table: webhookOutbox,
    id: webhookOutbox.id,
    status: webhookOutbox.status,
    lastError: webhookOutbox.lastError,
    done: 'delivered',
  },
} as const;

/** A state of the list as a condition on the table's columns (`failed`: pending, with the last try's error). */
function stateCondition(kind: DeliveryKind, state: DeliveryState | undefined): SQL | undefined {
  const t = TABLES[kind];
  switch (state) {
    case undefined:
      return undefined;
    case 'pending':
      return and(eq(t.status, 'pending'), isNull(t.lastError));
    case 'failed':
      return and(eq(t.status, 'pending'), isNotNull(t.lastError));
    case 'sending':
      return eq(t.status, 'sending');
    case 'sent':
      return eq(t.status, t.done);
  }
}

/** One outbox, newest first, filtered by state, a page at a time from a cursor. */
export async function listDeliveries(
  db: Database,
  viewer: SignedInStaff,
  query: DeliveryQuery,
): Promise<CursorPage<AdminDelivery>> {
  const t = TABLES[query.kind];
  const where = stateCondition(query.kind, query.state);
  const cursor = decodeCursor(query.cursor, 'number');
  const paged = and(where, after(t.id, t.id, cursor, 'desc'));
  const limit = query.rows + 1;
  const rows: AdminDelivery[] =
    query.kind === 'mail'
      ? (
          await db
            .select({ row: mailOutbox, orderNumber: orders.number })
            .from(mailOutbox)
            .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
            .where(paged)
            .orderBy(desc(mailOutbox.id))
            .limit(limit)
        ).map(({ row, orderNumber }) => ({
          id: row.id,
          kind: 'mail',
          type: row.kind,
          recipient: contactFor(viewer, row.recipient),
          subject: row.subject,
          eventId: null,
          orderId: row.orderId,
          orderNumber,
          state: deliveryState(row.status, row.lastError),
          attempts: row.attempts,
          lastError: row.lastError === null ? null : maskAddressesFor(viewer, row.lastError),
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
          doneAt: row.sentAt?.toISOString() ?? null,
        }))
      : (
          await db
            .select({ row: webhookOutbox, orderNumber: orders.number })
            .from(webhookOutbox)
            .leftJoin(orders, eq(orders.id, webhookOutbox.orderId))
            .where(paged)
            .orderBy(desc(webhookOutbox.id))
            .limit(limit)
        ).map(({ row, orderNumber }) => ({
          id: row.id,
          kind: 'webhook',
          type: row.type,
          recipient: null,
          subject: null,
          eventId: row.eventId,
          orderId: row.orderId,
          orderNumber,
          state: deliveryState(row.status, row.lastError),
          attempts: row.attempts,
          lastError: row.lastError,
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
          doneAt: row.deliveredAt?.toISOString() ?? null,
        }));
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${t.table} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) t`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  const page = rows.slice(0, query.rows);
  const last = page.at(-1);
  return {
    items: page,
    next: rows.length > query.rows && last ? encodeCursor({ v: last.id, id: last.id }) : null,
    total: Math.min(n, COUNT_CAP),
    totalExact: n <= COUNT_CAP,
  };
}

/**
 * "Retry now": a row waiting for its next try (pending, failed or not) becomes due at once. The UPDATE's own
 * condition (`status = 'pending'`) is the check: a row sent meanwhile, or claimed by a worker this instant, is
 * not touched, and the caller gets 409 (already sent, or being sent). Retrying twice only moves the time twice;
 * the worker's exclusive claim sends the row once.
 */
export async function retryDelivery(db: Database, by: SignedInStaff, kind: DeliveryKind, id: number) {
  const t = TABLES[kind];
  const result = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(t.table)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.status, 'pending')))
      .returning({ id: t.id, attempts: t.table.attempts, nextAttemptAt: t.table.nextAttemptAt });
    if (!moved) {
      const [row] = await tx.select({ status: t.status }).from(t.table).where(eq(t.id, id));
      if (!row) throw notFound('api.admin.notFound');
      throw new ApiError(
        BusinessCode.conflict,
        row.status === 'sending' ? 'api.admin.deliveriesBeingSent' : 'api.admin.deliveriesAlreadySent',
        { extra: { current: { id, state: deliveryState(row.status, null) } } },
      );
    }
    await recordAudit(tx, {
      staffId: by.id,
      kind,
      entityId: id,
      action: 'update',
      before: null,
      after: { id, action: 'retry', attempts: moved.attempts, nextAttemptAt: moved.nextAttemptAt.toISOString() },
    });
    return { id, state: 'pending' as const, nextAttemptAt: moved.nextAttemptAt.toISOString() };
  });
  // The mail worker of this process goes at once; webhooks go at the worker's next tick (every few seconds).
  if (kind === 'mail') ensureMailWorker(db).kick();
  return result;
}
