import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  addSplits,
  paidPerLine,
  type RefundableOrder,
  type RefundSplit,
  refundableLine,
  remainingMinor,
  splitRefund,
} from '@/lib/billing/refunds';
import type { RefundRequestedData } from '@/lib/webhooks/events';
import { reverseCommission } from '../affiliates/ledger';
import { ApiError, BusinessCode, invalidInput, notFound } from '../api/errors';
import {
  creditNotes,
  type OrderStatus,
  orders,
  type RefundBasis,
  type RefundLine,
  type RefundStatus,
  refunds,
  webhookOutbox,
} from '../db/schema';
import { issueCreditNote } from '../invoices/credit-notes';
import { type Actor, type OrderTx, transitionOrders } from '../orders/lifecycle';
import { refundRequestedMail, refundSettledMail } from './mails';

/**
 * Refunds (docs/decisions/068-refunds-and-credit-notes.md): the one way money goes back for an order. Every function
 * here runs in the caller's transaction and starts by locking the order's row, so two operators refunding at once
 * queue on it and the second sees the first's refund: the refunds of an order, all but the rejected ones, never
 * add up to more than it was paid.
 */

type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** What an operator asks for: the whole remainder, an amount (tax included) or lines, and why. */
export type RefundAsk = { basis: RefundBasis; amountMinor?: number; lines?: string[]; reason: string };

/** The states an order may be refunded in: paid in some way, and not wholly given back. */
const REFUNDABLE: readonly OrderStatus[] = ['paid', 'provisioning', 'active', 'partially_refunded', 'refund_pending'];

/** Refunds that hold part of the order's money: every one but the rejected (a failed one is sent again). */
const HOLDING: readonly RefundStatus[] = ['requested', 'pending', 'succeeded', 'failed'];

/** The order's row under its lock, or 404. */
async function lockOrder(tx: OrderTx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('api.admin.notFound');
  return order;
}

const refundable = (order: OrderRow): RefundableOrder => order;

const splitOf = (r: RefundRow): RefundSplit => ({
  amountMinor: r.amountMinor,
  amountExclTaxMinor: r.amountExclTaxMinor,
  taxMinor: r.taxMinor,
  taxLines: r.taxLines.map((l) => ({ baseMinor: l.baseMinor, taxMinor: l.taxMinor })),
});

/** The order's refunds, oldest first. */
export async function refundsOfOrder(tx: Pick<OrderTx, 'select'>, orderId: number): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

/** What an order was paid, what its refunds hold, and what is left to give back (tax included). */
export function refundedSoFar(order: OrderRow, rows: readonly RefundRow[]) {
  const holding = rows.filter((r) => HOLDING.includes(r.status));
  const taken = addSplits(refundable(order), holding.map(splitOf));
  return {
    paidMinor: order.paidAt === null ? 0 : order.totalInclTaxMinor,
    heldMinor: taken.amountMinor,
    succeededMinor: rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountMinor, 0),
    remainingMinor: order.paidAt === null ? 0 : remainingMinor(refundable(order), taken),
    taken,
    /** Line keys a refund by line already took. */
    linesTaken: new Set(holding.flatMap((r) => (r.lines ?? []).map((l) => l.key))),
  };
}

/**
 * Creates a refund of an order (docs/decisions/068-refunds-and-credit-notes.md), under the order's lock: refused with
 * 409 when the order was never paid or is wholly refunded, 422 when the amount is above what is left or a line is
 * unknown or already refunded; nothing is written then. `approve`: an owner's or manager's refund, sent at once
 * (`startRefund`); otherwise a support request waiting for approval. Answers the refund's row.
 */
export async function createRefund(
  tx: OrderTx,
  orderId: number,
  ask: RefundAsk,
  by: { staffId: number | null; approve: boolean; actor: Actor },
  at: Date,
): Promise<RefundRow> {
  const order = await lockOrder(tx, orderId);
  if (order.paidAt === null || !REFUNDABLE.includes(order.status)) {
    if (order.status === 'refunded') throw new ApiError(BusinessCode.conflict, 'api.admin.refundNothingLeft');
    throw new ApiError(BusinessCode.conflict, 'api.admin.refundNotPaid');
  }
  const rows = await refundsOfOrder(tx, order.id);
  const so = refundedSoFar(order, rows);
  if (so.remainingMinor <= 0) throw new ApiError(BusinessCode.conflict, 'api.admin.refundNothingLeft');

  let amountMinor: number;
  let lines: RefundLine[] | null = null;
  if (ask.basis === 'full') {
    amountMinor = so.remainingMinor;
  } else if (ask.basis === 'amount') {
    if (ask.amountMinor === undefined) throw invalidInput({ amountMinor: 'api.admin.refundAmountRequired' });
    amountMinor = ask.amountMinor;
  } else {
    const keys = [...new Set(ask.lines ?? [])];
    if (keys.length === 0) throw invalidInput({ lines: 'api.admin.refundLinesRequired' });
    const paid = paidPerLine(refundable(order));
    for (const key of keys) {
      if (!refundableLine(key) || !paid.has(key)) throw invalidInput({ lines: 'api.admin.refundLineUnknown' });
      if (so.linesTaken.has(key)) throw invalidInput({ lines: 'api.admin.refundLineTaken' });
    }
    lines = keys.map((key) => ({ key, amountMinor: paid.get(key) ?? 0 }));
    // What the lines were paid, or what is left when amounts refunded otherwise took part of it.
    amountMinor = Math.min(
      lines.reduce((sum, l) => sum + l.amountMinor, 0),
      so.remainingMinor,
    );
  }
  if (amountMinor > so.remainingMinor) {
    throw new ApiError(BusinessCode.invalidInput, 'api.admin.refundAboveRemaining', {
      fields: { amountMinor: 'api.admin.refundAboveRemaining' },
      extra: { remainingMinor: so.remainingMinor },
    });
  }
  if (amountMinor <= 0) throw invalidInput({ amountMinor: 'api.admin.refundAmountRequired' });

  const split = splitRefund(refundable(order), so.taken, amountMinor);
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      orderNumber: order.number,
      status: by.approve ? 'pending' : 'requested',
      basis: ask.basis,
      lines,
      currency: order.currency,
      amountMinor: split.amountMinor,
      amountExclTaxMinor: split.amountExclTaxMinor,
      taxMinor: split.taxMinor,
      taxLines: order.taxLines.map((line, i) => ({
        ...line,
        baseMinor: split.taxLines[i]?.baseMinor ?? 0,
        taxMinor: split.taxLines[i]?.taxMinor ?? 0,
      })),
      reason: ask.reason,
      resumeStatus: resumeStatusOf(order, rows),
      requestedBy: by.staffId,
      approvedBy: by.approve ? by.staffId : null,
      decidedAt: by.approve ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!refund) throw new Error('refund not written');
  return by.approve ? startRefund(tx, order, refund, by.actor, at) : refund;
}

/** The state an order goes back to when its refunds under way all fail: the one it had before the first of them. */
function resumeStatusOf(order: OrderRow, rows: readonly RefundRow[]): OrderStatus {
  if (order.status !== 'refund_pending') return order.status;
  const underWay = rows.filter((r) => r.status === 'pending');
  return underWay[0]?.resumeStatus ?? 'paid';
}

/**
 * Sends a refund to the customer centre, in the transaction that approved it: its credit note (the first time), the
 * order to `refund_pending` (with its history and its `order.refund_pending` event), and the signed
 * `refund.requested` event in the webhook outbox, which waits there while the customer centre is down.
 */
async function startRefund(
  tx: OrderTx,
  order: OrderRow,
  refund: RefundRow,
  actor: Actor,
  at: Date,
): Promise<RefundRow> {
  const note = await issueCreditNote(tx, order, refund, at);
  if (order.status !== 'refund_pending') {
    const [moved] = await transitionOrders(tx, [order.id], {
      from: [order.status],
      to: 'refund_pending',
      reason: 'refund requested',
      actor,
      at,
    });
    if (!moved) throw new ApiError(BusinessCode.conflict, 'api.admin.refundNotPaid');
  }
  const attempt = refund.attempts + 1;
  const [sent] = await tx
    .update(refunds)
    .set({
      status: 'pending',
      attempts: attempt,
      failureReason: null,
      updatedAt: at,
      version: sql`${refunds.version} + 1`,
    })
    .where(eq(refunds.id, refund.id))
    .returning();
  if (!sent) throw new Error('refund vanished');
  const data: RefundRequestedData = {
    occurredAt: at.toISOString(),
    refund: {
      id: sent.id,
      orderNumber: sent.orderNumber,
      currency: sent.currency,
      amountMinor: sent.amountMinor,
      amountExclTaxMinor: sent.amountExclTaxMinor,
      taxMinor: sent.taxMinor,
      basis: sent.basis,
      reason: sent.reason,
      attempt,
      creditNoteNumber: note?.number ?? null,
    },
  };
  await tx.insert(webhookOutbox).values({ type: 'refund.requested', orderId: order.id, payload: data, createdAt: at });
  await refundRequestedMail(tx, { order, refund: sent, creditNote: note });
  return sent;
}

/** A refund of the order under its lock, or 404. */
async function lockRefund(tx: OrderTx, orderId: number, refundId: number) {
  const order = await lockOrder(tx, orderId);
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
  if (!refund) throw notFound('api.admin.notFound');
  return { order, refund };
}

/** An owner or manager approves a support request: it is sent as their own refund would be. 409 unless `requested`. */
export async function approveRefund(
  tx: OrderTx,
  orderId: number,
  refundId: number,
  staffId: number,
  at: Date,
): Promise<RefundRow> {
  const { order, refund } = await lockRefund(tx, orderId, refundId);
  if (refund.status !== 'requested') throw new ApiError(BusinessCode.conflict, 'api.admin.refundNotRequested');
  const [approved] = await tx
    .update(refunds)
    .set({
      approvedBy: staffId,
      decidedAt: at,
      resumeStatus: resumeStatusOf(order, await refundsOfOrder(tx, order.id)),
    })
    .where(eq(refunds.id, refund.id))
    .returning();
  if (!approved) throw new Error('refund vanished');
  return startRefund(tx, order, approved, 'operator', at);
}

/** An owner or manager rejects a support request: it holds nothing any more. 409 unless `requested`. */
export async function rejectRefund(
  tx: OrderTx,
  orderId: number,
  refundId: number,
  staffId: number,
  at: Date,
): Promise<RefundRow> {
  const { refund } = await lockRefund(tx, orderId, refundId);
  if (refund.status !== 'requested') throw new ApiError(BusinessCode.conflict, 'api.admin.refundNotRequested');
  const [rejected] = await tx
    .update(refunds)
    .set({
      status: 'rejected',
      approvedBy: staffId,
      decidedAt: at,
      updatedAt: at,
      version: sql`${refunds.version} + 1`,
    })
    .where(eq(refunds.id, refund.id))
    .returning();
  if (!rejected) throw new Error('refund vanished');
  return rejected;
}

/** A failed refund sent again (its credit note stands: the money is still owed). 409 unless `failed`. */
export async function retryRefund(tx: OrderTx, orderId: number, refundId: number, at: Date): Promise<RefundRow> {
  const { order, refund } = await lockRefund(tx, orderId, refundId);
  if (refund.status !== 'failed') throw new ApiError(BusinessCode.conflict, 'api.admin.refundNotFailed');
  const [again] = await tx
    .update(refunds)
    .set({ resumeStatus: resumeStatusOf(order, await refundsOfOrder(tx, order.id)) })
    .where(eq(refunds.id, refund.id))
    .returning();
  if (!again) throw new Error('refund vanished');
  return startRefund(tx, order, again, 'operator', at);
}

/**
 * Records the customer centre's answer to a refund it was sent (`pending`), under the order's lock: `succeeded` or
 * `failed`. When no other refund of the order is under way the order leaves `refund_pending`: `refunded` when its
 * succeeded refunds add up to what it was paid, `partially_refunded` when they add up to part of it, else back to
 * the state it was in before. Answers the order as it is after, or null when the refund was not under way (the
 * caller refuses: 409).
 */
export async function settleRefund(
  tx: OrderTx,
  refundId: number,
  outcome: 'succeeded' | 'failed',
  how: { actor: Actor; at: Date; failureReason?: string },
): Promise<{ order: OrderRow; refund: RefundRow } | null> {
  const [target] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!target) return null;
  const order = await lockOrder(tx, target.orderId);
  const [settled] = await tx
    .update(refunds)
    .set({
      status: outcome,
      completedAt: outcome === 'succeeded' ? how.at : null,
      failureReason: outcome === 'failed' ? (how.failureReason ?? '') : null,
      updatedAt: how.at,
      version: sql`${refunds.version} + 1`,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!settled) return null;
  if (outcome === 'succeeded') {
    // Money given back takes its share of an affiliate's commission with it (docs/decisions/070-affiliate-programme.md);
    // the reversals of one order are capped at what it earned, so the order's reaching `refunded` adds nothing twice.
    await reverseCommission(
      tx,
      {
        orderId: order.id,
        refundId: `refund:${settled.id}`,
        refundedExclTaxMinor: settled.amountExclTaxMinor,
        currency: order.currency,
      },
      how.at,
    );
  }
  const after = await settleOrder(tx, order, settled, how);
  const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, settled.id));
  await refundSettledMail(tx, { order: after, refund: settled, creditNote: note ?? null });
  return { order: after, refund: settled };
}

/**
 * The order after one of its refunds settled: still `refund_pending` while another is under way; else `refunded`
 * when its succeeded refunds add up to what it was paid, `partially_refunded` for part of it, or back where it was.
 */
async function settleOrder(
  tx: OrderTx,
  order: OrderRow,
  settled: RefundRow,
  how: { actor: Actor; at: Date },
): Promise<OrderRow> {
  const rows = await refundsOfOrder(tx, order.id);
  if (order.status !== 'refund_pending' || rows.some((r) => r.status === 'pending')) return order;
  const so = refundedSoFar(order, rows);
  const to: OrderStatus =
    so.succeededMinor >= order.totalInclTaxMinor
      ? 'refunded'
      : so.succeededMinor > 0
        ? 'partially_refunded'
        : settled.resumeStatus;
  const [moved] = await transitionOrders(tx, [order.id], {
    from: ['refund_pending'],
    to,
    reason: settled.status === 'succeeded' ? 'refund made' : 'refund failed',
    actor: how.actor,
    at: how.at,
  });
  return moved?.row ?? order;
}

/** The refunds of an order under way, by id: what the customer centre's `refund.completed` for the order settles. */
export async function pendingRefundIds(tx: Pick<OrderTx, 'select'>, orderId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id));
  return rows.map((r) => r.id);
}
