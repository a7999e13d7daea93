import 'server-only';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { OrderPayload } from '@/lib/webhooks/events';
import { earnCommissions, reverseRefundedOrders } from '../affiliates/ledger';
import type { Database } from '../db/client';
import { type OrderStatus, orderEvents, orders, pintuanGroups, webhookOutbox } from '../db/schema';
import { issueInvoices } from '../invoices/issue';
import { holdsOf, mailOrdersExpired } from './mails';

/**
 * The order lifecycle (docs/decisions/037-order-lifecycle.md): which status may follow which, and the one way a
 * status changes: a conditional update in a transaction that also writes the change to `order_events` and an
 * event for the customer centre to `webhook_outbox`. Nothing else updates `orders.status`.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled', 'expired'],
  paid: ['provisioning', 'refund_pending'],
  provisioning: ['active', 'refund_pending'],
  // A refund from the back office (docs/decisions/068-refunds-and-credit-notes.md) may start from any paid state.
  active: ['refund_pending'],
  // A payment that arrives after the order ended is kept and refunded, never lost.
  cancelled: ['refund_pending'],
  expired: ['refund_pending'],
  // Refunds settle to all of it given back, part of it, or (every one failed) the state the order was in before.
  refund_pending: ['refunded', 'partially_refunded', 'paid', 'provisioning', 'active'],
  partially_refunded: ['refund_pending'],
  refunded: [],
};

/**
 * Orders that gave back what they held (ended unpaid, or paid and refunded or waiting for it): they do not count
 * toward a sale item's per-customer limit. The one rule the order path and the live numbers share.
 */
export const GAVE_BACK: readonly OrderStatus[] = ['cancelled', 'expired', 'refund_pending', 'refunded'];

/** A customer's order still holds its sale item (it counts toward the item's per-customer limit). */
export const holdsSaleItem = () => notInArray(orders.status, [...GAVE_BACK]);

export type OrderTx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type Actor = 'customer' | 'system' | 'payment' | 'operator';

/** What the customer centre receives for an order event (its schema: `orderPayloadSchema`, in /api/openapi.json). */
export function orderPayload(row: OrderRow, previous: OrderStatus | null, reason: string): OrderPayload {
  return {
    number: row.number,
    status: row.status,
    previousStatus: previous,
    reason,
    userId: row.userId,
    billing: row.billing,
    currency: row.currency,
    rate: row.rate,
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    totalMinor: row.totalMinor,
    // Tax (docs/decisions/066-tax.md): what the customer pays is `totalInclTaxMinor`.
    billingProfile: row.billingProfile,
    taxLines: row.taxLines,
    taxMinor: row.taxMinor,
    totalInclTaxMinor: row.totalInclTaxMinor,
    lines: row.lines,
    config: row.config,
    payBy: row.payBy.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Writes an order's change to its history and to the outbox, in the caller's transaction. */
export async function recordChange(
  tx: OrderTx,
  rows: { row: OrderRow; from: OrderStatus | null }[],
  reason: string,
  actor: Actor,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(orderEvents)
    .values(
      rows.map(({ row, from }) => ({ orderId: row.id, fromStatus: from, toStatus: row.status, reason, actor, at })),
    );
  await tx.insert(webhookOutbox).values(
    rows.map(({ row, from }) => ({
      type: from === null ? 'order.created' : `order.${row.status}`,
      orderId: row.id,
      payload: { occurredAt: at.toISOString(), order: orderPayload(row, from, reason) },
    })),
  );
}

/**
 * Moves orders from one of `from` to `to` in one conditional update, and records each change. Returns the rows
 * that moved: an order another request moved first is not among them, so what follows a transition (giving back
 * stock, a seat, a coupon) runs exactly once per order, however many requests or sweepers race.
 */
export async function transitionOrders(
  tx: OrderTx,
  ids: number[],
  change: { from: readonly OrderStatus[]; to: OrderStatus; reason: string; actor: Actor; at: Date },
): Promise<{ row: OrderRow; from: OrderStatus }[]> {
  if (ids.length === 0) return [];
  for (const from of change.from) {
    if (!ORDER_TRANSITIONS[from].includes(change.to)) throw new Error(`no transition ${from} -> ${change.to}`);
  }
  // The status before the update, read in the same statement (the row as it was, under its lock).
  const moved = await tx.execute<{ id: number; from_status: OrderStatus }>(sql`
    update ${orders} o
       set status = ${change.to},
           status_changed_at = ${change.at.toISOString()}::timestamptz,
           paid_at = case when ${change.to} = 'paid' then coalesce(o.paid_at, ${change.at.toISOString()}::timestamptz) else o.paid_at end
      from (select id, status from ${orders} where id in (${sql.join(ids, sql`, `)}) for update) old
     where o.id = old.id and old.status in (${sql.join(
       change.from.map((status) => sql`${status}`),
       sql`, `,
     )})
    returning o.id, old.status as from_status`);
  if (moved.rows.length === 0) return [];
  const fromOf = new Map(moved.rows.map((r) => [Number(r.id), r.from_status]));
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...fromOf.keys()]));
  const changed = rows.map((row) => ({ row, from: fromOf.get(row.id) as OrderStatus }));
  await recordChange(tx, changed, change.reason, change.actor, change.at);
  // A paid order is invoiced in the transaction that records the payment, however it came to be paid
  // (docs/decisions/067-invoices.md).
  if (change.to === 'paid') {
    await issueInvoices(
      tx,
      changed.map((c) => c.row),
      change.at,
    );
    // A referred customer's payment earns its affiliate a pending commission line, in the same transaction
    // (docs/decisions/070-affiliate-programme.md).
    await earnCommissions(
      tx,
      changed.map((c) => c.row),
      change.at,
    );
  }
  // A refund made reverses the order's commission, whole (partial refunds reverse their share where they are made).
  if (change.to === 'refunded') {
    await reverseRefundedOrders(
      tx,
      changed.map((c) => c.row),
      change.at,
    );
  }
  return changed;
}

/**
 * Ends unpaid orders whose payment window passed (`pending_payment` → `expired`) and gives back what they held, in
 * the caller's transaction. The one way an order expires, whether the sweep gets there first or a payment that
 * came too late does: the conditional transition lets only one of them give anything back, and mail the customer
 * what was given back (`mail: false` for a payment that came too late: "nothing was charged" would be untrue, and
 * the refund's mails tell the rest). Answers the rows that moved.
 */
export async function expireOrders(
  tx: OrderTx,
  ids: number[],
  at: Date,
  options: { mail?: boolean } = {},
): Promise<{ row: OrderRow; from: OrderStatus }[]> {
  const moved = await transitionOrders(tx, ids, {
    from: ['pending_payment'],
    to: 'expired',
    reason: 'payment window ended',
    actor: 'system',
    at,
  });
  const ended = moved.map((m) => m.row);
  // What each held, read before it is given back, for its mail: sent with the expiry, once per order
  // (docs/decisions/069-order-mails.md).
  const held = await holdsOf(tx, ended);
  await releaseHolds(tx, ended, at);
  if (options.mail !== false) await mailOrdersExpired(tx, ended, held, at);
  return moved;
}

/**
 * Gives back what unpaid orders held, once, in the transaction that ended them: a sale item's stock, the coupon
 * (unused again), and the group-buy seat. A member's seat is freed (a full group opens again); a leader who did
 * not pay ends the group: it fails, and its other orders are cancelled or, when paid, refunded.
 */
export async function releaseHolds(tx: OrderTx, ended: OrderRow[], at: Date): Promise<void> {
  if (ended.length === 0) return;
  const ids = ended.map((o) => o.id);
  const sales = new Map<number, number>();
  for (const o of ended) if (o.saleItemId !== null) sales.set(o.saleItemId, (sales.get(o.saleItemId) ?? 0) + 1);
  for (const [saleItemId, n] of sales) {
    await tx.execute(
      sql`update sale_items set stock_left = least(stock_left + ${n}, stock_total) where id = ${saleItemId}`,
    );
  }
  const couponIds = ended.map((o) => o.userCouponId).filter((id): id is number => id !== null);
  if (couponIds.length > 0) {
    await tx.execute(
      sql`update user_coupons set used_at = null where id in (${sql.join(couponIds, sql`, `)}) and used_at is not null`,
    );
  }

  // Seats: members leave their group; groups whose leader left fail.
  const seats = await tx.execute<{ group_id: number; leader: boolean }>(sql`
    delete from pintuan_members where order_id in (${sql.join(ids, sql`, `)})
    returning group_id, leader`);
  if (seats.rows.length === 0) return;
  const failedGroups = [...new Set(seats.rows.filter((s) => s.leader).map((s) => Number(s.group_id)))];
  const freed = new Map<number, number>();
  for (const s of seats.rows) {
    const group = Number(s.group_id);
    if (!failedGroups.includes(group)) freed.set(group, (freed.get(group) ?? 0) + 1);
  }
  for (const [groupId, n] of freed) {
    await tx
      .update(pintuanGroups)
      .set({
        seatsTaken: sql`greatest(${pintuanGroups.seatsTaken} - ${n}, 1)`,
        // A full group that loses an unpaid member opens again until its time is up (the group sweep fails it then).
        status: sql`case when ${pintuanGroups.status} = 'succeeded' then 'open' else ${pintuanGroups.status} end`,
        closedAt: sql`case when ${pintuanGroups.status} = 'succeeded' then null else ${pintuanGroups.closedAt} end`,
      })
      .where(and(eq(pintuanGroups.id, groupId), inArray(pintuanGroups.status, ['open', 'succeeded'])));
  }
  if (failedGroups.length > 0) await failGroups(tx, failedGroups, 'group leader did not pay', at);
}

/**
 * Fails groups and settles their orders: unpaid ones are cancelled (giving back what they held), paid ones wait
 * for a refund (`refund_pending`, which the customer centre settles with `refund.completed`;
 * docs/decisions/060-group-buy-payment.md). Used by the group sweep (time ran out) and when a leader's order ends
 * unpaid (a pending group: it never opened).
 */
export async function failGroups(tx: OrderTx, groupIds: number[], reason: string, at: Date): Promise<void> {
  if (groupIds.length === 0) return;
  await tx
    .update(pintuanGroups)
    .set({ status: 'failed', closedAt: at })
    .where(and(inArray(pintuanGroups.id, groupIds), inArray(pintuanGroups.status, ['pending', 'open', 'succeeded'])));
  const members = await tx.execute<{ order_id: number }>(
    sql`select order_id from pintuan_members where group_id in (${sql.join(groupIds, sql`, `)})`,
  );
  const orderIds = members.rows.map((m) => Number(m.order_id));
  await transitionOrders(tx, orderIds, { from: ['pending_payment'], to: 'cancelled', reason, actor: 'system', at });
  await transitionOrders(tx, orderIds, {
    from: ['paid', 'provisioning'],
    to: 'refund_pending',
    reason,
    actor: 'system',
    at,
  });
}
