import 'server-only';
import type { creditNotes, orders, refunds } from '../db/schema';
import type { OrderTx } from '../orders/lifecycle';

/**
 * Where a refund tells the customer (docs/decisions/068-refunds-and-credit-notes.md): both run in the transaction
 * that made the change, so a mail written here through the outbox goes exactly when the change commits. The order
 * mails are written elsewhere; these are the two calls they hang on, and do nothing else yet.
 */
export type RefundMailContext = {
  order: typeof orders.$inferSelect;
  refund: typeof refunds.$inferSelect;
  creditNote: typeof creditNotes.$inferSelect | null;
};

/** A refund was sent to the customer centre (created by an owner or manager, approved, or sent again). */
export async function refundRequestedMail(_tx: OrderTx, _context: RefundMailContext): Promise<void> {}

/** The customer centre answered a refund: `refund.status` is `succeeded` or `failed`. */
export async function refundSettledMail(_tx: OrderTx, _context: RefundMailContext): Promise<void> {}
