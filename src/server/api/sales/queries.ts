import 'server-only';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { int, isoTime } from '@/lib/api/answers';
import { regularTermPriceCents } from '@/lib/catalog/pricing-rules';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { planRegions, plans, regions, saleActivities, saleItems, termDiscounts } from '../../db/schema';
import { localize } from '../../localize';
import { promotedPlanAnswer } from '../catalog/queries';

export const saleItemAnswer = promotedPlanAnswer.extend({
  id: int(),
  salePriceCents: int(),
  originalPriceCents: int().describe(
    "the plan's regular price in the same region for the same months, term discount included",
  ),
  stockTotal: int(),
  stockLeft: int(),
  perUserLimit: int(),
});
export type SaleItem = z.infer<typeof saleItemAnswer>;
export const saleAnswer = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  startsAt: isoTime(),
  endsAt: isoTime(),
  items: z.array(saleItemAnswer),
});
export type Sale = z.infer<typeof saleAnswer>;

/** Running VPS sales with their items (POST /api/home/activity/cvm/search), one query. */
export async function listRunningSales(db: Database, locale: Locale, now = new Date()): Promise<Sale[]> {
  const rows = await db
    .select({
      activity: saleActivities,
      item: saleItems,
      plan: plans,
      region: regions,
      term: termDiscounts,
      ownMonthlyCents: planRegions.monthlyPriceCents,
    })
    .from(saleItems)
    .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
    .innerJoin(plans, eq(plans.id, saleItems.planId))
    .innerJoin(regions, eq(regions.id, saleItems.regionId))
    .leftJoin(termDiscounts, eq(termDiscounts.months, saleItems.months))
    .leftJoin(planRegions, and(eq(planRegions.planId, saleItems.planId), eq(planRegions.regionId, saleItems.regionId)))
    .where(and(lte(saleActivities.startsAt, now), gt(saleActivities.endsAt, now)))
    .orderBy(asc(saleActivities.endsAt), asc(saleItems.sort), asc(saleItems.id));
  const sales = new Map<number, Sale>();
  for (const { activity, item, plan, region, term, ownMonthlyCents } of rows) {
    let sale = sales.get(activity.id);
    if (!sale) {
      sale = {
        id: activity.id,
        name: localize(activity.name, locale, `sale ${activity.id}`),
        description: localize(activity.description, locale, `sale ${activity.id}`),
        startsAt: activity.startsAt.toISOString(),
        endsAt: activity.endsAt.toISOString(),
        items: [],
      };
      sales.set(activity.id, sale);
    }
    sale.items.push({
      id: item.id,
      planId: plan.id,
      planName: localize(plan.name, locale, `plan ${plan.id}`),
      cpu: plan.cpu,
      memoryMb: plan.memoryMb,
      diskGb: plan.diskGb,
      bandwidthMbps: plan.bandwidthMbps,
      regionId: region.id,
      regionName: localize(region.city, locale, `region ${region.id}`),
      months: item.months,
      salePriceCents: item.salePriceCents,
      originalPriceCents: regularTermPriceCents(
        plan.monthlyPriceCents,
        region.priceAdjustmentPct,
        item.months,
        term?.percentOff ?? 0,
        ownMonthlyCents,
      ),
      stockTotal: item.stockTotal,
      stockLeft: item.stockLeft,
      perUserLimit: item.perUserLimit,
    });
  }
  return [...sales.values()];
}
