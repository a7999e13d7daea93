import { z } from 'zod';
import { ORDER_STATUSES } from '../validation/order-forms';

/**
 * What the site sends the customer centre (docs/decisions/037-order-lifecycle.md,
 * docs/decisions/068-refunds-and-credit-notes.md): one schema per event's `data`, used by the code that builds
 * them (their types) and by /api/openapi.json's `webhooks`, so the document a receiver is written from is the
 * code's own description.
 */

const localized = z.object({ en: z.string(), zh: z.string().optional(), ja: z.string().optional() });

const taxLine = z.object({
  ruleId: z.number().int().nullable(),
  country: z.string(),
  name: localized,
  ratePercent: z.string().describe('the rate as a decimal string, `"10.00"`'),
  baseMinor: z.number().int(),
  taxMinor: z.number().int(),
  reverseCharge: z.boolean(),
});

/** An order as an event carries it: its state, amounts (minor units of its currency), tax, lines and configuration. */
export const orderPayloadSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  previousStatus: z.enum(ORDER_STATUSES).nullable(),
  reason: z.string().describe('why it changed, in English (`payment received`, `refund requested`)'),
  userId: z.number().int(),
  billing: z.enum(['term', 'hourly']),
  currency: z.string(),
  rate: z.string().describe('units of the currency per USD the order was priced at'),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int().describe('the total excluding tax'),
  billingProfile: z
    .object({
      country: z.string(),
      company: z.string().nullable(),
      taxId: z.string().nullable(),
      taxIdCheck: z.enum(['none', 'format', 'verified']),
    })
    .nullable(),
  taxLines: z.array(taxLine),
  taxMinor: z.number().int(),
  totalInclTaxMinor: z.number().int().describe('what the customer pays'),
  lines: z.array(
    z.object({
      key: z.string(),
      itemId: z.string(),
      quantity: z.number(),
      months: z.number(),
      unitMinor: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
  config: z.record(z.string(), z.unknown()),
  payBy: z.string().describe('ISO 8601'),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/** The `data` of every order event (`order.created`, `order.paid`, … one per state an order enters). */
export const orderEventData = z.object({
  occurredAt: z.string().describe('ISO 8601'),
  order: orderPayloadSchema,
});

/** The `data` of `refund.requested`: return this amount to the customer, then notify `refund.succeeded` or `refund.failed`. */
export const refundRequestedData = z.object({
  occurredAt: z.string(),
  refund: z.object({
    id: z.number().int().describe('the refund to name in `refund.succeeded` / `refund.failed` (`data.refundId`)'),
    orderNumber: z.string(),
    currency: z.string(),
    amountMinor: z.number().int().positive().describe('to give back, tax included, minor units'),
    amountExclTaxMinor: z.number().int(),
    taxMinor: z.number().int(),
    basis: z.enum(['full', 'amount', 'lines']),
    reason: z.string().describe("the operator's words"),
    attempt: z.number().int().positive().describe('1, then 2, … when a failed refund is sent again'),
    creditNoteNumber: z.string().nullable().describe('the credit note issued for it; null for an order never invoiced'),
  }),
});
export type RefundRequestedData = z.infer<typeof refundRequestedData>;

/** Every event type the site sends, with its `data`: an order entering each state, and a refund to make. */
export const WEBHOOK_EVENTS: Record<string, { summary: string; data: z.ZodType }> = {
  ...Object.fromEntries(
    ORDER_STATUSES.map((status) => [
      status === 'pending_payment' ? 'order.created' : `order.${status}`,
      {
        summary:
          status === 'pending_payment'
            ? 'An order was placed and waits for payment until `payBy`.'
            : `An order entered the state \`${status}\`.`,
        data: orderEventData,
      },
    ]),
  ),
  'refund.requested': {
    summary:
      'Return money to the customer (an owner or manager refunded, or approved a refund). Answer with a signed ' +
      '`refund.succeeded` or `refund.failed` notification naming `refundId`.',
    data: refundRequestedData,
  },
};

/** How every event is signed and sent, as the document says it. */
export const WEBHOOK_SIGNATURE_SCHEME =
  'POSTed as JSON `{id, type, createdAt, data}` to ORDER_WEBHOOK_URL with headers `Cirrus-Event-Id` (the event id, ' +
  'the same on every retry: de-duplicate on it), `Cirrus-Event-Type` and `Cirrus-Signature: t=<unix seconds>,v1=<hex ' +
  'HMAC-SHA256 of "<t>.<raw body>" with ORDER_WEBHOOK_SECRET>`. Refuse a signature whose `t` is more than 5 minutes ' +
  'from your clock. Answer 2xx once handled; anything else is retried (30 s doubling to an hour, forever).';
