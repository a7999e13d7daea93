import 'server-only';
import { asc } from 'drizzle-orm';
import type { PricesOverview } from '@/lib/admin/prices-schemas';
import { planRegionalPrice } from '@/lib/catalog/pricing-rules';
import type { Database } from '../../db/client';
import { images, planRegions, plans, regions, termDiscounts } from '../../db/schema';
import { readCurrencies } from './rates';

/**
 * Every price of the model as stored (docs/decisions/036-pricing-model.md), for the prices screen: plans with their
 * own prices per region and the price a customer pays there (computed here, by the engine's rule, so the screen
 * does no arithmetic), region adjustments, term discounts, licence fees and currency rates, each with its version.
 * Inactive plans, regions and images are listed too, marked: their prices are kept for when they return.
 */
export async function pricesOverview(db: Database): Promise<PricesOverview> {
  const [regionRows, planRows, planRegionRows, termRows, imageRows, currencyRows] = await Promise.all([
    db.select().from(regions).orderBy(asc(regions.sort), asc(regions.id)),
    db.select().from(plans).orderBy(asc(plans.sort), asc(plans.id)),
    db.select().from(planRegions),
    db.select().from(termDiscounts).orderBy(asc(termDiscounts.months)),
    db.select().from(images).orderBy(asc(images.sort), asc(images.id)),
    readCurrencies(db),
  ]);
  return {
    regions: regionRows.map((r) => ({
      id: r.id,
      city: r.city,
      priceAdjustmentPct: r.priceAdjustmentPct,
      active: r.active,
      version: r.version,
    })),
    plans: planRows.map((p) => ({
      id: p.id,
      lineId: p.lineId,
      name: p.name,
      active: p.active,
      monthlyPriceCents: p.monthlyPriceCents,
      hourlyPriceMicroUsd: p.hourlyPriceMicroUsd,
      hourlyBilling: p.hourlyBilling,
      version: p.version,
      regions: regionRows.flatMap((r) => {
        const own = planRegionRows.find((pr) => pr.planId === p.id && pr.regionId === r.id);
        if (!own) return [];
        return [
          {
            regionId: r.id,
            monthlyPriceCents: own.monthlyPriceCents,
            hourlyPriceMicroUsd: own.hourlyPriceMicroUsd,
            version: own.version,
            effectiveMonthlyCents: planRegionalPrice(p.monthlyPriceCents, r.priceAdjustmentPct, own.monthlyPriceCents),
            effectiveHourlyMicroUsd: planRegionalPrice(
              p.hourlyPriceMicroUsd,
              r.priceAdjustmentPct,
              own.hourlyPriceMicroUsd,
            ),
          },
        ];
      }),
    })),
    terms: termRows.map((t) => ({ months: t.months, percentOff: t.percentOff, version: t.version })),
    images: imageRows.map((i) => ({
      id: i.id,
      name: i.name,
      licenceCentsPerVcpu: i.licenceCentsPerVcpu,
      active: i.active,
      version: i.version,
    })),
    currencies: currencyRows,
  };
}
