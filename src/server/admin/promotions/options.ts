import 'server-only';
import { asc } from 'drizzle-orm';
import { PROMOTION_MONTHS } from '@/lib/admin/promotions-schemas';
import type { Database } from '../../db/client';
import { planRegions, plans, productLines, regions } from '../../db/schema';

/**
 * What the promotion forms choose from: product lines (a coupon's scope), plans and regions and which plan is
 * sold where (a sale item or group-buy offer), and the billing terms.
 */
export async function promotionOptions(db: Database) {
  const [lines, planRows, regionRows, pairs] = await Promise.all([
    db.select({ id: productLines.id, name: productLines.name }).from(productLines).orderBy(asc(productLines.sort)),
    db
      .select({ id: plans.id, lineId: plans.lineId, name: plans.name })
      .from(plans)
      .orderBy(asc(plans.lineId), asc(plans.id)),
    db.select({ id: regions.id, name: regions.city }).from(regions).orderBy(asc(regions.id)),
    db.select().from(planRegions),
  ]);
  return {
    productLines: lines,
    plans: planRows.map((p) => ({ ...p, regions: pairs.filter((x) => x.planId === p.id).map((x) => x.regionId) })),
    regions: regionRows,
    months: PROMOTION_MONTHS,
  };
}
