import { z } from 'zod';
import { int, isoTime } from './api/answers';

/**
 * The coupon as the storefront shows it, shared by the server's answers (coupon centre, welcome bundle, the
 * customer's held coupons), the pages and the configurator's coupon choice, so one change of what a coupon
 * says reaches every screen (docs/product/entities.md). Each is the schema /api/openapi.json publishes for it and
 * the type the code reads.
 */

/** Where a listed coupon stands for claiming. */
export const couponStateAnswer = z.enum(['upcoming', 'active', 'ended', 'soldOut']);
export type CouponState = z.infer<typeof couponStateAnswer>;

/** What every coupon screen says about a coupon: its name and what it takes off, from what order amount. */
export const couponViewAnswer = z.object({
  id: int(),
  name: z.string(),
  kind: z.enum(['amount', 'percent']),
  amountCents: int(),
  percentOff: int(),
  thresholdCents: int(),
  products: z.array(z.string()).describe('product-line ids, or "domain"; empty: every product'),
  validDays: int().describe('days a claimed coupon stays usable'),
});
export type CouponView = z.infer<typeof couponViewAnswer>;

/** A coupon in the public coupon centre: the view plus its window, stock and the visitor's claims. */
export const centreCouponAnswer = couponViewAnswer.extend({
  startsAt: isoTime(),
  endsAt: isoTime(),
  stockTotal: int(),
  stockLeft: int(),
  perUserLimit: int(),
  newCustomerOnly: z.boolean(),
  state: couponStateAnswer,
  held: int().describe('how many of this coupon the visitor has claimed (used or not); 0 when not signed in'),
});
export type CentreCoupon = z.infer<typeof centreCouponAnswer>;

/** A coupon of the welcome bundle: applies to every product, so the view without its product list. */
export const welcomeCouponAnswer = couponViewAnswer.omit({ products: true });
export type WelcomeCoupon = z.infer<typeof welcomeCouponAnswer>;

/** A coupon the customer holds: one claim of a coupon, usable until it expires. */
export const heldCouponAnswer = couponViewAnswer
  .omit({ id: true, validDays: true })
  .extend({ userCouponId: int(), expiresAt: isoTime() });
export type HeldCoupon = z.infer<typeof heldCouponAnswer>;

/** What the configurator's coupon choice needs of a held coupon. */
export type HeldCouponChoice = Pick<HeldCoupon, 'userCouponId' | 'name'>;

/** The answer to a claim: the new claim, and the coupon's stock and the visitor's claims after it. */
export const claimedCouponAnswer = z.object({
  userCouponId: int(),
  expiresAt: isoTime(),
  stockLeft: int(),
  held: int(),
});
export type ClaimedCoupon = z.infer<typeof claimedCouponAnswer>;
