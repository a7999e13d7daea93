import 'server-only';
import { and, asc, count, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '@/lib/api/answers';
import { couponStateAnswer } from '@/lib/coupons';
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
import { holdsSaleItem } from '../../orders/lifecycle';
import { welcomeStateAnswer, welcomeStateOf } from '../accounts/welcome';
import { couponState, ENDED_LISTED_DAYS } from '../coupons/queries';

// The numbers a visitor acts on, on the promotion pages: stock, seats, and what the visitor already holds. The
// pages themselves are kept (prerendered, served from memory, up to a minute old) and show these as they were
// when made; the browser asks for them once after load and puts them in place
// (docs/decisions/035-live-promotion-numbers.md).

const DAY_MS = 86_400_000;
/** How many joinable groups the answer carries: the group-buy list shows the soonest to end, far fewer than this. */
export const LIVE_GROUPS = 50;

export const liveCouponAnswer = z.object({ id: int(), stockLeft: int(), state: couponStateAnswer });
export type LiveCoupon = z.infer<typeof liveCouponAnswer>;
export const liveSaleItemAnswer = z.object({ id: int(), stockLeft: int() });
export type LiveSaleItem = z.infer<typeof liveSaleItemAnswer>;
export const liveGroupAnswer = z.object({ id: int(), seatsTaken: int(), seatsLeft: int() });
export type LiveGroup = z.infer<typeof liveGroupAnswer>;

/** What the signed-in visitor already holds on the promotion pages. */
export const liveMineAnswer = z.object({
  welcome: welcomeStateAnswer,
  coupons: z
    .array(z.object({ id: int(), held: int() }))
    .describe('centre coupons claimed (used or not), the count the per-account limit is checked against'),
  saleItems: z
    .array(z.object({ id: int(), bought: int() }))
    .describe('sale items bought in orders that are not cancelled, the count the per-account limit is checked against'),
  groups: z
    .array(z.object({ id: int(), offerId: int(), role: z.enum(['leader', 'member']) }))
    .describe('open groups the visitor leads or sits in'),
});
export type LiveMine = z.infer<typeof liveMineAnswer>;

export const liveNumbersAnswer = z.object({
  coupons: z
    .array(liveCouponAnswer)
    .describe('every coupon of the coupon centre (as /api/ac/coupon/search lists them)'),
  saleItems: z.array(liveSaleItemAnswer).describe('the items of the running VPS sales'),
  groups: z
    .array(liveGroupAnswer)
    .describe('groups that can be joined, soonest to end first (as /api/activity/pintuan/getCanJoin)'),
  mine: liveMineAnswer.nullable().describe('null for a visitor who is not signed in'),
});
export type LiveNumbers = z.infer<typeof liveNumbersAnswer>;

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
      // The order path's rule: an order that ended unpaid or was refunded gave its item back.
      .where(and(eq(orders.userId, userId), isNotNull(orders.saleItemId), holdsSaleItem()))
      .groupBy(orders.saleItemId)
      .orderBy(asc(orders.saleItemId)),
    db
      .select({ id: pintuanGroups.id, offerId: pintuanGroups.offerId, leader: pintuanMembers.leader })
      .from(pintuanMembers)
      .innerJoin(pintuanGroups, eq(pintuanGroups.id, pintuanMembers.groupId))
      .where(
        and(
          eq(pintuanMembers.userId, userId),
          // A leader's group waiting for the leader's payment is theirs too (docs/decisions/060-group-buy-payment.md).
          inArray(pintuanGroups.status, ['pending', 'open']),
          gt(pintuanGroups.expiresAt, now),
        ),
      )
      .orderBy(asc(pintuanGroups.id)),
  ]);
  return {
    welcome,
    coupons: held.map((h) => ({ id: h.id, held: h.held })),
    saleItems: bought.flatMap((b) => (b.id === null ? [] : [{ id: b.id, bought: b.bought }])),
    groups: groups.map((g) => ({ id: g.id, offerId: g.offerId, role: g.leader ? 'leader' : 'member' })),
  };
}
