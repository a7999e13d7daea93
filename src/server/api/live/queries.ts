import 'server-only';
import { and, asc, count, eq, gt, isNotNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  coupons,
  orders,
  pintuanGroups,
  pintuanMembers,
  saleActivities,
  saleItems,
  userCoupons,
} from '../../db/schema';
import { type WelcomeState, welcomeStateOf } from '../accounts/welcome';
import { type CouponState, couponState, ENDED_LISTED_DAYS } from '../coupons/queries';

// The numbers a visitor acts on, on the promotion pages: stock, seats, and what the visitor already holds. The
// pages themselves are kept (prerendered, served from memory, up to a minute old) and show these as they were
// when made; the browser asks for them once after load and puts them in place
// (docs/decisions/035-live-promotion-numbers.md).

const DAY_MS = 86_400_000;
/** How many joinable groups the answer carries: the group-buy list shows the soonest to end, far fewer than this. */
export const LIVE_GROUPS = 50;

export type LiveCoupon = { id: number; stockLeft: number; state: CouponState };
export type LiveSaleItem = { id: number; stockLeft: number };
export type LiveGroup = { id: number; seatsTaken: number; seatsLeft: number };

/** What the signed-in visitor already holds on the promotion pages. */
export type LiveMine = {
  welcome: WelcomeState;
  /** Centre coupons claimed (used or not), the count the per-account limit is checked against. */
  coupons: { id: number; held: number }[];
  /** Sale items bought in orders that are not cancelled, the count the per-account limit is checked against. */
  saleItems: { id: number; bought: number }[];
  /** Open groups the visitor leads or sits in. */
  groups: { id: number; offerId: number; role: 'leader' | 'member' }[];
};

export type LiveNumbers = {
  /** Every coupon of the coupon centre (as listed by /api/ac/coupon/search). */
  coupons: LiveCoupon[];
  /** The items of the running VPS sales. */
  saleItems: LiveSaleItem[];
  /** Groups that can be joined, soonest to end first (as /api/activity/pintuan/getCanJoin). */
  groups: LiveGroup[];
  /** Null for a visitor who is not signed in. */
  mine: LiveMine | null;
};

/** The numbers every visitor sees alike: three small reads, run at once. */
export async function liveNumbers(db: Database, now = new Date()): Promise<Omit<LiveNumbers, 'mine'>> {
  const [couponRows, itemRows, groupRows] = await Promise.all([
    db
      .select({ id: coupons.id, stockLeft: coupons.stockLeft, startsAt: coupons.startsAt, endsAt: coupons.endsAt })
      .from(coupons)
      .where(and(eq(coupons.welcome, false), gt(coupons.endsAt, new Date(now.getTime() - ENDED_LISTED_DAYS * DAY_MS))))
      .orderBy(asc(coupons.id)),
    db
      .select({ id: saleItems.id, stockLeft: saleItems.stockLeft })
      .from(saleItems)
      .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
      .where(and(lte(saleActivities.startsAt, now), gt(saleActivities.endsAt, now)))
      .orderBy(asc(saleItems.id)),
    db
      .select({ id: pintuanGroups.id, seatsTaken: pintuanGroups.seatsTaken, size: pintuanGroups.size })
      .from(pintuanGroups)
      .where(
        and(
          eq(pintuanGroups.status, 'open'),
          gt(pintuanGroups.expiresAt, now),
          // A group with every seat taken has succeeded in the transaction that filled it; this only guards.
          gt(pintuanGroups.size, pintuanGroups.seatsTaken),
        ),
      )
      .orderBy(asc(pintuanGroups.expiresAt), asc(pintuanGroups.id))
      .limit(LIVE_GROUPS),
  ]);
  return {
    coupons: couponRows.map((c) => ({ id: c.id, stockLeft: c.stockLeft, state: couponState(c, now) })),
    saleItems: itemRows,
    groups: groupRows.map((g) => ({ id: g.id, seatsTaken: g.seatsTaken, seatsLeft: g.size - g.seatsTaken })),
  };
}

/** What one customer holds, read at once beside the shared numbers (never kept: it is theirs alone). */
export async function liveMine(db: Database, userId: number, now = new Date()): Promise<LiveMine> {
  const [welcome, held, bought, groups] = await Promise.all([
    welcomeStateOf(db, userId, now),
    db
      .select({ id: userCoupons.couponId, held: count() })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(and(eq(userCoupons.userId, userId), eq(coupons.welcome, false)))
      .groupBy(userCoupons.couponId)
      .orderBy(asc(userCoupons.couponId)),
    db
      .select({ id: orders.saleItemId, bought: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.saleItemId), ne(orders.status, 'cancelled')))
      .groupBy(orders.saleItemId)
      .orderBy(asc(orders.saleItemId)),
    db
      .select({ id: pintuanGroups.id, offerId: pintuanGroups.offerId, leader: pintuanMembers.leader })
      .from(pintuanMembers)
      .innerJoin(pintuanGroups, eq(pintuanGroups.id, pintuanMembers.groupId))
      .where(and(eq(pintuanMembers.userId, userId), eq(pintuanGroups.status, 'open'), gt(pintuanGroups.expiresAt, now)))
      .orderBy(asc(pintuanGroups.id)),
  ]);
  return {
    welcome,
    coupons: held.map((h) => ({ id: h.id, held: h.held })),
    saleItems: bought.flatMap((b) => (b.id === null ? [] : [{ id: b.id, bought: b.bought }])),
    groups: groups.map((g) => ({ id: g.id, offerId: g.offerId, role: g.leader ? 'leader' : 'member' })),
  };
}
