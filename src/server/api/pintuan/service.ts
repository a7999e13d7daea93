import 'server-only';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { VpsConfig } from '@/lib/catalog/vps-config';
import type { CurrencyCode } from '@/lib/currency';
import type { Database } from '../../db/client';
import { pintuanGroups, pintuanMembers, pintuanOffers, users } from '../../db/schema';
import { ApiError, BusinessCode, isUniqueViolation, notFound } from '../errors';
import { createVpsOrder, type OrderSummary, type OrderTx, orderSummaryAnswer } from '../orders/service';
import { mailSeatTaken } from './mail';
import { findGroup, findMembership, pintuanGroupAnswer, type SeatOrder, seatOrderAnswer, seatOrderOf } from './queries';

/** Why the visitor may not join; each is also the i18n key `api.pintuan.<reason>` of the refusal (docs/decisions/013-group-buy.md). */
const JOIN_REFUSALS = [
  'loginRequired',
  'ownGroup',
  'alreadyJoined',
  'groupPending',
  'groupFull',
  'groupExpired',
] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

/** Where the visitor stands with a group: the share page's join button. */
export const viewerAnswer = z.object({
  signedIn: z.boolean(),
  role: z.enum(['leader', 'member']).nullable(),
  canJoin: z.boolean(),
  reason: z.enum(JOIN_REFUSALS).nullable().describe('why the visitor may not join: the i18n key api.pintuan.<reason>'),
  seat: seatOrderAnswer
    .nullable()
    .describe("the visitor's own seat's order, leader or member: what to pay, by when and where, or that it is paid"),
});
export type Viewer = z.infer<typeof viewerAnswer>;

export type SeatRequest = { imageId: string; currency: CurrencyCode; idempotencyKey: string } & Partial<
  Pick<VpsConfig, 'billingCountry' | 'billingCompany' | 'billingTaxId'>
>;

type SeatRefusal = Exclude<JoinRefusal, 'loginRequired'>;

const REFUSAL: Record<SeatRefusal, BusinessCode> = {
  // Conflicts with what the visitor already did.
  ownGroup: BusinessCode.conflict,
  alreadyJoined: BusinessCode.conflict,
  // The group is gone for everyone: full or out of time (docs/product/errors.md#business-codes: 4100 sold out or full).
  groupFull: BusinessCode.soldOut,
  groupExpired: BusinessCode.soldOut,
  // Not yet open: its leader has not paid (docs/decisions/060-group-buy-payment.md).
  groupPending: BusinessCode.conflict,
};

function refuse(reason: SeatRefusal): ApiError {
  return new ApiError(REFUSAL[reason], `api.pintuan.${reason}`);
}

type GroupState = {
  leaderUserId: number;
  status: string;
  size: number;
  seatsTaken: number;
  expiresAt: Date;
};

/** The join rules of docs/decisions/013-group-buy.md, in the order a visitor is told about them. */
function refusal(group: GroupState, userId: number, member: boolean, now: Date): SeatRefusal | null {
  if (group.leaderUserId === userId) return 'ownGroup';
  if (member) return 'alreadyJoined';
  // A group opens to others when its leader has paid; until then its time is the leader's time to pay.
  if (group.status === 'pending' && group.expiresAt > now) return 'groupPending';
  if (group.status === 'succeeded' || (group.status === 'open' && group.seatsTaken >= group.size)) return 'groupFull';
  // Expiry applies lazily too: a group whose time is up is refused even before the sweep marks it failed.
  if (group.status !== 'open' || group.expiresAt <= now) return 'groupExpired';
  return null;
}

/** Whether the visitor may join (the share page's button); no session means "log in first". */
export async function viewerOf(
  db: Database,
  groupId: number,
  userId: number | undefined,
  now = new Date(),
): Promise<Viewer> {
  const [group] = await db.select().from(pintuanGroups).where(eq(pintuanGroups.id, groupId));
  if (!group) throw notFound('api.pintuan.groupNotFound');
  if (userId === undefined) {
    const closed = refusal(group, -1, false, now);
    return { signedIn: false, role: null, canJoin: false, reason: closed ?? 'loginRequired', seat: null };
  }
  const seat = await findMembership(db, groupId, userId);
  const reason = refusal(group, userId, Boolean(seat), now);
  const role = group.leaderUserId === userId ? 'leader' : seat ? 'member' : null;
  // The seat's order is read on every visit, so the way to pay it survives a reload while it is unpaid.
  const order: SeatOrder | null = seat ? ((await seatOrderOf(db, seat.orderId)) ?? null) : null;
  return { signedIn: true, role, canJoin: reason === null, reason, seat: order };
}

async function lockedGroup(tx: OrderTx, groupId: number) {
  // The group row is the join's lock: joins of one group run one after another, so seats cannot oversell.
  const [group] = await tx.select().from(pintuanGroups).where(eq(pintuanGroups.id, groupId)).for('update');
  if (!group) throw notFound('api.pintuan.groupNotFound');
  return group;
}

/** A seat's order is the offer's plan in its region for its months, one server, with the OS the buyer chose. */
function seatConfig(offer: typeof pintuanOffers.$inferSelect, request: SeatRequest): VpsConfig {
  return {
    regionId: offer.regionId,
    planId: offer.planId,
    imageId: request.imageId,
    months: offer.months,
    billing: 'term',
    quantity: 1,
    dataDisks: [],
    currency: request.currency,
    quickSetId: undefined,
    bandwidthTierId: undefined,
    trafficPackageId: undefined,
    securityGroupId: undefined,
    snapshotPolicyId: undefined,
    // Who is billed: as the seat's request says, else the account's (docs/decisions/066-tax.md).
    billingCountry: request.billingCountry,
    billingCompany: request.billingCompany,
    billingTaxId: request.billingTaxId,
  };
}

/** A seat taken (a group opened or joined): the group as it is now and the seat's order, pending payment. */
export const seatAnswer = z.object({ group: pintuanGroupAnswer, order: orderSummaryAnswer });
export type SeatAnswer = z.infer<typeof seatAnswer>;

/**
 * Opens a group (POST /api/activity/create, docs/product/api.md#group-buy): the visitor becomes its leader with an order at the
 * group price, pending payment, through the one order-creation path (idempotency key, server-side price).
 * One open group per leader and offer, so a leader cannot fill a group with their own groups.
 */
export async function openGroup(
  db: Database,
  userId: number,
  offerId: number,
  request: SeatRequest,
  now = new Date(),
): Promise<SeatAnswer> {
  const [offer] = await db.select().from(pintuanOffers).where(eq(pintuanOffers.id, offerId));
  if (!offer) throw notFound('api.pintuan.offerNotFound');
  if (offer.startsAt > now || offer.endsAt <= now) throw new ApiError(BusinessCode.soldOut, 'api.pintuan.offerEnded');

  let groupId: number | undefined;
  const order = await createVpsOrder(db, userId, seatConfig(offer, request), request.idempotencyKey, {
    purpose: `pintuan-open:${offer.id}`,
    pintuan: {
      price: { ...offer, offerId: offer.id },
      before: async (tx) => {
        // The leader's row serialises their own concurrent opens (the same lock the sale limit uses).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [leading] = await tx
          .select({ id: pintuanGroups.id })
          .from(pintuanGroups)
          .where(
            and(
              eq(pintuanGroups.offerId, offer.id),
              eq(pintuanGroups.leaderUserId, userId),
              inArray(pintuanGroups.status, ['pending', 'open']),
              gt(pintuanGroups.expiresAt, now),
            ),
          )
          .limit(1);
        if (leading) throw new ApiError(BusinessCode.conflict, 'api.pintuan.alreadyLeading');
        // Pending until the leader pays; its time until then is the leader's order's (set below, from the order).
        const [group] = await tx
          .insert(pintuanGroups)
          .values({
            offerId: offer.id,
            leaderUserId: userId,
            size: offer.groupSize,
            seatsTaken: 1,
            status: 'pending',
            expiresAt: now,
          })
          .returning({ id: pintuanGroups.id });
        groupId = group?.id;
        return undefined;
      },
      after: async (tx, row) => {
        if (groupId === undefined) throw new Error('group insert returned nothing');
        await tx.insert(pintuanMembers).values({ groupId, userId, orderId: row.id, leader: true });
        // The group waits exactly as long as its leader may pay: it never fails while the leader still had time.
        await tx.update(pintuanGroups).set({ expiresAt: row.payBy }).where(eq(pintuanGroups.id, groupId));
        await mailSeatTaken(tx, row, groupId, 'leader');
      },
    },
  });
  // Read back through the order: with a repeated idempotency key the order (and its group) existed already.
  const shownId = await groupOfOrder(db, order.id);
  const group = shownId === undefined ? undefined : await findGroup(db, shownId, now);
  if (!group) throw new ApiError(BusinessCode.conflict, 'api.conflict');
  return { group, order };
}

async function groupOfOrder(db: Database, orderId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ groupId: pintuanMembers.groupId })
    .from(pintuanMembers)
    .where(eq(pintuanMembers.orderId, orderId));
  return row?.groupId;
}

/**
 * Joins a group: the joiner's own order at the group price, and a seat. the original product had no join call (docs/product/api.md#group-buy); this is
 * POST /api/activity/pintuan/join, named like its siblings. Safe by construction under races: the group row
 * is locked for the check and the seat update, the seat update is conditional (seats_taken < size) and
 * (group_id, user_id) is unique; the group succeeds in the same transaction that fills it.
 */
export async function joinGroup(
  db: Database,
  userId: number,
  groupId: number,
  request: SeatRequest,
  now = new Date(),
): Promise<SeatAnswer> {
  const [group] = await db.select().from(pintuanGroups).where(eq(pintuanGroups.id, groupId));
  if (!group) throw notFound('api.pintuan.groupNotFound');
  const [offer] = await db.select().from(pintuanOffers).where(eq(pintuanOffers.id, group.offerId));
  if (!offer) throw notFound('api.pintuan.offerNotFound');
  // Checked before any order work, so a repeated join changes nothing (docs/decisions/013-group-buy.md).
  const early = refusal(group, userId, Boolean(await findMembership(db, groupId, userId)), now);
  if (early) throw refuse(early);

  let order: OrderSummary;
  try {
    order = await createVpsOrder(db, userId, seatConfig(offer, request), request.idempotencyKey, {
      purpose: `pintuan-join:${groupId}`,
      pintuan: {
        price: { ...offer, offerId: offer.id },
        before: async (tx) => {
          const locked = await lockedGroup(tx, groupId);
          const [seat] = await tx
            .select({ id: pintuanMembers.id })
            .from(pintuanMembers)
            .where(and(eq(pintuanMembers.groupId, groupId), eq(pintuanMembers.userId, userId)));
          const reason = refusal(locked, userId, Boolean(seat), now);
          if (reason) throw refuse(reason);
          // A member holds the seat while paying, but never past the group's end.
          return locked.expiresAt;
        },
        after: async (tx, row) => {
          await tx.insert(pintuanMembers).values({ groupId, userId, orderId: row.id });
          // The seat is held, not paid: the group succeeds when its last seat is paid (completeGroups).
          const taken = await tx
            .update(pintuanGroups)
            .set({ seatsTaken: sql`${pintuanGroups.seatsTaken} + 1` })
            .where(
              and(
                eq(pintuanGroups.id, groupId),
                eq(pintuanGroups.status, 'open'),
                sql`${pintuanGroups.seatsTaken} < ${pintuanGroups.size}`,
              ),
            )
            .returning({ id: pintuanGroups.id });
          if (taken.length === 0) throw refuse('groupFull');
          await mailSeatTaken(tx, row, groupId, 'member');
        },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('alreadyJoined');
    throw error;
  }
  // An idempotency key reused from another order returns that order without a seat: not a join.
  const seat = await findMembership(db, groupId, userId);
  if (!seat || seat.orderId !== order.id) throw new ApiError(BusinessCode.conflict, 'api.pintuan.alreadyJoined');
  const view = await findGroup(db, groupId, now);
  if (!view) throw notFound('api.pintuan.groupNotFound');
  return { group: view, order };
}
