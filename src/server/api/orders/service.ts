import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { env } from '@/env';
import { int, isoTime } from '@/lib/api/answers';
import type { VpsConfig } from '@/lib/catalog/vps-config';
import type { HeldCoupon } from '@/lib/coupons';
import type { Locale } from '@/lib/locales';
import { ORDER_STATUSES } from '@/lib/validation/order-forms';
import { confirmBilling, saveBillingProfile, withBillingProfile } from '../../billing/profile';
import type { Database } from '../../db/client';
import { coupons, orders, saleItems, userCoupons, users } from '../../db/schema';
import { localize } from '../../localize';
import { ensureMailWorker } from '../../mail/worker';
import { holdsSaleItem, recordChange } from '../../orders/lifecycle';
import { mailOrderCreated } from '../../orders/mails';
import { ApiError, BusinessCode } from '../errors';
import { type PintuanPrice, quoteVps } from './pricing';

export const orderSummaryAnswer = z.object({
  id: int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  billing: z.enum(['term', 'hourly']),
  currency: z.string(),
  rate: z.string().describe("units of the order's currency per USD when it was placed (a decimal)"),
  subtotalMinor: int(),
  discountMinor: int(),
  totalMinor: int().describe('the total excluding tax'),
  taxMinor: int().describe('the tax, one line per rate on the total (docs/decisions/066-tax.md)'),
  totalInclTaxMinor: int().describe('what the customer pays, and what the payment notification must carry'),
  billingCountry: z.string().nullable().describe('the country billed; null on orders from before tax'),
  createdAt: isoTime(),
  payBy: isoTime().describe('while pending payment: when the order expires unpaid'),
  paidAt: isoTime().nullable(),
  statusChangedAt: isoTime(),
  payUrl: z.string().describe('where the order is paid, in the customer centre'),
});
export type OrderSummary = z.infer<typeof orderSummaryAnswer>;

function orderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `CC${day}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export function summary(row: typeof orders.$inferSelect): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    rate: row.rate,
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    totalMinor: row.totalMinor,
    taxMinor: row.taxMinor,
    totalInclTaxMinor: row.totalInclTaxMinor,
    billingCountry: row.billingProfile?.country ?? null,
    createdAt: row.createdAt.toISOString(),
    billing: row.billing,
    payBy: row.payBy.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    statusChangedAt: row.statusChangedAt.toISOString(),
    // Orders are paid in the customer centre (docs/product/screens.md#customer-centre).
    payUrl: `${env().CUSTOMER_CENTER_URL.replace(/\/$/, '')}/order/pay/${row.number}`,
  };
}

/**
 * Creates a VPS order pending payment (docs/decisions/009-pricing-and-orders.md): the server validates the combination, prices it, applies
 * the coupon (marking it used) and stores the currency and rate used, in one transaction. The same
 * idempotency key from the same customer returns the order already made, even when both requests race.
 */
class IdempotentReplay extends Error {}

export type OrderTx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;

/**
 * What a group-buy seat adds to order creation (docs/decisions/013-group-buy.md): the group price, and steps that run inside the
 * order's transaction, so the seat and its order commit together or not at all.
 */
export type PintuanOrder = {
  price: PintuanPrice;
  /**
   * Before the insert: lock the group and check the rules; a throw creates nothing. May answer a time the order's
   * payment deadline must not pass (a member pays before their group's end, docs/decisions/060-group-buy-payment.md).
   */
  before: (tx: OrderTx) => Promise<Date | undefined>;
  /** After the insert: take the seat for this order; a throw undoes the order. */
  after: (tx: OrderTx, order: OrderRow) => Promise<void>;
};

/** JSON with object keys sorted, undefined left out: the same request always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The order a key was first used for, if it asked for the same thing; the same key with another request is
 * refused (422), as Stripe refuses it, instead of answering with an order the client did not ask for.
 */
function replayOf(row: OrderRow, requestHash: string): OrderSummary {
  if (row.requestHash !== null && row.requestHash !== requestHash) {
    throw new ApiError(BusinessCode.invalidInput, 'api.idempotencyMismatch', {
      fields: { idempotencyKey: 'api.idempotencyMismatch' },
    });
  }
  return summary(row);
}

export async function createVpsOrder(
  db: Database,
  userId: number,
  config: VpsConfig,
  idempotencyKey: string,
  options: {
    pintuan?: PintuanOrder /** What the key is for beyond the configuration (a group to join). */;
    purpose?: string;
    /** The language the order is placed in: its mails are written in it (else the account's). */
    locale?: Locale;
  } = {},
): Promise<OrderSummary> {
  const requestHash = createHash('sha256')
    .update(canonicalJson({ purpose: options.purpose ?? 'vps', config }))
    .digest('hex');
  const existing = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  if (existing[0]) return replayOf(existing[0], requestHash);

  // Who is billed: the checkout's fields, else the account's profile; an order without a country is refused at
  // the field (docs/decisions/066-tax.md).
  const priced = await withBillingProfile(db, userId, config);
  // Priced outside the transaction (its lookups run at once on the pool, and the locks below are held for less
  // time); what can change meanwhile, sale stock, the per-user limit and the coupon's one use, is enforced below.
  const quote = await quoteVps(db, priced, { userId, pintuan: options.pintuan?.price });
  const billing = await confirmBilling(quote, priced);
  const { billingCountry: _c, billingCompany: _n, billingTaxId: _t, ...ordered } = config;
  const created = await db
    .transaction(async (tx) => {
      const now = new Date();
      const payByCap = await options.pintuan?.before(tx);
      if (quote.sale) {
        // Per-user sale limit without races: the customer's own orders are counted under a lock on their row.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [bought] = await tx
          .select({ n: count() })
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId),
              eq(orders.saleItemId, quote.sale.saleItemId),
              // Orders that ended unpaid or were refunded gave their item back.
              holdsSaleItem(),
            ),
          );
        if ((bought?.n ?? 0) >= quote.sale.perUserLimit) {
          throw new ApiError(BusinessCode.conflict, 'api.sale.limitReached', {
            fields: { saleItemId: 'api.sale.limitReached' },
          });
        }
        // Stock is taken only by an order that is created: the update and the insert commit together.
        const taken = await tx
          .update(saleItems)
          .set({ stockLeft: sql`${saleItems.stockLeft} - 1` })
          .where(and(eq(saleItems.id, quote.sale.saleItemId), gt(saleItems.stockLeft, 0)))
          .returning({ id: saleItems.id });
        if (taken.length === 0)
          throw new ApiError(BusinessCode.soldOut, 'api.sale.soldOut', { fields: { saleItemId: 'api.sale.soldOut' } });
      }
      const [row] = await tx
        .insert(orders)
        .values({
          number: orderNumber(now),
          billing: config.billing,
          payBy: new Date(
            Math.min(now.getTime() + env().ORDER_PAYMENT_WINDOW_MINUTES * 60_000, payByCap?.getTime() ?? Infinity),
          ),
          statusChangedAt: now,
          userId,
          idempotencyKey,
          requestHash,
          kind: 'vps',
          currency: quote.currency.type,
          rate: String(quote.currency.rate),
          subtotalMinor: quote.subtotalMinor,
          discountMinor: quote.discountMinor,
          totalMinor: quote.totalMinor,
          billingProfile: billing,
          taxRuleId: quote.taxLines[0]?.ruleId ?? null,
          taxLines: quote.taxLines,
          taxMinor: quote.taxMinor,
          config: { ...ordered },
          lines: quote.lines,
          userCouponId: quote.userCouponId,
          saleItemId: quote.sale?.saleItemId ?? null,
          locale: options.locale ?? null,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
      // Another request with the same key won: undo this one (its stock and coupon) and answer with that order.
      if (!row) throw new IdempotentReplay();
      await recordChange(tx, [{ row, from: null }], 'created', 'customer', now);
      await saveBillingProfile(tx, userId, billing);
      await options.pintuan?.after(tx, row);
      // What to pay, by when and where, committed with the order (docs/decisions/069-order-mails.md); a group-buy
      // seat's own mail says it for a seat (src/server/api/pintuan/mail.ts), so a seat gets that one alone.
      if (!options.pintuan) await mailOrderCreated(tx, row);
      if (quote.userCouponId !== null) {
        // One use per coupon: only an unused coupon can be taken, so two orders cannot spend it twice.
        const used = await tx
          .update(userCoupons)
          .set({ usedAt: now })
          .where(and(eq(userCoupons.id, quote.userCouponId), isNull(userCoupons.usedAt)))
          .returning({ id: userCoupons.id });
        if (used.length === 0)
          throw new ApiError(BusinessCode.conflict, 'api.order.couponUnavailable', {
            fields: { userCouponId: 'api.order.couponUnavailable' },
          });
      }
      return row;
    })
    .catch((error: unknown) => {
      if (error instanceof IdempotentReplay) return undefined;
      throw error;
    });
  if (created) {
    ensureMailWorker(db).kick();
    return summary(created);
  }
  // A concurrent request with the same key won the insert: answer with its order.
  const [raced] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  if (!raced) throw new Error('order vanished after an idempotency conflict');
  return replayOf(raced, requestHash);
}

export type { HeldCoupon } from '@/lib/coupons';

/** Coupons the customer holds and can still use (unused, not expired), soonest expiry first. */
export async function listHeldCoupons(
  db: Database,
  userId: number,
  locale: Locale,
  now = new Date(),
): Promise<HeldCoupon[]> {
  const rows = await db
    .select({ held: userCoupons, coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.userId, userId), isNull(userCoupons.usedAt), gt(userCoupons.expiresAt, now)))
    .orderBy(asc(userCoupons.expiresAt));
  return rows.map(({ held, coupon }) => ({
    userCouponId: held.id,
    name: localize(coupon.name, locale, `coupon ${coupon.id}`),
    kind: coupon.kind,
    amountCents: coupon.amountCents,
    percentOff: coupon.percentOff,
    thresholdCents: coupon.thresholdCents,
    products: coupon.products,
    expiresAt: held.expiresAt.toISOString(),
  }));
}
