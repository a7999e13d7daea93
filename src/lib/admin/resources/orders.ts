import { z } from 'zod';
import { CURRENCY_CODES } from '../../currency';
import { ORDER_EVENT_REASON_KEYS } from '../../order-event-reasons';
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
