import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userCoupons, users } from './accounts';
import { createdAt } from './common';
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
 * Orders created by the storefront (issue 5), pending payment in the customer centre. Amounts are minor
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
    status: text('status').$type<'pending_payment' | 'paid' | 'cancelled'>().notNull().default('pending_payment'),
    /**
     * 'pending' when a cancelled order may have been paid and the customer centre, which holds the payment,
     * must refund it: set for the orders of a failed group-buy (issue 6).
     */
    refundStatus: text('refund_status').$type<'pending' | 'refunded'>(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    userCouponId: integer('user_coupon_id').references(() => userCoupons.id),
    /** Set when the order buys a VPS sale item at its sale price (issue 6). */
    saleItemId: integer('sale_item_id').references(() => saleItems.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId),
  ],
);
