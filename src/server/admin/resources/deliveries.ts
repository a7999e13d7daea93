import 'server-only';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Delivery, DeliveryKind } from '@/lib/admin/resources/deliveries';
import { ApiError, BusinessCode, invalidInput, notFound } from '../../api/errors';
import type { Reader } from '../../db/client';
import { mailOutbox, orders, webhookOutbox } from '../../db/schema';
import { ensureMailWorker } from '../../mail/worker';
import { recordAudit } from '../audit';
import { cappedTotal } from '../list-total';
import { operatorNotices } from '../notices';
import type { Binding } from '../resource/bind';
import { KEYSET_COUNT_CAP, keysetKeys } from '../resource/keyset';
import type { SignedInStaff } from '../sessions';
import { contactFor, deliveryState, maskAddressesFor } from './contacts';

/**
 * The mail outbox and the order webhook outbox as the back office reads them (docs/product/back-office-orders.md):
 * each row's state, attempts and last error, and "retry now". Nothing goes out twice because of a retry: it only
 * moves the schedule of a row that is neither sent nor being sent (one conditional UPDATE), and the workers claim
 * rows `FOR UPDATE SKIP LOCKED`, each row to one of them (src/server/mail/delivery.ts, src/server/orders/webhooks.ts).
 */

const OUTBOXES = {
  mail: { table: mailOutbox, id: mailOutbox.id, status: mailOutbox.status, lastError: mailOutbox.lastError },
  webhook: {
    table: webhookOutbox,
    id: webhookOutbox.id,
    status: webhookOutbox.status,
    lastError: webhookOutbox.lastError,
  },
} as const;
const DONE = { mail: 'sent', webhook: 'delivered' } as const;

/** A delivery's key, its outbox and its id there (`mail-12`); anything else is refused at `id`. */
function deliveryKey(key: string | number): { kind: DeliveryKind; id: number } {
  const match = /^(mail|webhook)-([1-9]\d{0,9})$/.exec(String(key));
  if (!match || Number(match[2]) > 2_147_483_647) throw invalidInput({ id: 'api.field.invalid' });
  return { kind: match[1] as DeliveryKind, id: Number(match[2]) };
}

/** A state of the list as a condition on the outbox's columns (`failed`: pending, with the last try's error). */
function stateCondition(kind: DeliveryKind, state: string): SQL | undefined {
  const t = OUTBOXES[kind];
  if (state === 'pending') return and(eq(t.status, 'pending'), isNull(t.lastError));
  if (state === 'failed') return and(eq(t.status, 'pending'), isNotNull(t.lastError));
  if (state === 'sending') return eq(t.status, 'sending');
  if (state === 'sent') return eq(t.status, DONE[kind]);
  return undefined;
}

/** The rows of one outbox `where` matches, as the back office reads them: a mail's text stays out (its links are the customer's). */
export async function readDeliveries(
  db: Reader,
  kind: DeliveryKind,
  where: SQL | undefined,
  viewer: SignedInStaff | undefined,
): Promise<Delivery[]> {
  if (kind === 'mail') {
    const rows = await db
      .select({
        id: mailOutbox.id,
        type: mailOutbox.kind,
        subject: mailOutbox.subject,
        recipient: mailOutbox.recipient,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        createdAt: mailOutbox.createdAt,
        doneAt: mailOutbox.sentAt,
        orderId: mailOutbox.orderId,
        orderNumber: orders.number,
      })
      .from(mailOutbox)
      .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
      .where(where);
    return rows.map((row) =>
      delivery('mail', row, {
        subject: row.subject,
        recipient: contactFor(viewer, row.recipient),
        eventId: null,
        lastError: row.lastError === null ? null : maskAddressesFor(viewer, row.lastError),
      }),
    );
  }
  const rows = await db
    .select({
      id: webhookOutbox.id,
      type: webhookOutbox.type,
      eventId: webhookOutbox.eventId,
      status: webhookOutbox.status,
      attempts: webhookOutbox.attempts,
      lastError: webhookOutbox.lastError,
      nextAttemptAt: webhookOutbox.nextAttemptAt,
      createdAt: webhookOutbox.createdAt,
      doneAt: webhookOutbox.deliveredAt,
      orderId: webhookOutbox.orderId,
      orderNumber: orders.number,
    })
    .from(webhookOutbox)
    .leftJoin(orders, eq(orders.id, webhookOutbox.orderId))
    .where(where);
  return rows.map((row) =>
    delivery('webhook', row, { subject: null, recipient: null, eventId: row.eventId, lastError: row.lastError }),
  );
}

function delivery(
  kind: DeliveryKind,
  row: {
    id: number;
    type: string;
    status: string;
    attempts: number;
    lastError: string | null;
    nextAttemptAt: Date;
    createdAt: Date;
    doneAt: Date | null;
    orderId: number | null;
    orderNumber: string | null;
  },
  shown: Pick<Delivery, 'subject' | 'recipient' | 'eventId' | 'lastError'>,
): Delivery {
  return {
    id: `${kind}-${row.id}`,
    kind,
    outboxId: row.id,
    type: row.type,
    ...shown,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    state: deliveryState(row.status, row.lastError),
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

async function readDelivery(db: Reader, key: string | number, viewer: SignedInStaff | undefined) {
  const { kind, id } = deliveryKey(key);
  return (await readDeliveries(db, kind, eq(OUTBOXES[kind].id, id), viewer))[0];
}

export const deliveriesBinding: Binding = {
  // One outbox at a time, the one `kind` names: a keyset page of its own table, newest first.
  list: async (db, query, viewer) => {
    const kind = query.kind as DeliveryKind;
    const { table, id } = OUTBOXES[kind];
    const where = stateCondition(kind, String(query.state));
    const [counted, { keys, next }] = await Promise.all([
      cappedTotal(db, table, where, KEYSET_COUNT_CAP),
      keysetKeys(db, {
        table,
        key: id,
        sort: id,
        where,
        cursor: String(query.cursor),
        dir: query.dir,
        rows: query.rows,
      }),
    ]);
    const rows = keys.length > 0 ? await readDeliveries(db, kind, inArray(id, keys as number[]), viewer) : [];
    const byId = new Map(rows.map((row) => [row.outboxId, row]));
    return { ...counted, next, items: keys.flatMap((k) => byId.get(Number(k)) ?? []) };
  },
  readOne: readDelivery,
  // Without SMTP_URL the mails listed here wait for a try that never comes: the list says so above them.
  notices: (db, viewer) => operatorNotices(db, viewer.role),
  actions: {
    /**
     * "Retry now": a row waiting for its next try (pending, failed or not) becomes due at once. The UPDATE's own
     * condition (`status = 'pending'`) is the check: a row sent meanwhile, or claimed by a worker this instant, is
     * not touched, and the caller gets 409 (already sent, or being sent). Retrying twice only moves the time twice;
     * the worker's exclusive claim sends the row once.
     */
    retry: async ({ db, by, id: key }) => {
      const { kind, id } = deliveryKey(key);
      const t = OUTBOXES[kind];
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(t.table)
          .set({ nextAttemptAt: sql`now()` })
          .where(and(eq(t.id, id), eq(t.status, 'pending')))
          .returning({ attempts: t.table.attempts, nextAttemptAt: t.table.nextAttemptAt });
        if (!moved) {
          const [row] = await tx.select({ status: t.status }).from(t.table).where(eq(t.id, id));
          if (!row) throw notFound('api.admin.notFound');
          throw new ApiError(
            BusinessCode.conflict,
            row.status === 'sending' ? 'api.admin.deliveriesBeingSent' : 'api.admin.deliveriesAlreadySent',
            { extra: { current: { id: key, state: deliveryState(row.status, null) } } },
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
      });
      // The mail worker of this process goes at once; webhooks go at the worker's next tick (every few seconds).
      if (kind === 'mail') ensureMailWorker(db).kick();
      return (await readDelivery(db, key, by)) ?? null;
    },
  },
};
