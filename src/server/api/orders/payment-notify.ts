import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { env } from '@/env';
import { recordId } from '@/lib/validation/numbers';
import { ORDER_STATUSES } from '@/lib/validation/order-forms';
import type { Database } from '../../db/client';
import { type OrderStatus, orders, paymentNotifications, refunds } from '../../db/schema';
import { ensureMailWorker } from '../../mail/worker';
import { expireOrders, type OrderTx, transitionOrders } from '../../orders/lifecycle';
import { mailOrderPaid } from '../../orders/mails';
import { verifySignature } from '../../orders/signature';
import { seatPaid } from '../../pintuan/payment';
import { pendingRefundIds, settleRefund } from '../../refunds/refunds';
import { ApiError, BusinessCode, notFound } from '../errors';
import { parseWith } from '../input';
import { liveNumbersChanged } from '../live/cache';
import { successEnvelope } from '../route';

/**
 * What the customer centre tells the site about an order (POST /api/finance/order-server/pay/notify), one event
 * per call: a payment, provisioning started or done, a refund made. `id` is the event's own id: the same event
 * twice answers what the first did and changes nothing.
 */
export const paymentNotification = z.object({
  id: z.string().trim().min(1).max(100).describe("the event's id, unique per event"),
  type: z
    .enum([
      'payment.succeeded',
      'provisioning.started',
      'provisioning.completed',
      'refund.completed',
      'refund.succeeded',
      'refund.failed',
    ])
    .describe(
      'what happened; `refund.succeeded` and `refund.failed` answer a `refund.requested` event ' +
        '(docs/decisions/068-refunds-and-credit-notes.md)',
    ),
  data: z.object({
    orderNumber: z.string().trim().min(1).max(40),
    amountMinor: recordId
      .or(z.literal(0))
      .optional()
      .describe("for payment.succeeded: the amount paid; for refund.*: the refund's amount; minor units"),
    currency: z.string().trim().length(3).optional().describe('for payment.succeeded and refund.*: the currency'),
    refundId: recordId.optional().describe('for refund.succeeded and refund.failed: `refund.id` of the request'),
    failureReason: z.string().trim().max(500).optional().describe('for refund.failed: why, in words for an operator'),
  }),
});
export type PaymentNotification = z.output<typeof paymentNotification>;

/** The transition each order event asks for, from the statuses it may come from. */
const TRANSITIONS: Record<
  Exclude<PaymentNotification['type'], 'refund.succeeded' | 'refund.failed'>,
  { from: OrderStatus[]; to: OrderStatus; reason: string }
> = {
  'payment.succeeded': { from: ['pending_payment'], to: 'paid', reason: 'payment received' },
  'provisioning.started': { from: ['paid'], to: 'provisioning', reason: 'provisioning started' },
  'provisioning.completed': { from: ['provisioning'], to: 'active', reason: 'server ready' },
  'refund.completed': { from: ['refund_pending'], to: 'refunded', reason: 'refund made' },
};

/** What a notification is answered: the order's number and the status the event left it in. */
export const notifyAnswer = z.object({ number: z.string(), status: z.enum(ORDER_STATUSES) });
export type NotifyAnswer = z.infer<typeof notifyAnswer>;

/** A notification's answer as it is kept with the event, so a replay gets it again: the answer as it was sent. */
type NotifyOutcome = { status: number; body: Record<string, unknown> };

/** The answer a kept outcome holds (every kept outcome is a success: a refusal changes nothing, so keeps nothing). */
const answerOf = (outcome: NotifyOutcome): NotifyAnswer => outcome.body.message as NotifyAnswer;

/**
 * Checks the signature over the raw body (401 when it is missing, wrong, stale, or no secret is configured),
 * then applies the event in one transaction with its record, so a replay finds the first answer. A payment for
 * an order that already expired or was cancelled, or that came after its deadline (`pay_by`) whether the sweep
 * has run or not, is kept and flagged for a refund, never lost. Refusals (401,
 * 404 unknown order, 409 a transition the order's status does not allow, 422 an amount that is not the order's)
 * change nothing.
 */
export async function receiveNotification(
  db: Database,
  raw: string,
  signature: string | undefined,
  now = new Date(),
): Promise<NotifyAnswer> {
  const secret = env().PAYMENT_WEBHOOK_SECRET;
  if (!secret || !verifySignature(signature, raw, secret, now.getTime())) {
    throw new ApiError(BusinessCode.unauthorized, 'api.notify.badSignature');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError(BusinessCode.invalidInput, 'api.malformedJson', { status: 400 });
  }
  const event = parseWith(paymentNotification, value);

  const [seen] = await db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, event.id));
  if (seen) return answerOf(seen.outcome);

  let released = false;
  const outcome = await db.transaction(async (tx) => {
    // The event's row first: a concurrent delivery of the same event waits here, then finds it done.
    const claimed = await tx
      .insert(paymentNotifications)
      .values({
        eventId: event.id,
        orderNumber: event.data.orderNumber,
        amountMinor: event.data.amountMinor ?? 0,
        currency: event.data.currency ?? '',
        outcome: { status: 0, body: {} },
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentNotifications.eventId });
    if (claimed.length === 0) return undefined;
    const result = await apply(tx, event, now);
    released = result.released === true;
    await tx
      .update(paymentNotifications)
      .set({ outcome: result.outcome })
      .where(eq(paymentNotifications.eventId, event.id));
    return result.outcome;
  });
  if (outcome === undefined) {
    const [first] = await db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, event.id));
    if (!first) throw new Error('payment notification vanished after a conflict');
    return answerOf(first.outcome);
  }
  // A payment, an expiry or a refund's answer queued its mail in that transaction.
  ensureMailWorker(db).kick();
  // A late payment that ended its order gave back sale stock or a group seat, or a paid seat opened or completed a
  // group: this process's kept numbers are old.
  if (released) liveNumbersChanged();
  return answerOf(outcome);
}

async function apply(
  tx: OrderTx,
  event: PaymentNotification,
  now: Date,
): Promise<{ outcome: NotifyOutcome; paidOrderId?: number; released?: boolean }> {
  const [order] = await tx.select().from(orders).where(eq(orders.number, event.data.orderNumber)).for('update');
  if (!order) throw notFound('api.order.notFound');

  if (event.type === 'refund.succeeded' || event.type === 'refund.failed') {
    // A refund's answer (docs/decisions/068-refunds-and-credit-notes.md): the refund named, of this order, for its
    // amount and currency, under way; refused as a payment is otherwise.
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, event.data.refundId ?? 0), eq(refunds.orderId, order.id)));
    if (!refund) throw notFound('api.notify.unknownRefund');
    if (event.data.amountMinor !== refund.amountMinor || event.data.currency !== refund.currency) {
      throw new ApiError(BusinessCode.invalidInput, 'api.notify.amountMismatch', {
        fields: { amountMinor: 'api.notify.amountMismatch' },
      });
    }
    const settled = await settleRefund(tx, refund.id, event.type === 'refund.succeeded' ? 'succeeded' : 'failed', {
      actor: 'payment',
      at: now,
      failureReason: event.data.failureReason,
    });
    if (!settled) throw new ApiError(BusinessCode.conflict, 'api.order.illegalTransition');
    return { outcome: answer(settled.order.number, settled.order.status) };
  }
  if (event.type === 'refund.completed') {
    // The older answer for a whole order: it settles every refund of the order under way as made, as each one's
    // `refund.succeeded` would; an order waiting without one (a payment after it ended) moves as it always did.
    const underWay = await pendingRefundIds(tx, order.id);
    if (underWay.length > 0) {
      let last: Awaited<ReturnType<typeof settleRefund>> = null;
      for (const id of underWay) last = await settleRefund(tx, id, 'succeeded', { actor: 'payment', at: now });
      const status = last?.order.status ?? order.status;
      return { outcome: answer(order.number, status) };
    }
  }

  if (event.type === 'payment.succeeded') {
    // The amount paid is the total with its tax (docs/decisions/066-tax.md).
    if (event.data.amountMinor !== order.totalInclTaxMinor || event.data.currency !== order.currency) {
      throw new ApiError(BusinessCode.invalidInput, 'api.notify.amountMismatch', {
        fields: { amountMinor: 'api.notify.amountMismatch' },
      });
    }
    let status = order.status;
    let released = false;
    if (status === 'pending_payment' && order.payBy.getTime() <= now.getTime()) {
      // Paid after the deadline, before the sweep reached the order: it ends here exactly as the sweep would end it
      // (what it held given back, `order.expired` sent), then the payment is handled as one for an expired order.
      // The order is locked above, so the sweep skips it, or got there first and it is already `expired`.
      released = (await expireOrders(tx, [order.id], now, { mail: false })).length > 0;
      status = 'expired';
    }
    if (status === 'expired' || status === 'cancelled') {
      // Paid after the order ended: what it held may be gone; the money is kept and refunded.
      const [flagged] = await transitionOrders(tx, [order.id], {
        from: [status],
        to: 'refund_pending',
        reason: `paid after the order was ${status}`,
        actor: 'payment',
        at: now,
      });
      return { outcome: answer(flagged?.row.number ?? order.number, 'refund_pending'), released };
    }
  }

  const step = TRANSITIONS[event.type as keyof typeof TRANSITIONS];
  const [moved] = await transitionOrders(tx, [order.id], { ...step, actor: 'payment', at: now });
  if (!moved) throw new ApiError(BusinessCode.conflict, 'api.order.illegalTransition');
  let groupChanged = false;
  if (step.to === 'paid') {
    await mailOrderPaid(tx, moved.row);
    // A group-buy seat paid: a leader's payment opens the group, the last seat's completes it.
    groupChanged = await seatPaid(tx, order.id, now);
  }
  return {
    outcome: answer(moved.row.number, moved.row.status),
    paidOrderId: step.to === 'paid' ? order.id : undefined,
    released: groupChanged,
  };
}

function answer(number: string, status: OrderStatus): NotifyOutcome {
  return { status: 200, body: successEnvelope({ number, status } satisfies NotifyAnswer) };
}
