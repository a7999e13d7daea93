/**
 * The coupon as the storefront shows it, shared by the server's answers (coupon centre, welcome bundle, the
 * customer's held coupons), the pages and the configurator's coupon choice, so one change of what a coupon
 * says reaches every screen (docs/product/entities.md).
 */

/** Where a listed coupon stands for claiming. */
export type CouponState = 'upcoming' | 'active' | 'ended' | 'soldOut';

/** What every coupon screen says about a coupon: its name and what it takes off, from what order amount. */
export type CouponView = {
  id: number;
  name: string;
  kind: 'amount' | 'percent';
  amountCents: number;
  percentOff: number;
  thresholdCents: number;
  /** Product-line ids, or "domain"; empty = every product. */
  products: string[];
  /** Days a claimed coupon stays usable. */
  validDays: number;
};

/** A coupon in the public coupon centre: the view plus its window, stock and the visitor's claims. */
export type CentreCoupon = CouponView & {
  startsAt: string;
  endsAt: string;
  stockTotal: number;
  stockLeft: number;
  perUserLimit: number;
  newCustomerOnly: boolean;
  state: CouponState;
  /** How many of this coupon the visitor has claimed (used or not); 0 when not signed in. */
  held: number;
};

/** A coupon of the welcome bundle: applies to every product, so the view without its product list. */
export type WelcomeCoupon = Omit<CouponView, 'products'>;

/** A coupon the customer holds: one claim of a coupon, usable until it expires. */
export type HeldCoupon = Omit<CouponView, 'id' | 'validDays'> & { userCouponId: number; expiresAt: string };

/** What the configurator's coupon choice needs of a held coupon. */
export type HeldCouponChoice = Pick<HeldCoupon, 'userCouponId' | 'name'>;

/** The answer to a claim: the new claim, and the coupon's stock and the visitor's claims after it. */
export type ClaimedCoupon = { userCouponId: number; expiresAt: string; stockLeft: number; held: number };
