import 'server-only';
import type { creditNotes, orders, refunds } from '../db/schema';
import type { OrderTx } from '../orders/lifecycle';
import { queueRefundMail } from '../orders/mails';

/**
 * Where a refund tells the customer (docs/decisions/068-refunds-and-credit-notes.md,
 * docs/decisions/069-order-mails.md): both run in the transaction that made the change, so the mail written through
 * the outbox goes exactly when the change commits, once per refund and step whatever runs it again.
 */
export type RefundMailContext = {
  order: typeof orders.$inferSelect;
  refund: typeof refunds.$inferSelect;
  creditNote: typeof creditNotes.$inferSelect | null;
};

/** Where the customer downloads a credit note (the storefront's order API, signed in as the order's customer). */
const creditNoteLink = (number: string) => `/api/finance/order-server/credit-note/${encodeURIComponent(number)}`;

async function queue(
  tx: OrderTx,
  event: 'requested' | 'completed' | 'failed',
  { order, refund, creditNote }: RefundMailContext,
) {
  await queueRefundMail(tx, {
    event,
    orderId: order.id,
    refundId: refund.id,
    amountMinor: refund.amountMinor,
    taxMinor: refund.taxMinor,
    creditNote: creditNote ? { number: creditNote.number, link: creditNoteLink(creditNote.number) } : null,
    reason: refund.reason,
  });
}

/** A refund was sent to the customer centre (created by an owner or manager, approved, or sent again). */
export async function refundRequestedMail(tx: OrderTx, context: RefundMailContext): Promise<void> {
  await queue(tx, 'requested', context);
}

/** The customer centre answered a refund: `refund.status` is `succeeded` or `failed`. */
export async function refundSettledMail(tx: OrderTx, context: RefundMailContext): Promise<void> {
  await queue(tx, context.refund.status === 'succeeded' ? 'completed' : 'failed', context);
}
