import 'server-only';
import { and, asc, count, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { CentreCoupon, ClaimedCoupon, CouponState } from '@/lib/coupons';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { coupons, orders, userCoupons, users } from '../../db/schema';
import { localize } from '../../localize';
import { ApiError, BusinessCode } from '../errors';

const DAY_MS = 86_400_000;
/** An ended coupon stays listed (as "ended") this many days, then leaves the centre. */
export const ENDED_LISTED_DAYS = 30;

export type { CentreCoupon, CouponState } from '@/lib/coupons';

export function couponState(
  coupon: Pick<typeof coupons.$inferSelect, 'startsAt' | 'endsAt' | 'stockLeft'>,
  now: Date,
): CouponState {
  if (now < coupon.startsAt) return 'upcoming';
  if (now >= coupon.endsAt) return 'ended';
  return coupon.stockLeft > 0 ? 'active' : 'soldOut';
}

/** Claimable first, then coming, then gone; the operator's sort within each. */
const STATE_ORDER: Record<CouponState, number> = { active: 0, upcoming: 1, soldOut: 2, ended: 3 };

/**
 * The public coupon centre (docs/product/api.md#promotions /api/ac/coupon/search): every coupon except the welcome bundle, minus
 * those ended more than 30 days ago; with a product, only coupons that apply to it (or to every product).
 */
export async function listCentreCoupons(
  db: Database,
  locale: Locale,
  options: { product?: string | undefined; userId?: number | undefined; now?: Date } = {},
): Promise<CentreCoupon[]> {
  const now = options.now ?? new Date();
  const { product, userId } = options;
  // The visitor's claims per coupon; with nobody signed in, none.
  const held = db
    .select({ couponId: userCoupons.couponId, n: count().as('n') })
    .from(userCoupons)
    .where(userId === undefined ? sql`false` : eq(userCoupons.userId, userId))
    .groupBy(userCoupons.couponId)
    .as('held');
  const rows = await db
    .select({ coupon: coupons, held: sql<number>`coalesce(${held.n}, 0)` })
    .from(coupons)
    .leftJoin(held, eq(held.couponId, coupons.id))
    .where(
      and(
        eq(coupons.welcome, false),
        gt(coupons.endsAt, new Date(now.getTime() - ENDED_LISTED_DAYS * DAY_MS)),
        product === undefined
          ? undefined
          : or(sql`${coupons.products} = '[]'::jsonb`, sql`${coupons.products} @> jsonb_build_array(${product}::text)`),
      ),
    )
    .orderBy(asc(coupons.sort), asc(coupons.id));
  return rows
    .map(({ coupon: c, held: h }) => ({
      id: c.id,
      name: localize(c.name, locale, `coupon ${c.id}`),
      kind: c.kind,
      amountCents: c.amountCents,
      percentOff: c.percentOff,
      thresholdCents: c.thresholdCents,
      products: c.products,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      validDays: c.validDays,
      stockTotal: c.stockTotal,
      stockLeft: c.stockLeft,
      perUserLimit: c.perUserLimit,
      newCustomerOnly: c.newCustomerOnly,
      state: couponState(c, now),
      held: Number(h),
    }))
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);
}

const refuse = (code: BusinessCode, key: string) => new ApiError(code, key);

/**
 * A claim's answer. `stockLeft` and `held` are the numbers as the claim left them, so the page shows them at once
 * without asking again (docs/decisions/035-live-promotion-numbers.md).
 */
export type { ClaimedCoupon } from '@/lib/coupons';

/**
 * Claims one coupon for a customer (docs/product/api.md#promotions /api/ac/coupon/receive) in one transaction, safe under
 * concurrency by construction (docs/design.md#api-contract): the customer's row is locked first, so their claims run one
 * at a time and the per-user count cannot race; stock is taken by a conditional UPDATE, so it never goes
 * below zero however many customers claim at once. The limit counts every claim, used or not.
 */
export async function claimCoupon(
  db: Database,
  userId: number,
  couponId: number,
  now = new Date(),
): Promise<ClaimedCoupon> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE serializes this customer's claims without blocking inserts that only reference the row.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized');

    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.welcome, false)));
    if (!coupon) throw refuse(BusinessCode.notFound, 'api.coupon.unknown');
    if (now < coupon.startsAt) throw refuse(BusinessCode.conflict, 'api.coupon.notStarted');
    if (now >= coupon.endsAt) throw refuse(BusinessCode.conflict, 'api.coupon.expired');

    const [claimed] = await tx
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, userId), eq(userCoupons.couponId, couponId)));
    if ((claimed?.n ?? 0) >= coupon.perUserLimit) throw refuse(BusinessCode.conflict, 'api.coupon.alreadyHeld');

    if (coupon.newCustomerOnly) {
      const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
      if (ordered) throw refuse(BusinessCode.forbidden, 'api.coupon.newCustomersOnly');
    }

    const [taken] = await tx
      .update(coupons)
      .set({ stockLeft: sql`${coupons.stockLeft} - 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          gt(coupons.stockLeft, 0),
          lte(coupons.startsAt, now),
          gt(coupons.endsAt, now),
          eq(coupons.welcome, false),
        ),
      )
      .returning({ validDays: coupons.validDays, stockLeft: coupons.stockLeft });
    if (!taken) throw refuse(BusinessCode.soldOut, 'api.coupon.soldOut');

    const expiresAt = new Date(now.getTime() + taken.validDays * DAY_MS);
    const [row] = await tx
      .insert(userCoupons)
      .values({ couponId, userId, claimedAt: now, expiresAt })
      .returning({ id: userCoupons.id });
    if (!row) throw new Error('user coupon insert returned nothing');
    return {
      userCouponId: row.id,
      expiresAt: expiresAt.toISOString(),
      stockLeft: taken.stockLeft,
      held: (claimed?.n ?? 0) + 1,
    };
  });
}
