import 'server-only';
import { asc, eq } from 'drizzle-orm';
import {
  type Money,
  PREVIEW_COLUMNS,
  type PreviewColumn,
  type PriceChange,
  type PricePreview,
} from '@/lib/admin/prices-schemas';
import { planRegionalPrice } from '@/lib/catalog/pricing-rules';
import { vpsConfig } from '@/lib/catalog/vps-config';
import type { CurrencyCode } from '@/lib/currency';
import { type CurrencyRate, convertHourlyMicroUsd } from '@/lib/money';
import { ApiError } from '../../api/errors';
import { listCurrencies } from '../../api/finance/queries';
import { priceConfiguration, type QuoteRows } from '../../api/orders/pricing';
import type { Database } from '../../db/client';
import { imageRegions, images, planRegions, plans, regions, termDiscounts } from '../../db/schema';
import { missingTarget, readTarget } from './changes';

type RegionRow = typeof regions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;
type PlanRegionRow = typeof planRegions.$inferSelect;
type TermRow = typeof termDiscounts.$inferSelect;
type ImageRow = typeof images.$inferSelect;

/** The tables the price of a plain configuration (a plan, a region, an image, a term) reads, in memory. */
type Catalog = {
  currencies: CurrencyRate[];
  regions: RegionRow[];
  plans: PlanRow[];
  planRegions: PlanRegionRow[];
  terms: TermRow[];
  images: ImageRow[];
  imageRegions: Set<string>;
};

type PreviewRow = PricePreview['rows'][number];

async function loadCatalog(db: Database): Promise<Catalog> {
  const [currencies, regionRows, planRows, planRegionRows, termRows, imageRows, offered] = await Promise.all([
    listCurrencies(db),
    db.select().from(regions).where(eq(regions.active, true)).orderBy(asc(regions.sort), asc(regions.id)),
    db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sort), asc(plans.id)),
    db.select().from(planRegions),
    db.select().from(termDiscounts),
    db.select().from(images).where(eq(images.active, true)).orderBy(asc(images.sort), asc(images.id)),
    db.select().from(imageRegions),
  ]);
  return {
    currencies,
    regions: regionRows,
    plans: planRows,
    planRegions: planRegionRows,
    terms: termRows,
    images: imageRows,
    imageRegions: new Set(offered.map((o) => `${o.imageId}/${o.regionId}`)),
  };
}

/** The catalog as it would be once `change` is made: the same rows, the changed one replaced. */
function withChange(catalog: Catalog, change: PriceChange): Catalog {
  switch (change.target) {
    case 'plan':
      return {
        ...catalog,
        plans: catalog.plans.map((p) =>
          p.id === change.planId
            ? {
                ...p,
                monthlyPriceCents: change.monthlyPrice,
                hourlyPriceMicroUsd: change.hourlyPrice,
                hourlyBilling: change.hourlyBilling,
              }
            : p,
        ),
      };
    case 'planRegion':
      return {
        ...catalog,
        planRegions: catalog.planRegions.map((pr) =>
          pr.planId === change.planId && pr.regionId === change.regionId
            ? { ...pr, monthlyPriceCents: change.monthlyPrice, hourlyPriceMicroUsd: change.hourlyPrice }
            : pr,
        ),
      };
    case 'region':
      return {
        ...catalog,
        regions: catalog.regions.map((r) =>
          r.id === change.regionId ? { ...r, priceAdjustmentPct: change.priceAdjustmentPct } : r,
        ),
      };
    case 'term':
      return {
        ...catalog,
        terms: catalog.terms.map((t) => (t.months === change.months ? { ...t, percentOff: change.percentOff } : t)),
      };
    case 'licence':
      return {
        ...catalog,
        images: catalog.images.map((i) =>
          i.id === change.imageId ? { ...i, licenceCentsPerVcpu: change.licencePerVcpu } : i,
        ),
      };
  }
}

type Configuration = { planId: string; regionId: string; imageId: string };

/**
 * What a customer pays for one configuration in one column and currency, by the engine every quote and order
 * uses (priceConfiguration), on rows taken from `catalog` instead of the database; null when the configuration
 * cannot be bought that way (hourly billing on a plan without it).
 */
function priceOf(catalog: Catalog, at: Configuration, column: PreviewColumn, currency: CurrencyRate): Money | null {
  const region = catalog.regions.find((r) => r.id === at.regionId);
  const plan = catalog.plans.find((p) => p.id === at.planId);
  const image = catalog.images.find((i) => i.id === at.imageId);
  const offered = catalog.planRegions.find((pr) => pr.planId === at.planId && pr.regionId === at.regionId);
  if (!region || !plan || !image || !offered) return null;
  const hourly = column === 'hourly';
  const months = hourly ? 1 : Number(column);
  const rows: QuoteRows = {
    currencies: catalog.currencies,
    region,
    plan: {
      plan,
      offered: offered.regionId,
      ownMonthlyCents: offered.monthlyPriceCents,
      ownHourlyMicroUsd: offered.hourlyPriceMicroUsd,
    },
    image: { image, offered: catalog.imageRegions.has(`${image.id}/${region.id}`) ? region.id : null },
    saleItem: undefined,
    disks: [],
    tier: undefined,
    pack: undefined,
    group: undefined,
    policy: undefined,
    held: undefined,
    term: catalog.terms.find((t) => t.months === months),
    // Prices are previewed excluding tax.
    taxRule: undefined,
  };
  const config = vpsConfig.parse({
    regionId: at.regionId,
    planId: at.planId,
    imageId: at.imageId,
    months,
    billing: hourly ? 'hourly' : 'term',
    currency: currency.type as CurrencyCode,
  });
  try {
    const quote = priceConfiguration(rows, config);
    if (hourly) return quote.hourly ? convertHourlyMicroUsd(quote.hourly.rateMicroUsd, currency) : null;
    return { minor: quote.totalMinor, digits: currency.digits };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** The first image without a licence fee offered in the region that fits the plan: a plain configuration. */
function plainImage(catalog: Catalog, plan: PlanRow, regionId: string): ImageRow | undefined {
  return catalog.images.find(
    (i) => i.licenceCentsPerVcpu === 0 && i.minDiskGb <= plan.diskGb && catalog.imageRegions.has(`${i.id}/${regionId}`),
  );
}

/** The regions (in display order) a plan is sold in. */
function regionsOf(catalog: Catalog, planId: string): RegionRow[] {
  return catalog.regions.filter((r) => catalog.planRegions.some((pr) => pr.planId === planId && pr.regionId === r.id));
}

/** The configurations a change moves, one per row of the preview. */
function configurationsFor(catalog: Catalog, change: PriceChange): Configuration[] {
  const plain = (plan: PlanRow, regionId: string): Configuration[] => {
    const image = plainImage(catalog, plan, regionId);
    return image ? [{ planId: plan.id, regionId, imageId: image.id }] : [];
  };
  switch (change.target) {
    case 'plan':
    case 'planRegion': {
      // The plan in every region: a price of its own in one region shows beside the adjusted others.
      const plan = catalog.plans.find((p) => p.id === change.planId);
      return plan ? regionsOf(catalog, plan.id).flatMap((r) => plain(plan, r.id)) : [];
    }
    case 'region':
      return catalog.plans
        .filter((p) => regionsOf(catalog, p.id).some((r) => r.id === change.regionId))
        .flatMap((p) => plain(p, change.regionId));
    case 'term':
      // Every plan where it is cheapest, the "from" price the product page shows.
      return catalog.plans.flatMap((p) => {
        const sold = regionsOf(catalog, p.id);
        const monthly = (r: RegionRow) =>
          planRegionalPrice(
            p.monthlyPriceCents,
            r.priceAdjustmentPct,
            catalog.planRegions.find((pr) => pr.planId === p.id && pr.regionId === r.id)?.monthlyPriceCents,
          );
        const cheapest = sold.reduce<RegionRow | undefined>(
          (best, r) => (best === undefined || monthly(r) < monthly(best) ? r : best),
          undefined,
        );
        return cheapest ? plain(p, cheapest.id) : [];
      });
    case 'licence': {
      const image = catalog.images.find((i) => i.id === change.imageId);
      if (!image) return [];
      // Every plan the image fits, in the first region where both are offered.
      return catalog.plans.flatMap((p) => {
        if (p.diskGb < image.minDiskGb) return [];
        const region = regionsOf(catalog, p.id).find((r) => catalog.imageRegions.has(`${image.id}/${r.id}`));
        return region ? [{ planId: p.id, regionId: region.id, imageId: image.id }] : [];
      });
    }
  }
}

/**
 * What customers would pay before and after a change, in every currency, for every configuration it moves:
 * priced by the quote's own engine (priceConfiguration) on the catalog as it is and as it would be, so a number
 * here is the number the configurator's quote answers for the same configuration (tests/api/admin-prices.test.ts).
 */
export async function previewPriceChange(db: Database, change: PriceChange): Promise<PricePreview> {
  if (!(await readTarget(db, change))) throw missingTarget(change);
  const now = await loadCatalog(db);
  const then = withChange(now, change);
  const rows: PreviewRow[] = configurationsFor(now, change).map((at) => {
    let changed = false;
    const cells = Object.fromEntries(
      PREVIEW_COLUMNS.map((column) => [
        column,
        Object.fromEntries(
          now.currencies.map((currency) => {
            const before = priceOf(now, at, column, currency);
            const after = priceOf(then, at, column, currency);
            if (before?.minor !== after?.minor || before?.digits !== after?.digits) changed = true;
            return [currency.type, { before, after }];
          }),
        ),
      ]),
    ) as PreviewRow['cells'];
    return { ...at, changed, cells };
  });
  return {
    columns: [...PREVIEW_COLUMNS],
    currencies: now.currencies.map((c) => ({ code: c.type, digits: c.digits })),
    rows,
  };
}
