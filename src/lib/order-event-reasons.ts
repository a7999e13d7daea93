import { ORDER_STATUSES } from './validation/order-forms';

/**
 * Why an order changed state, as the site writes it into the order's history (`order_events.reason`, also the
 * `reason` of the customer centre's webhook events): plain English text, stable because the customer centre may
 * read it. Each has a code here, so the back office words it in its reader's language
 * (`admin.orders.reasons.<code>`); a reason written elsewhere and not listed here is shown as written. An
 * operator's note follows its reason after ": " (`cancelled by an operator: asked by phone`).
 */
export const ORDER_EVENT_REASON_KEYS = [
  'created',
  'paid',
  'provisioningStarted',
  'serverReady',
  'refundMade',
  'paymentWindowEnded',
  'leaderDidNotPay',
  'groupTimedOut',
  'cancelledByCustomer',
  'cancelledByOperator',
  'refundRecorded',
  'refundRequested',
  'refundFailed',
  'paidAfterEnd',
] as const;
export type OrderEventReasonKey = (typeof ORDER_EVENT_REASON_KEYS)[number];

export const ORDER_EVENT_REASONS: Record<Exclude<OrderEventReasonKey, 'paidAfterEnd'>, string> = {
  created: 'created',
  paid: 'payment received',
  provisioningStarted: 'provisioning started',
  serverReady: 'server ready',
  refundMade: 'refund made',
  paymentWindowEnded: 'payment window ended',
  leaderDidNotPay: 'group leader did not pay',
  groupTimedOut: 'group-buy time ran out',
  cancelledByCustomer: 'cancelled by the customer',
  cancelledByOperator: 'cancelled by an operator',
  refundRecorded: 'refund made, recorded by an operator',
  refundRequested: 'refund requested',
  refundFailed: 'refund failed',
};

/** A payment that came after the order had ended, with the state it had (`paid after the order was expired`). */
const PAID_AFTER_END = 'paid after the order was ';

const BY_TEXT = new Map(Object.entries(ORDER_EVENT_REASONS).map(([key, text]) => [text, key as OrderEventReasonKey]));

/** A stored reason as its code, the state it names and the operator's note; all null for a reason not listed. */
export function readOrderEventReason(reason: string): {
  key: OrderEventReasonKey | null;
  state: string | null;
  note: string | null;
} {
  const at = reason.indexOf(': ');
  const base = at < 0 ? reason : reason.slice(0, at);
  const note = at < 0 ? null : reason.slice(at + 2);
  const key = BY_TEXT.get(base);
  if (key) return { key, state: null, note };
  const state = base.startsWith(PAID_AFTER_END) ? base.slice(PAID_AFTER_END.length) : '';
  if ((ORDER_STATUSES as readonly string[]).includes(state)) return { key: 'paidAfterEnd', state, note };
  return { key: null, state: null, note: null };
}
