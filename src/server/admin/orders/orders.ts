import 'server-only';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { OrderQuery } from '@/lib/admin/orders-schemas';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { mailOrderPaid } from '../../api/orders/payment-notify';
import { announceChange } from '../../changes/bus';
import type { Database } from '../../db/client';
import { currencies, mailOutbox, orderEvents, orders, plans, users, webhookOutbox } from '../../db/schema';
import { ensureMailWorker } from '../../mail/worker';
import { releaseHolds, transitionOrders } from '../../orders/lifecycle';
import { recordAudit } from '../audit';
import type { CsvValue } from '../csv';
import type { SignedInStaff } from '../sessions';
import { after, COUNT_CAP, type CursorPage, contactFor, decodeCursor, encodeCursor } from './paging';

/**
 * The back office's orders (docs/product/back-office-orders.md): a list searched and filtered on the server and
 * paged from a cursor, an order with its history and what was sent about it, and the operator's actions, each
 * through the order lifecycle (docs/decisions/037-order-lifecycle.md), audited in its transaction.
 */

type OrderRow = typeof orders.$inferSelect;
type Reader = Pick<Database, 'select'>;

export type AdminOrderItem = {
  id: number;
  number: string;
  status: OrderRow['status'];
  customer: { id: number; email: string | null; username: string };
  product: string | null;
  currency: string;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

/** The plan an order bought (its configuration's `planId`), the list's "product". */
const planOf = sql<string | null>`(${orders.config}->>'planId')`;

/**
 * The list's filters as one condition; null when the customer named does not exist (no order can match). A
 * customer is named by id, by whole e-mail address or by username: each resolves to one account first, so the
 * orders are then read through `orders_user_idx`.
 */
async function orderFilter(db: Reader, query: OrderQuery): Promise<SQL | undefined | null> {
  let userId: number | undefined;
  if (query.customer) {
    const name = query.customer;
    const byId = /^\d{1,10}$/.test(name) ? Number(name) : undefined;
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        byId !== undefined && byId <= 2_147_483_647
          ? eq(users.id, byId)
          : name.includes('@')
            ? eq(users.email, name.toLowerCase())
            : eq(users.username, name),
      );
    if (!found) return null;
    userId = found.id;
  }
  return and(
    query.state ? eq(orders.status, query.state) : undefined,
    userId !== undefined ? eq(orders.userId, userId) : undefined,
    query.product ? sql`${planOf} = ${query.product}` : undefined,
    query.currency ? eq(orders.currency, query.currency) : undefined,
    query.from ? gte(orders.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(orders.createdAt, new Date(query.to)) : undefined,
  );
}

const SORT = {
  createdAt: { column: orders.createdAt, kind: 'time' as const },
  total: { column: orders.totalMinor, kind: 'number' as const },
};

/** One page of orders in (sort, id) order after `cursor`, with the filtered count (capped). */
async function orderRows(db: Reader, where: SQL | undefined, query: OrderQuery, rows: number, cursor: string) {
  const sort = SORT[query.sort];
  const order = query.dir === 'asc' ? asc : desc;
  const found = await db
    .select({ order: orders, email: users.email, username: users.username, product: planOf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(where, after(sort.column, orders.id, decodeCursor(cursor, sort.kind), query.dir)))
    .orderBy(order(sort.column), order(orders.id))
    .limit(rows + 1);
  const more = found.length > rows;
  const page = found.slice(0, rows);
  const last = page.at(-1)?.order;
  const next =
    more && last
      ? encodeCursor({ v: query.sort === 'total' ? last.totalMinor : last.createdAt.toISOString(), id: last.id })
      : null;
  return { page, next };
}

export async function listOrders(
  db: Database,
  viewer: SignedInStaff,
  query: OrderQuery,
): Promise<CursorPage<AdminOrderItem>> {
  const where = await orderFilter(db, query);
  if (where === null) {
    decodeCursor(query.cursor, SORT[query.sort].kind);
    return { items: [], next: null, total: 0, totalExact: true };
  }
  const [{ page, next }, counted] = await Promise.all([
    orderRows(db, where, query, query.rows, query.cursor),
    // Counted up to the cap: past it the list says "more than", and the count stays an index range of bounded size.
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${orders} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) t`,
    ),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    items: page.map(({ order, email, username, product }) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      customer: { id: order.userId, email: contactFor(viewer, email), username },
      product,
      currency: order.currency,
      totalMinor: order.totalMinor,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    })),
    next,
    total: Math.min(n, COUNT_CAP),
    totalExact: n <= COUNT_CAP,
  };
}

/** What the list's filters offer: the plans orders can name (in every language) and the currencies. */
export async function orderFilterOptions(db: Database) {
  const [products, money] = await Promise.all([
    db.select({ id: plans.id, name: plans.name }).from(plans).orderBy(asc(plans.sort), asc(plans.id)),
    db.select({ code: currencies.code }).from(currencies).orderBy(asc(currencies.sort), asc(currencies.code)),
  ]);
  return { products, currencies: money.map((m) => m.code) };
}

/** What may be done to an order in its state, so the page offers only what the server would accept. */
function possible(row: OrderRow) {
  return {
    cancel: row.status === 'pending_payment',
    markRefunded: row.status === 'refund_pending',
    resendConfirmation: row.paidAt !== null,
  };
}

/** An order with its customer, history (order_events) and what was sent about it (mail and webhook outboxes). */
export async function getAdminOrder(db: Database, viewer: SignedInStaff, id: number) {
  const [found] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!found) throw notFound('api.admin.notFound');
  const { order, user } = found;
  const planId = typeof order.config.planId === 'string' ? order.config.planId : '';
  const [events, webhooks, mails, [plan]] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
    db
      .select({
        id: webhookOutbox.id,
        eventId: webhookOutbox.eventId,
        type: webhookOutbox.type,
        status: webhookOutbox.status,
        attempts: webhookOutbox.attempts,
        lastError: webhookOutbox.lastError,
        nextAttemptAt: webhookOutbox.nextAttemptAt,
        createdAt: webhookOutbox.createdAt,
        deliveredAt: webhookOutbox.deliveredAt,
      })
      .from(webhookOutbox)
      .where(eq(webhookOutbox.orderId, id))
      .orderBy(asc(webhookOutbox.id)),
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, id))
      .orderBy(asc(mailOutbox.id)),
    db.select({ name: plans.name }).from(plans).where(eq(plans.id, planId)),
  ]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    billing: order.billing,
    currency: order.currency,
    rate: order.rate,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    totalMinor: order.totalMinor,
    lines: order.lines,
    config: order.config,
    product: planId || null,
    productName: plan?.name ?? null,
    saleItemId: order.saleItemId,
    userCouponId: order.userCouponId,
    payBy: order.payBy.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    statusChangedAt: order.statusChangedAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    customer: {
      id: user.id,
      email: contactFor(viewer, user.email),
      phone: contactFor(viewer, user.phone),
      username: user.username,
      status: user.status,
    },
    events: events.map((e) => ({
      id: e.id,
      from: e.fromStatus,
      to: e.toStatus,
      reason: e.reason,
      actor: e.actor,
      at: e.at.toISOString(),
    })),
    webhooks: webhooks.map((w) => ({
      ...w,
      state: deliveryState(w.status, w.lastError),
      nextAttemptAt: w.nextAttemptAt.toISOString(),
      createdAt: w.createdAt.toISOString(),
      deliveredAt: w.deliveredAt?.toISOString() ?? null,
    })),
    mails: mails.map((m) => ({
      ...m,
      recipient: contactFor(viewer, m.recipient),
      lastError: m.lastError === null ? null : maskAddressesFor(viewer, m.lastError),
      state: deliveryState(m.status, m.lastError),
      nextAttemptAt: m.nextAttemptAt.toISOString(),
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    possible: possible(order),
  };
}

/** The state the deliveries list shows: a pending row that already failed once is `failed`. */
export function deliveryState(status: string, lastError: string | null): 'pending' | 'failed' | 'sending' | 'sent' {
  if (status === 'sent' || status === 'delivered') return 'sent';
  if (status === 'sending') return 'sending';
  return lastError ? 'failed' : 'pending';
}

const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[^\s<>"'(),;:]+/g;

/** A mail server's error often quotes the address it refused: support reads it masked there too. */
export function maskAddressesFor(viewer: SignedInStaff, text: string): string {
  return text.replace(ADDRESS, (address) => contactFor(viewer, address) ?? '');
}

/** The order as its audit entry keeps it: what an operator's action changed, never a customer's contacts. */
function auditSnapshot(row: Pick<OrderRow, 'id' | 'number' | 'status' | 'statusChangedAt'>) {
  return { id: row.id, number: row.number, status: row.status, statusChangedAt: row.statusChangedAt.toISOString() };
}

/** The order as it is, or 404 (the transition itself locks and re-checks it). */
async function findOrder(tx: Pick<Database, 'select'>, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('api.admin.notFound');
  return row;
}

const reasonWith = (reason: string, note: string) => (note ? `${reason}: ${note}` : reason);

/**
 * Cancels an unpaid order as an operator, exactly as an expiry or the customer's cancel does: the lifecycle's
 * conditional transition, then what it held given back (sale stock, coupon, group seat) for the row that moved
 * only, so a cancel racing a payment or the expiry sweep gives back once or not at all. 409 with the order's
 * state when it is not unpaid any more. Announced: the sale page shows the stock given back.
 */
export async function cancelOrder(db: Database, by: SignedInStaff, id: number, note: string) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const before = await findOrder(tx, id);
    const [moved] = await transitionOrders(tx, [id], {
      from: ['pending_payment'],
      to: 'cancelled',
      reason: reasonWith('cancelled by an operator', note),
      actor: 'operator',
      at: now,
    });
    if (!moved) {
      const current = await findOrder(tx, id);
      throw new ApiError(BusinessCode.conflict, 'api.admin.ordersNotCancellable', {
        extra: { current: auditSnapshot(current) },
      });
    }
    await releaseHolds(tx, [moved.row], now);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'order',
      entityId: id,
      action: 'update',
      // The state the transition moved from, read under its lock.
      before: { ...auditSnapshot(before), status: moved.from },
      after: { ...auditSnapshot(moved.row), action: 'cancel', note },
    });
    await announceChange(tx, ['promotions']);
    return auditSnapshot(moved.row);
  });
}

/**
 * Records that the customer centre made the refund of an order waiting for one (`refund_pending` → `refunded`,
 * the transition its `refund.completed` notification makes), for a refund settled there without telling the site.
 * Any other state is 409.
 */
export async function markRefunded(db: Database, by: SignedInStaff, id: number, note: string) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const before = await findOrder(tx, id);
    const [moved] = await transitionOrders(tx, [id], {
      from: ['refund_pending'],
      to: 'refunded',
      reason: reasonWith('refund made, recorded by an operator', note),
      actor: 'operator',
      at: now,
    });
    if (!moved) {
      const current = await findOrder(tx, id);
      throw new ApiError(BusinessCode.conflict, 'api.admin.ordersNotRefundPending', {
        extra: { current: auditSnapshot(current) },
      });
    }
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'order',
      entityId: id,
      action: 'update',
      before: { ...auditSnapshot(before), status: moved.from },
      after: { ...auditSnapshot(moved.row), action: 'markRefunded', note },
    });
    return auditSnapshot(moved.row);
  });
}

/**
 * Sends the payment confirmation again, as a new row in the mail outbox (the first one's row stays as it was),
 * in the customer's language and to their address as it is now. Only for an order that was paid (409 otherwise).
 */
export async function resendOrderConfirmation(db: Database, by: SignedInStaff, id: number) {
  const mailId = await db.transaction(async (tx) => {
    const row = await findOrder(tx, id);
    if (row.paidAt === null) throw new ApiError(BusinessCode.conflict, 'api.admin.ordersNotPaid');
    const made = await mailOrderPaid(tx, row);
    if (made === undefined) throw notFound('api.admin.notFound');
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'mail',
      entityId: made,
      action: 'create',
      before: null,
      after: { mailId: made, kind: 'order-paid', orderId: id, number: row.number, action: 'resend' },
    });
    return made;
  });
  ensureMailWorker(db).kick();
  return { mailId };
}

/** The export's columns, in order: what the list shows, and the amounts in the currency's major unit. */
export const CSV_HEADER = [
  'number',
  'status',
  'customer_id',
  'customer_email',
  'customer_username',
  'product',
  'currency',
  'subtotal',
  'discount',
  'total',
  'created_at',
  'paid_at',
] as const;

const BATCH = 1_000;

/** A minor-unit amount as text in the major unit (1234 with 2 digits: "12.34"), exact, without float rounding. */
function major(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Every order the filters match, as rows of the export (CSV_HEADER's columns), a batch at a time from the same
 * cursor the list pages with: the whole export never sits in memory, and each batch is an index range. Contacts
 * masked as the viewer reads them. The filters are checked on the first call, before the download starts.
 */
export async function* exportOrderRows(
  db: Database,
  viewer: SignedInStaff,
  query: OrderQuery,
): AsyncGenerator<CsvValue[][]> {
  const where = await orderFilter(db, query);
  if (where === null) return;
  const digits = new Map(
    (await db.select({ code: currencies.code, digits: currencies.minorDigits }).from(currencies)).map((c) => [
      c.code,
      c.digits,
    ]),
  );
  let cursor = '';
  for (;;) {
    const { page, next } = await orderRows(db, where, query, BATCH, cursor);
    yield page.map(({ order, email, username, product }) => {
      const d = digits.get(order.currency) ?? 2;
      return [
        order.number,
        order.status,
        order.userId,
        contactFor(viewer, email),
        username,
        product,
        order.currency,
        major(order.subtotalMinor, d),
        major(order.discountMinor, d),
        major(order.totalMinor, d),
        order.createdAt.toISOString(),
        order.paidAt?.toISOString() ?? '',
      ];
    });
    if (!next) return;
    cursor = next;
  }
}
