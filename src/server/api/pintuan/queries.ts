import 'server-only';
import { and, asc, count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { maskAccount } from '@/lib/account-display';
import { int, isoTime } from '@/lib/api/answers';
import { planRegionalPrice, regularTermPriceMinor } from '@/lib/catalog/pricing-rules';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, convertUsdCents } from '@/lib/money';
import type { Database } from '../../db/client';
import {
  type Localized,
  orders,
  pintuanGroups,
  pintuanMembers,
  pintuanOffers,
  planRegions,
  plans,
  regions,
  termDiscounts,
  users,
} from '../../db/schema';
import { localize } from '../../localize';
import { listImageFamilies, promotedPlanAnswer } from '../catalog/queries';
import { listCurrencies } from '../finance/queries';
import { summary } from '../orders/service';

/** An offer's price against the plan's regular price, in one currency, as orders and quotes charge them. */
export const offerPriceAnswer = z.object({
  currency: z.string().describe('the currency code'),
  groupMinor: int().describe(
    "one seat at the group price, in the currency's minor unit, as the seat's order charges it",
  ),
  singleMinor: int().describe(
    'the same plan alone at its regular price, same region, months and currency, as POST /api/product/cvm/quote charges it',
  ),
});
export type OfferPrice = z.infer<typeof offerPriceAnswer>;

export const pintuanOfferAnswer = promotedPlanAnswer.extend({
  id: int(),
  name: z.string(),
  groupSize: int(),
  groupPriceCents: int().describe('USD cents for the whole period, per seat'),
  singlePriceCents: int().describe(
    'USD cents: the plan alone at its regular price in the same region for the same months, from the pricing model',
  ),
  prices: z
    .array(offerPriceAnswer)
    .describe('the group and regular prices in every currency the site sells in: what a page or answer shows'),
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
   * 'pending' until the leader pays, then 'open' until every seat is paid ('succeeded'); 'failed' as soon as the
   * time is up, even before the sweeps have run: a late group is treated as failed everywhere
   * (docs/decisions/013-group-buy.md, "applied lazily"; docs/decisions/060-group-buy-payment.md).
   */
  status: z
    .enum(['pending', 'open', 'succeeded', 'failed'])
    .describe("'pending' until the leader pays; 'failed' as soon as the time is up"),
  size: int(),
  seatsTaken: int().describe('seats held, paid or not, the leader included'),
  seatsLeft: int(),
  expiresAt: isoTime().describe("while pending: the leader's payment deadline; once open: the end of the time to fill"),
  leader: z.string().describe("the leader's masked name"),
  members: z.array(
    z.object({
      name: z.string(),
      leader: z.boolean(),
      joinedAt: isoTime(),
      paid: z.boolean().describe("whether this seat's order is paid (a held seat is paid within the member's time)"),
    }),
  ),
});
export type PintuanGroupView = z.infer<typeof pintuanGroupAnswer>;

export const joinableGroupAnswer = pintuanGroupAnswer.omit({ members: true, status: true });

/** The order behind the visitor's own seat: what to pay, by when, where (docs/decisions/060-group-buy-payment.md). */
export const seatOrderAnswer = z.object({
  number: z.string(),
  status: z.string().describe("the order's status (pending_payment until paid)"),
  currency: z.string(),
  totalMinor: int().describe("the amount to pay with tax, in the currency's minor unit (docs/decisions/066-tax.md)"),
  payBy: isoTime().describe('while pending payment: when the order ends unpaid and the seat is given up'),
  payUrl: z.string().describe('where the order is paid, in the customer centre'),
});
export type SeatOrder = z.infer<typeof seatOrderAnswer>;

/** A seat's order as its holder sees it on the group page. */
export async function seatOrderOf(db: Pick<Database, 'select'>, orderId: number): Promise<SeatOrder | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  const { number, status, currency, totalInclTaxMinor, payBy, payUrl } = summary(row);
  // What is paid is the total with tax, whatever the page's display rule.
  return { number, status, currency, totalMinor: totalInclTaxMinor, payBy, payUrl };
}
export type JoinableGroup = z.infer<typeof joinableGroupAnswer>;

type OfferRow = {
  offer: typeof pintuanOffers.$inferSelect;
  plan: typeof plans.$inferSelect;
  region: typeof regions.$inferSelect;
  /** The plan's own monthly price in the region, when one is set (docs/decisions/042-scheduled-prices.md). */
  ownMonthlyCents: number | null;
  percentOff: number | null;
};

/**
 * The group price against the plan's regular price for the same region, months and currency, both as the engine
 * charges them (docs/decisions/036-pricing-model.md): no stored "single price", so the saving shown is the saving.
 */
function offerPrices(row: OfferRow, currencies: CurrencyRate[]): OfferPrice[] {
  const monthly = planRegionalPrice(row.plan.monthlyPriceCents, row.region.priceAdjustmentPct, row.ownMonthlyCents);
  return currencies.map((currency) => ({
    currency: currency.type,
    groupMinor: convertUsdCents(row.offer.groupPriceCents, currency),
    singleMinor: regularTermPriceMinor(monthly, row.offer.months, row.percentOff ?? 0, currency),
  }));
}

const USD: CurrencyRate = { type: 'USD', rate: 1, digits: 2 };

/**
 * The plan's regular price in a region for a term, in USD cents (the pricing model's): what an offer's group price
 * must stay below. Undefined when the plan is not sold there.
 */
export async function regularTermPriceCents(
  db: Pick<Database, 'select'>,
  planId: string,
  regionId: string,
  months: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({
      monthly: plans.monthlyPriceCents,
      adjustment: regions.priceAdjustmentPct,
      own: planRegions.monthlyPriceCents,
      percentOff: termDiscounts.percentOff,
    })
    .from(planRegions)
    .innerJoin(plans, eq(plans.id, planRegions.planId))
    .innerJoin(regions, eq(regions.id, planRegions.regionId))
    .leftJoin(termDiscounts, eq(termDiscounts.months, months))
    .where(and(eq(planRegions.planId, planId), eq(planRegions.regionId, regionId)));
  if (!row) return undefined;
  return regularTermPriceMinor(
    planRegionalPrice(row.monthly, row.adjustment, row.own),
    months,
    row.percentOff ?? 0,
    USD,
  );
}

/** An offer's prices in the visitor's currency (its USD prices converted when the currency is not listed). */
export function offerPriceIn(offer: PintuanOfferView, currency: CurrencyRate): OfferPrice {
  return (
    offer.prices.find((p) => p.currency === currency.type) ?? {
      currency: currency.type,
      groupMinor: convertUsdCents(offer.groupPriceCents, currency),
      singleMinor: convertUsdCents(offer.singlePriceCents, currency),
    }
  );
}

/** An offer's own rules in `locale`, English when that language has none; one rule a line. */
function offerRules(rules: Localized | null, locale: Locale): string[] {
  if (!rules?.en) return [];
  return (rules[locale] || rules.en)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function offerView(row: OfferRow, currencies: CurrencyRate[], locale: Locale, now: Date): PintuanOfferView {
  const { offer, plan, region } = row;
  const monthly = planRegionalPrice(plan.monthlyPriceCents, region.priceAdjustmentPct, row.ownMonthlyCents);
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
    singlePriceCents: regularTermPriceMinor(monthly, offer.months, row.percentOff ?? 0, USD),
    prices: offerPrices(row, currencies),
    groupHours: offer.groupHours,
    startsAt: offer.startsAt.toISOString(),
    endsAt: offer.endsAt.toISOString(),
    running: offer.startsAt <= now && offer.endsAt > now,
    rules: offerRules(offer.rules, locale),
  };
}

function offerQuery(db: Database) {
  return db
    .select({
      offer: pintuanOffers,
      plan: plans,
      region: regions,
      ownMonthlyCents: planRegions.monthlyPriceCents,
      percentOff: termDiscounts.percentOff,
    })
    .from(pintuanOffers)
    .innerJoin(plans, eq(plans.id, pintuanOffers.planId))
    .innerJoin(regions, eq(regions.id, pintuanOffers.regionId))
    .leftJoin(
      planRegions,
      and(eq(planRegions.planId, pintuanOffers.planId), eq(planRegions.regionId, pintuanOffers.regionId)),
    )
    .leftJoin(termDiscounts, eq(termDiscounts.months, pintuanOffers.months));
}

/** Running offers (POST /api/activity/pintuan/cvm/search), in the operators' order. */
export async function listRunningOffers(db: Database, locale: Locale, now = new Date()): Promise<PintuanOfferView[]> {
  const [rows, currencies] = await Promise.all([
    offerQuery(db)
      .where(and(lte(pintuanOffers.startsAt, now), gt(pintuanOffers.endsAt, now)))
      .orderBy(asc(pintuanOffers.sort), asc(pintuanOffers.id)),
    listCurrencies(db),
  ]);
  return rows.map((row) => offerView(row, currencies, locale, now));
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
  const [[row], currencies] = await Promise.all([offerQuery(db).where(eq(pintuanOffers.id, id)), listCurrencies(db)]);
  return row ? offerView(row, currencies, locale, now) : undefined;
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
    .select({
      name: users.username,
      leader: pintuanMembers.leader,
      joinedAt: pintuanMembers.joinedAt,
      paid: sql<boolean>`${orders.status} <> 'pending_payment'`,
    })
    .from(pintuanMembers)
    .innerJoin(users, eq(users.id, pintuanMembers.userId))
    .innerJoin(orders, eq(orders.id, pintuanMembers.orderId))
    .where(eq(pintuanMembers.groupId, id))
    .orderBy(sql`${pintuanMembers.leader} desc`, asc(pintuanMembers.id));
  const late = (group.status === 'open' || group.status === 'pending') && group.expiresAt <= now;
  const shown = members.map((m) => ({
    name: maskAccount(m.name),
    leader: m.leader,
    joinedAt: m.joinedAt.toISOString(),
    paid: m.paid,
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
