import { z } from 'zod';
import { CURRENCY_CODES } from '../../currency';
import { ORDER_EVENT_REASON_KEYS } from '../../order-event-reasons';
import { recordId, wholeNumber } from '../../validation/numbers';
import { ORDER_STATUSES as ORDER_STATES } from '../../validation/order-forms';
import { type Action, defineResource, localizedRow } from '../resource';
import { deliveryRow } from './deliveries';

/** An order's states (docs/decisions/037-order-lifecycle.md). */
export type OrderState = (typeof ORDER_STATES)[number];

/** Cancelling an unpaid order or recording its refund: an optional note kept in its history. */
export const orderNote = z.object({
  note: z.string().trim().max(500, { error: 'api.field.tooLong' }).default(''),
});

/** An operator's transition of an order in state `from`, with a note kept in its history (owners and managers). */
const transition = (name: string, from: OrderState, tone: Action['tone']): Action => ({
  name,
  permission: 'manageCommerce',
  input: orderNote,
  fields: [{ name: 'note', kind: 'textarea', hint: true }],
  tone,
  when: (row) => row.status === from,
});

/**
 * A refund asked for in the back office (docs/decisions/068-refunds-and-credit-notes.md): what the money-back
 * guarantee covers (the default), the whole remainder, an amount with tax in the currency's smallest unit (cents,
 * or yen), or lines by their keys; and why, which the credit note and the customer centre are told.
 */
export const refundInput = z.object({
  basis: z.enum(['guarantee', 'full', 'amount', 'lines']).default('guarantee'),
  amountMinor: wholeNumber({ min: 1, max: 2_000_000_000 }).optional(),
  /** Line keys (`plan`, `disk.0`), separated by commas or spaces. */
  lines: z
    .union([z.array(z.string().trim().max(40)).max(40), z.string().max(500)])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v)),
  reason: z.string().trim().min(1, { error: 'api.field.required' }).max(500, { error: 'api.field.tooLong' }),
});
export type RefundInput = z.output<typeof refundInput>;

/** A refund of the order, named by its id (approve, reject, send again). */
export const refundChoice = z.object({ refundId: recordId });

/** An order's states in which money may be given back (it was paid and not wholly refunded). */
const REFUNDABLE_STATES: readonly string[] = ['paid', 'provisioning', 'active', 'partially_refunded', 'refund_pending'];

const refundFields = [
  { name: 'basis', kind: 'select', options: ['guarantee', 'full', 'amount', 'lines'] },
  { name: 'amountMinor', kind: 'integer', hint: true, when: (v) => v.basis === 'amount' },
  { name: 'lines', kind: 'text', hint: true, when: (v) => v.basis === 'lines' },
  { name: 'reason', kind: 'textarea' },
] as const satisfies Action['fields'];

/** An action on one of the order's refunds (owners and managers), offered while the order has such a refund. */
const onRefund = (name: string, tone: Action['tone'], offered: (row: Record<string, unknown>) => boolean): Action => ({
  name,
  permission: 'manageCommerce',
  input: refundChoice,
  fields: [{ name: 'refundId', kind: 'integer', hint: true }],
  tone,
  when: offered,
});

/** An order as its list shows it; the customer's address masked for support. */
export const orderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATES),
  customerId: z.number().int(),
  customerEmail: z.string().nullable(),
  customerUsername: z.string(),
  /** The plan it bought (its configuration's `planId`), and its name in every language. */
  product: z.string().nullable(),
  productName: localizedRow.nullable(),
  currency: z.string(),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Its refunds waiting for a decision, and failed ones to send again (what offers those actions). */
  refundsRequested: z.number().int(),
  refundsFailed: z.number().int(),
});

/** An order on its own page: its amounts, lines and holds, every change of its state, and what was sent about it. */
export const orderDetailRow = orderRow.extend({
  billing: z.enum(['term', 'hourly']),
  /** Its tax (docs/decisions/066-tax.md), one line per rate, and what the customer pays. */
  taxLines: z.array(
    z.object({
      country: z.string(),
      ratePercent: z.string(),
      baseMinor: z.number().int(),
      taxMinor: z.number().int(),
      reverseCharge: z.boolean(),
    }),
  ),
  totalInclTaxMinor: z.number().int(),
  /** Its invoice once paid (docs/decisions/067-invoices.md): the number and the PDF's address. */
  invoice: z.object({ id: z.number().int(), number: z.string(), pdf: z.string() }).nullable(),
  /** Its refunds (docs/decisions/068-refunds-and-credit-notes.md), oldest first, each with its credit note. */
  refunds: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(['requested', 'rejected', 'pending', 'succeeded', 'failed']),
      basis: z.enum(['full', 'amount', 'lines']),
      lines: z.array(z.string()),
      amountMinor: z.number().int(),
      taxMinor: z.number().int(),
      reason: z.string(),
      requestedBy: z.string().nullable(),
      approvedBy: z.string().nullable(),
      attempts: z.number().int(),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
      /** While it waits in the outbox for the customer centre: when it is tried next. */
      nextAttemptAt: z.string().nullable(),
      creditNote: z.object({ id: z.number().int(), number: z.string(), pdf: z.string() }).nullable(),
    }),
  ),
  /** What was paid, what refunds hold, and what is left to give back, tax included. */
  refundable: z.object({
    paidMinor: z.number().int(),
    refundedMinor: z.number().int(),
    remainingMinor: z.number().int(),
  }),
  /** The money-back guarantee (src/lib/refund-policy.ts): eligible until when, and the full refund it gives. */
  guarantee: z.object({
    eligible: z.boolean(),
    why: z.enum(['notPaid', 'hourly', 'notFirstOrder', 'expired']).nullable(),
    until: z.string().nullable(),
    amountMinor: z.number().int(),
  }),
  rate: z.string(),
  lines: z.array(
    z.object({
      key: z.string(),
      itemId: z.string(),
      /** What the line priced, in every language (a plan's or a sale's name, a disk and its size); none for a discount. */
      name: localizedRow.nullable(),
      quantity: z.number(),
      months: z.number(),
      unitMinor: z.number(),
      amountMinor: z.number(),
    }),
  ),
  config: z.record(z.string(), z.unknown()),
  saleItemId: z.number().int().nullable(),
  /** The sale the held sale item belongs to, and the held coupon, by name. */
  saleItemName: localizedRow.nullable(),
  userCouponId: z.number().int().nullable(),
  couponName: localizedRow.nullable(),
  payBy: z.string(),
  statusChangedAt: z.string(),
  customerPhone: z.string().nullable(),
  customerStatus: z.enum(['pending', 'active', 'disabled']),
  /** Every change of its state (order_events), oldest first. */
  events: z.array(
    z.object({
      id: z.number().int(),
      from: z.enum(ORDER_STATES).nullable(),
      to: z.enum(ORDER_STATES),
      /** As written (src/lib/order-event-reasons.ts), and read: its code, the state it names, an operator's note. */
      reason: z.string(),
      reasonKey: z.enum(ORDER_EVENT_REASON_KEYS).nullable(),
      reasonState: z.string().nullable(),
      reasonNote: z.string().nullable(),
      actor: z.string(),
      at: z.string(),
    }),
  ),
  webhooks: z.array(deliveryRow),
  mails: z.array(deliveryRow),
});
export type OrderDetail = z.infer<typeof orderDetailRow>;

/**
 * Every order on the site (docs/product/back-office-orders.md): made by the storefront, changed only through the
 * lifecycle's transitions (docs/decisions/037-order-lifecycle.md), which are its actions. It grows without end, so
 * its list pages by cursor over the indexes behind each filter (docs/decisions/044-keyset-lists.md), and the rows
 * it matches download as CSV. An order opens on a page of its own (src/app/admin/orders/[id]).
 */
export const ordersResource = defineResource({
  name: 'orders',
  path: '/orders',
  nav: { section: 'commerce' },
  audit: 'order',
  table: 'orders',
  // A cancel gives back sale stock, which the sale page shows.
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: orderRow,
  detailRow: orderDetailRow,
  access: { read: 'support', write: false, create: false, delete: false },
  actions: [
    transition('cancel', 'pending_payment', 'danger'),
    transition('mark-refunded', 'refund_pending', 'primary'),
    // Refunds (docs/decisions/068-refunds-and-credit-notes.md): owners and managers refund; support asks for one,
    // which an owner or manager approves or rejects.
    {
      name: 'refund',
      permission: 'manageCommerce',
      input: refundInput,
      fields: refundFields,
      tone: 'danger',
      when: (row) => typeof row.paidAt === 'string' && REFUNDABLE_STATES.includes(String(row.status)),
    },
    {
      name: 'request-refund',
      permission: 'support',
      input: refundInput,
      fields: refundFields,
      tone: 'primary',
      when: (row) => typeof row.paidAt === 'string' && REFUNDABLE_STATES.includes(String(row.status)),
    },
    onRefund('approve-refund', 'primary', (row) => Number(row.refundsRequested) > 0),
    onRefund('reject-refund', 'danger', (row) => Number(row.refundsRequested) > 0),
    onRefund('retry-refund', 'primary', (row) => Number(row.refundsFailed) > 0),
    {
      name: 'resend-confirmation',
      permission: 'support',
      tone: 'primary',
      when: (row) => typeof row.paidAt === 'string',
    },
  ],
  detail: 'page',
  undo: { refused: 'orderTransition' },
  list: {
    sorts: ['createdAt', 'total'],
    order: { sort: 'createdAt', dir: 'desc' },
    paging: 'keyset',
    export: true,
    filters: [
      { name: 'state', options: ['all', ...ORDER_STATES] },
      { name: 'customer', kind: 'text' },
      { name: 'product', kind: 'reference', source: 'plans' },
      { name: 'currency', options: ['all', ...CURRENCY_CODES] },
      { name: 'from', kind: 'from' },
      { name: 'to', kind: 'to' },
    ],
  },
  columns: [
    { name: 'number', link: (row) => `/admin/orders/${row.id}` },
    { name: 'status', format: 'option' },
    {
      name: 'customerUsername',
      link: (row) => `/admin/customers/${row.customerId}`,
      below: [{ name: 'customerEmail' }],
    },
    // The plan by its name in the reader's language; its code where the plan is gone.
    {
      name: 'product',
      format: 'localized',
      value: (row) => row.productName ?? (row.product ? { en: row.product } : null),
    },
    { name: 'totalMinor', format: 'money', currency: 'currency', sort: 'total' },
    { name: 'createdAt', format: 'datetime', sort: 'createdAt' },
  ],
  fields: [],
  blank: () => ({}),
  title: 'number',
});
