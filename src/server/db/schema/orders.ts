import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userCoupons, users } from './accounts';
import { type OrderBilling, type OrderTaxLine, taxRules } from './billing';
import { at, createdAt, type DbLocale } from './common';
import { saleItems } from './promotions';

export type OrderLine = {
  key: string;
  itemId: string;
  quantity: number;
  months: number;
  unitMinor: number;
  amountMinor: number;
};

/**
 * The states of an order (docs/decisions/037-order-lifecycle.md). `pending_payment` until the customer centre
 * confirms payment or the payment window ends (`expired`) or the customer cancels (`cancelled`); a paid order
 * is `provisioning`, then `active`. A paid order of a failed group-buy, or a payment that came after the order
 * expired, is `refund_pending` until the customer centre says `refunded`. A refund made from the back office
 * (docs/decisions/068-refunds-and-credit-notes.md) makes it `refund_pending` while the customer centre returns the
 * money, then `partially_refunded` or `refunded`.
 */
export type OrderStatus =
  | 'pending_payment'
  | 'paid'
  | 'provisioning'
  | 'active'
  | 'cancelled'
  | 'expired'
  | 'refund_pending'
  | 'partially_refunded'
  | 'refunded';

/**
 * Orders created by the storefront (docs/decisions/009-pricing-and-orders.md), pending payment in the customer centre. Amounts are minor
 * units of the order's currency; `rate` is the currency rate per USD used to price it.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key: the same key twice gives the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * sha256 of the request the key was first used with: the same key with another request is refused (422), as
     * Stripe does, instead of answering with an order the client did not ask for. Null on orders made before.
     */
    requestHash: text('request_hash'),
    kind: text('kind').$type<'vps'>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending_payment'),
    /** `term`: paid in advance for `months`; `hourly`: a month's cap paid as credit, billed by the hour. */
    billing: text('billing').$type<'term' | 'hourly'>().notNull().default('term'),
    /** When an unpaid order expires and gives back what it holds (sale stock, a coupon, a group seat). */
    payBy: at('pay_by').notNull(),
    paidAt: at('paid_at'),
    /** When the status last changed; every change is in order_events with its reason. */
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    /** The total excluding tax: lines less the discount. */
    totalMinor: integer('total_minor').notNull(),
    /**
     * Tax (docs/decisions/066-tax.md): one line per rate, computed once on `total_minor`, with the rule it was
     * priced with; the customer pays `total_incl_tax_minor`. Orders from before tax have no billing and no lines.
     */
    billingProfile: jsonb('billing_profile').$type<OrderBilling>(),
    taxRuleId: integer('tax_rule_id').references(() => taxRules.id),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    taxMinor: integer('tax_minor').notNull().default(0),
    totalInclTaxMinor: integer('total_incl_tax_minor').notNull().generatedAlwaysAs(sql`total_minor + tax_minor`),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    userCouponId: integer('user_coupon_id').references(() => userCoupons.id),
    /** Set when the order buys a VPS sale item at its sale price (docs/product/states.md#vps-sale). */
    saleItemId: integer('sale_item_id').references(() => saleItems.id),
    /** The language the order was placed in: its mails are written in it. Null on orders from before. */
    locale: text('locale').$type<DbLocale>(),
    /** When the payment reminder was claimed for it (docs/decisions/069-order-mails.md): at most one per order. */
    remindedAt: at('reminded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The expiry sweep's lookup: unpaid orders by deadline.
    index('orders_pending_pay_by_idx').on(t.payBy).where(sql`${t.status} = 'pending_payment'`),
    // The dashboard's sales per day (src/server/admin/dashboard.ts): paid orders by payment time, with the
    // columns it sums, so a period is read from the index alone.
    index('orders_paid_at_idx').on(t.paidAt, t.currency, t.totalMinor).where(sql`${t.paidAt} is not null`),
    // The back office's order list pages by (created_at, id) or (total_minor, id) from a cursor, filtered by
    // state, currency or product: each filter has the sort's columns behind it, so a page is an index range
    // however many orders there are (docs/product/back-office-orders.md).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_total_idx').on(t.totalMinor, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_currency_created_idx').on(t.currency, t.createdAt, t.id),
    index('orders_plan_created_idx').on(sql`(${t.config}->>'planId')`, t.createdAt, t.id),
  ],
);

/** Every status change of an order, in the transaction that made it (docs/decisions/037-order-lifecycle.md). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** Why, in words an operator reads: `created`, `payment window ended`, `cancelled by the customer`… */
    reason: text('reason').notNull(),
    /** Who: `customer`, `system`, `payment` (the customer centre's notification) or an operator later. */
    actor: text('actor').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Order events for the customer centre, written in the transaction of the change and delivered as signed
 * webhooks at least once, with retries (src/server/orders/webhooks.ts). `eventId` is what the receiver
 * de-duplicates on.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id').notNull().defaultRandom(),
    type: text('type').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sending' | 'delivered'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_outbox_event_key').on(t.eventId),
    index('webhook_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The back office: the deliveries list newest first within a state, and an order's events.
    index('webhook_outbox_status_idx').on(t.status, t.id),
    index('webhook_outbox_order_idx').on(t.orderId, t.id),
  ],
);

/**
 * Payment and refund notifications from the customer centre, one row per event id: a repeated event answers what
 * the first one did and changes nothing (POST /api/finance/order-server/pay/notify). A refund's event keeps the
 * refund's amount.
 */
export const paymentNotifications = pgTable('payment_notifications', {
  eventId: text('event_id').primaryKey(),
  orderNumber: text('order_number').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  /** The answer given to the first delivery, repeated to every later one. */
  outcome: jsonb('outcome').$type<{ status: number; body: Record<string, unknown> }>().notNull(),
  receivedAt: createdAt(),
});
