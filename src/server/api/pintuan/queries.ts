import 'server-only';
import { and, asc, count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { maskAccount } from '@/lib/account-display';
import { int, isoTime } from '@/lib/api/answers';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { type Localized, pintuanGroups, pintuanMembers, pintuanOffers, plans, regions, users } from '../../db/schema';
import { localize } from '../../localize';
import { listImageFamilies, promotedPlanAnswer } from '../catalog/queries';

export const pintuanOfferAnswer = promotedPlanAnswer.extend({
  id: int(),
  name: z.string(),
  groupSize: int(),
  groupPriceCents: int().describe('USD cents for the whole period, per seat'),
  singlePriceCents: int(),
  groupHours: int().describe("hours a new group has to fill (capped by the offer's end)"),
  startsAt: isoTime(),
  endsAt: isoTime(),
  running: z.boolean().describe('whether a group can be opened now'),
  rules: z
    .array(z.string())
    .describe("the offer's own rules in the visitor's language, one a line (after the general rules); empty for none"),
});
export type PintuanOfferView = z.infer<typeof pintuanOfferAnswer>;

/** What a group shows to anyone: masked names only, never an account (docs/decisions/013-group-buy.md). */
export const pintuanGroupAnswer = z.object({
  id: int(),
  offerId: int(),
  /**
   * 'failed' as soon as the time is up, even before the expiry sweep has run: a late group is treated as
   * failed everywhere (docs/decisions/013-group-buy.md, "applied lazily").
   */
  status: z.enum(['open', 'succeeded', 'failed']).describe("'failed' as soon as the time is up"),
  size: int(),
  seatsTaken: int(),
  seatsLeft: int(),
  expiresAt: isoTime(),
  leader: z.string().describe("the leader's masked name"),
  members: z.array(z.object({ name: z.string(), leader: z.boolean(), joinedAt: isoTime() })),
});
export type PintuanGroupView = z.infer<typeof pintuanGroupAnswer>;

export const joinableGroupAnswer = pintuanGroupAnswer.omit({ members: true, status: true });
export type JoinableGroup = z.infer<typeof joinableGroupAnswer>;

type OfferRow = {
  offer: typeof pintuanOffers.$inferSelect;
  plan: typeof plans.$inferSelect;
  region: typeof regions.$inferSelect;
};

/** An offer's own rules in `locale`, English when that language has none; one rule a line. */
function offerRules(rules: Localized | null, locale: Locale): string[] {
  if (!rules?.en) return [];
  return (rules[locale] || rules.en)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function offerView({ offer, plan, region }: OfferRow, locale: Locale, now: Date): PintuanOfferView {
  return {
    id: offer.id,
    name: localize(offer.name, locale, `pintuan offer ${offer.id}`),
    planId: plan.id,
    planName: localize(plan.name, locale, `plan ${plan.id}`),
    cpu: plan.cpu,
    memoryMb: plan.memoryMb,
    diskGb: plan.diskGb,
    bandwidthMbps: plan.bandwidthMbps,
    regionId: region.id,
    regionName: localize(region.city, locale, `region ${region.id}`),
    months: offer.months,
    groupSize: offer.groupSize,
    groupPriceCents: offer.groupPriceCents,
    singlePriceCents: offer.singlePriceCents,
    groupHours: offer.groupHours,
    startsAt: offer.startsAt.toISOString(),
    endsAt: offer.endsAt.toISOString(),
    running: offer.startsAt <= now && offer.endsAt > now,
    rules: offerRules(offer.rules, locale),
  };
}

function offerQuery(db: Database) {
  return db
    .select({ offer: pintuanOffers, plan: plans, region: regions })
    .from(pintuanOffers)
    .innerJoin(plans, eq(plans.id, pintuanOffers.planId))
    .innerJoin(regions, eq(regions.id, pintuanOffers.regionId));
}

/** Running offers (POST /api/activity/pintuan/cvm/search), in the operators' order. */
export async function listRunningOffers(db: Database, locale: Locale, now = new Date()): Promise<PintuanOfferView[]> {
  const rows = await offerQuery(db)
    .where(and(lte(pintuanOffers.startsAt, now), gt(pintuanOffers.endsAt, now)))
    .orderBy(asc(pintuanOffers.sort), asc(pintuanOffers.id));
  return rows.map((row) => offerView(row, locale, now));
}

/**
 * One offer by id (POST /api/activity/pintuan/cvm/search/buyID), also after it ended: a group's share page
 * keeps showing what the group bought.
 */
export async function findOffer(
  db: Database,
  id: number,
  locale: Locale,
  now = new Date(),
): Promise<PintuanOfferView | undefined> {
  const [row] = await offerQuery(db).where(eq(pintuanOffers.id, id));
  return row ? offerView(row, locale, now) : undefined;
}

/** Joinable = open, not yet expired and with a seat left. */
function joinable(now: Date, offerId?: number) {
  return and(
    eq(pintuanGroups.status, 'open'),
    gt(pintuanGroups.expiresAt, now),
    lt(pintuanGroups.seatsTaken, pintuanGroups.size),
    offerId === undefined ? undefined : eq(pintuanGroups.offerId, offerId),
  );
}

/** Groups a visitor can join (POST /api/activity/pintuan/getCanJoin), those closest to their end first. */
export async function listJoinableGroups(
  db: Database,
  options: { offerId?: number; page: number; rows: number },
  now = new Date(),
): Promise<JoinableGroup[]> {
  const rows = await db
    .select({ group: pintuanGroups, leader: users.username })
    .from(pintuanGroups)
    .innerJoin(users, eq(users.id, pintuanGroups.leaderUserId))
    .where(joinable(now, options.offerId))
    .orderBy(asc(pintuanGroups.expiresAt), asc(pintuanGroups.id))
    .limit(options.rows)
    .offset((options.page - 1) * options.rows);
  return rows.map(({ group, leader }) => ({
    id: group.id,
    offerId: group.offerId,
    size: group.size,
    seatsTaken: group.seatsTaken,
    seatsLeft: group.size - group.seatsTaken,
    expiresAt: group.expiresAt.toISOString(),
    leader: maskAccount(leader),
  }));
}

/** How many groups can be joined (POST /api/activity/pintuan/getCanJoinCount), for one offer or all. */
export async function countJoinableGroups(db: Database, offerId?: number, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pintuanGroups).where(joinable(now, offerId));
  return row?.n ?? 0;
}

/** A group with its members (POST /api/activity/pintuan/getCanJoinByGroupId); undefined when unknown. */
export async function findGroup(db: Database, id: number, now = new Date()): Promise<PintuanGroupView | undefined> {
  const [group] = await db.select().from(pintuanGroups).where(eq(pintuanGroups.id, id));
  if (!group) return undefined;
  const members = await db
    .select({ name: users.username, leader: pintuanMembers.leader, joinedAt: pintuanMembers.joinedAt })
    .from(pintuanMembers)
    .innerJoin(users, eq(users.id, pintuanMembers.userId))
    .where(eq(pintuanMembers.groupId, id))
    .orderBy(sql`${pintuanMembers.leader} desc`, asc(pintuanMembers.id));
  const late = group.status === 'open' && group.expiresAt <= now;
  const shown = members.map((m) => ({
    name: maskAccount(m.name),
    leader: m.leader,
    joinedAt: m.joinedAt.toISOString(),
  }));
  return {
    id: group.id,
    offerId: group.offerId,
    status: late ? 'failed' : group.status,
    size: group.size,
    seatsTaken: group.seatsTaken,
    seatsLeft: group.size - group.seatsTaken,
    expiresAt: group.expiresAt.toISOString(),
    leader: shown.find((m) => m.leader)?.name ?? '',
    members: shown,
  };
}

/** The visitor's seat in a group, if any. */
export async function findMembership(db: Database, groupId: number, userId: number) {
  const [row] = await db
    .select({ leader: pintuanMembers.leader, orderId: pintuanMembers.orderId })
    .from(pintuanMembers)
    .where(and(eq(pintuanMembers.groupId, groupId), eq(pintuanMembers.userId, userId)));
  return row;
}

/** The OS images a seat can be set up with: offered in the offer's region and fitting the plan's disk. */
export async function seatImages(
  db: Database,
  regionId: string,
  diskGb: number,
): Promise<{ id: string; name: string }[]> {
  const families = await listImageFamilies(db, regionId);
  return families
    .flatMap((f) => f.images)
    .filter((i) => i.minDiskGb <= diskGb)
    .map((i) => ({ id: i.id, name: i.name }));
}
