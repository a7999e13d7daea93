import 'server-only';
import { and, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { couponState } from '../../api/coupons/queries';
import { ApiError, BusinessCode, type FieldErrors } from '../../api/errors';
import { regularTermPriceCents } from '../../api/pintuan/queries';
import { popupCampaign } from '../../api/promotions/queries';
import type { Reader, Tx } from '../../db/client';
import {
  coupons,
  pintuanGroups,
  pintuanOffers,
  planRegions,
  plans,
  productLines,
  promotions,
  regions,
  saleActivities,
  saleItems,
  userCoupons,
  welcomeClaims,
} from '../../db/schema';
import { type Binding, plain, type Snapshot } from '../resource/bind';

/**
 * What the promotions do beyond the generic path (docs/product/back-office-promotions.md): the numbers their lists
 * show (claimed, held, sold, groups), stock never set below what customers took, a plan offered where it is sold,
 * product lines that exist, a campaign's slug its own, and the welcome offer's claims.
 */

type Schedule = { startsAt: Date; endsAt: Date };
type Input = Record<string, unknown>;

const scheduleState = (row: Schedule, now: Date) =>
  now < row.startsAt ? 'upcoming' : now >= row.endsAt ? 'ended' : 'running';

/** The rows with their schedule's state at the time of reading. */
const withState = <T extends Schedule>(rows: T[], more: (row: T) => object = () => ({})): Snapshot[] => {
  const now = new Date();
  return rows.map((row) => plain({ ...row, ...more(row), state: scheduleState(row, now) }));
};

/**
 * Stock may be raised or lowered while a promotion runs, never below what customers already took
 * (`stock_total - stock_left`), and the refusal says how many that is. The row is locked for the save
 * (src/server/admin/resource/bind.ts), and claims and orders take stock with conditional UPDATEs of the same row,
 * so none can come between this check and the write (docs/decisions/043-promotion-editing.md).
 */
function stockCovers(input: Input, before: Snapshot | undefined): void {
  if (!before || input.stockTotal === undefined) return;
  const taken = Number(before.stockTotal) - Number(before.stockLeft);
  if (Number(input.stockTotal) < taken) {
    throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
      fields: { stockTotal: 'api.admin.promotionsStockBelowClaimed' },
      extra: { claimed: taken },
    });
  }
}

/** The stock columns of a save: what is left moves by as much as the total does. */
function stockValues(table: { stockLeft: AnyPgColumn; stockTotal: AnyPgColumn }, total: unknown, before?: Snapshot) {
  if (total === undefined) return {};
  const n = Number(total);
  return { stockTotal: n, stockLeft: before ? sql`${table.stockLeft} + (${n}::integer - ${table.stockTotal})` : n };
}

/** A sale item's or group-buy offer's plan must be sold in its region, as the configurator sells it. */
async function planSoldThere(tx: Tx, input: Input): Promise<FieldErrors> {
  const [sold] = await tx
    .select({ planId: planRegions.planId })
    .from(planRegions)
    .where(and(eq(planRegions.planId, String(input.planId)), eq(planRegions.regionId, String(input.regionId))));
  return sold ? {} : { regionId: 'api.admin.promotionsPlanRegionUnknown' };
}

export const couponsBinding: Binding = {
  sorts: { claimed: sql`${coupons.stockTotal} - ${coupons.stockLeft}` },
  filters: { offer: (value) => (value === 'all' ? undefined : eq(coupons.welcome, value === 'welcome')) },
  read: async (db, where) => {
    const rows = await db
      .select({
        coupon: coupons,
        held: sql<number>`(select count(*) from ${userCoupons} where ${userCoupons.couponId} = ${coupons.id})::integer`,
      })
      .from(coupons)
      .where(where);
    const now = new Date();
    return rows.map(({ coupon: c, held }) =>
      plain({
        ...c,
        // The other kind's value is none: the site never reads it.
        amountCents: c.kind === 'amount' ? c.amountCents : null,
        percentOff: c.kind === 'percent' ? c.percentOff : null,
        claimed: c.stockTotal - c.stockLeft,
        held,
        state: couponState(c, now),
      }),
    );
  },
  check: async (tx, input, before): Promise<FieldErrors> => {
    // Product lines named on a coupon must exist (or be "domain"): a misspelt one would silently match nothing.
    const lines = (input.products as string[]).filter((p) => p !== 'domain');
    const found =
      lines.length > 0
        ? await tx.select({ id: productLines.id }).from(productLines).where(inArray(productLines.id, lines))
        : [];
    if (found.length !== lines.length) return { products: 'api.admin.promotionsProductUnknown' };
    stockCovers(input, before);
    return {};
  },
  values: (input, before) => {
    const made = before === undefined;
    const now = new Date().toISOString();
    return {
      ...input,
      // The other kind's value is kept at 0, so the site never reads a stale one.
      amountCents: input.kind === 'amount' ? input.amountCents : 0,
      percentOff: input.kind === 'percent' ? input.percentOff : 0,
      // A welcome coupon has no schedule, stock or limit of its own: one made without keeps the columns filled,
      // one changed without keeps what it had.
      startsAt: input.startsAt ?? (made ? now : undefined),
      endsAt: input.endsAt ?? (made ? now : undefined),
      perUserLimit: input.perUserLimit ?? (made ? 1 : undefined),
      ...stockValues(coupons, input.stockTotal ?? (made ? 0 : undefined), before),
    };
  },
  routes: (router) => {
    router.route(
      {
        method: 'get',
        path: '/admin/coupons/welcome-claims',
        summary: 'How many accounts have claimed the welcome offer',
        response: z.object({ claims: z.number().int() }),
        tag: 'Admin: coupons',
        auth: 'staff',
        permission: 'readCommerce',
      },
      async (c) => {
        const [claimed] = await c.get('db').select({ n: count() }).from(welcomeClaims);
        return { claims: claimed?.n ?? 0 };
      },
    );
  },
};

export const salesBinding: Binding = {
  read: async (db, where) =>
    withState(
      await db
        .select({
          ...getTableColumns(saleActivities),
          items: sql<number>`count(${saleItems.id})::integer`,
          sold: sql<number>`coalesce(sum(${saleItems.stockTotal} - ${saleItems.stockLeft}), 0)::integer`,
          stock: sql<number>`coalesce(sum(${saleItems.stockTotal}), 0)::integer`,
        })
        .from(saleActivities)
        .leftJoin(saleItems, eq(saleItems.activityId, saleActivities.id))
        .where(where)
        .groupBy(saleActivities.id),
    ),
};

/** `?sale=<id>`: the items of one sale. */
const ofSale = (value: string): SQL | undefined =>
  value === '' ? undefined : /^\d{1,9}$/.test(value) ? eq(saleItems.activityId, Number(value)) : sql`false`;

export const saleItemsBinding: Binding = {
  filters: { sale: ofSale },
  read: async (db: Reader, where) =>
    (
      await db
        .select({ item: saleItems, planName: plans.name, regionName: regions.city })
        .from(saleItems)
        .innerJoin(plans, eq(plans.id, saleItems.planId))
        .innerJoin(regions, eq(regions.id, saleItems.regionId))
        .where(where)
    ).map(({ item, planName, regionName }) =>
      plain({ ...item, sold: item.stockTotal - item.stockLeft, planName, regionName }),
    ),
  check: async (tx, input, before) => {
    const [sale] = await tx
      .select({ id: saleActivities.id })
      .from(saleActivities)
      .where(eq(saleActivities.id, Number(input.activityId)));
    const errors = { ...(sale ? {} : { activityId: 'api.field.invalid' }), ...(await planSoldThere(tx, input)) };
    if (Object.keys(errors).length === 0) stockCovers(input, before);
    return errors;
  },
  values: (input, before) => ({ ...input, ...stockValues(saleItems, input.stockTotal, before) }),
};

const groupsOf = (status: 'open' | 'succeeded') =>
  sql<number>`(select count(*) from ${pintuanGroups} where ${pintuanGroups.offerId} = ${pintuanOffers.id} and ${pintuanGroups.status} = ${status})::integer`;

export const groupBuysBinding: Binding = {
  read: async (db, where) => {
    const rows = await db
      .select({
        ...getTableColumns(pintuanOffers),
        openGroups: groupsOf('open'),
        succeededGroups: groupsOf('succeeded'),
      })
      .from(pintuanOffers)
      .where(where);
    // What the site compares the group price with: the plan's regular price from the pricing model.
    const regular = await Promise.all(
      rows.map((row) => regularTermPriceCents(db, row.planId, row.regionId, row.months)),
    );
    return withState(rows.map((row, i) => ({ ...row, regularPriceCents: regular[i] ?? null })));
  },
  check: async (tx, input) => {
    const sold = await planSoldThere(tx, input);
    if (Object.keys(sold).length > 0) return sold;
    // A group price is a saving on the plan's regular price in that region for that term, or it is no offer.
    const regular = await regularTermPriceCents(tx, String(input.planId), String(input.regionId), Number(input.months));
    if (regular !== undefined && Number(input.groupPriceCents) >= regular) {
      throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
        fields: { groupPriceCents: 'api.admin.promotionsGroupPriceNotLower' },
        extra: { regularPriceCents: regular },
      });
    }
    return {};
  },
  // Rules with no English are none: the site then shows the general rules only.
  values: (input) => ({ ...input, rules: (input.rules as { en?: string } | null)?.en ? input.rules : null }),
};

/**
 * Where a campaign is shown now, and why not where it is not: the pop-up is the first running campaign marked so
 * (src/server/api/promotions/queries.ts), another marked one is behind it, an unmarked running one is on the
 * campaigns page only.
 */
function shownNow(row: typeof promotions.$inferSelect, popup: typeof promotions.$inferSelect | undefined, now: Date) {
  const state = scheduleState(row, now);
  if (state !== 'running') return { shown: state, shownInstead: null };
  if (!row.popup) return { shown: 'page', shownInstead: null };
  if (popup?.id === row.id) return { shown: 'popup', shownInstead: null };
  return { shown: 'behind', shownInstead: popup?.title ?? null };
}

export const campaignsBinding: Binding = {
  read: async (db, where) => {
    const now = new Date();
    const [rows, popup] = await Promise.all([db.select().from(promotions).where(where), popupCampaign(db, now)]);
    return withState(rows, (row) => shownNow(row, popup, now));
  },
  // Two campaigns cannot share a slug; the table's unique key decides between two saves at once.
  check: async (tx, input, before): Promise<FieldErrors> => {
    const [other] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.slug, String(input.slug)), before ? ne(promotions.id, Number(before.id)) : undefined));
    return other ? { slug: 'api.admin.promotionsSlugTaken' } : {};
  },
  values: (input) => ({ ...input, imageUrl: input.imageUrl || null }),
};

export const PROMOTION_BINDINGS: Record<string, Binding> = {
  coupons: couponsBinding,
  sales: salesBinding,
  'sale-items': saleItemsBinding,
  'pintuan-offers': groupBuysBinding,
  campaigns: campaignsBinding,
};
