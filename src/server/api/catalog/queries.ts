import 'server-only';
import { type AnyColumn, and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '@/lib/api/answers';
import { planRegionalPrice } from '@/lib/catalog/pricing-rules';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import {
  bandwidthTiers,
  diskProducts,
  imageRegions,
  images,
  planRegions,
  plans,
  productLines,
  quickSets,
  regions,
  securityGroupRules,
  securityGroups,
  snapshotPolicies,
  termDiscounts,
  trafficPackages,
} from '../../db/schema';
import { localize } from '../../localize';

// The read side of the VPS catalogue (docs/product/api.md#orders GET calls), shared by the API, the pages and the order code.
// Every list is one query. Prices leave here in USD: integer cents, micro-USD for hourly prices, a plan's with
// its region's adjustment applied by the same function the price code uses; converting and formatting them is
// the price code's job (docs/decisions/036-pricing-model.md), so a page and an order read the same number.
// Each answer is a schema (what /api/openapi.json says and the tests check every answer against) and the type the
// pages and the order code read, derived from it.

export const regionAnswer = z.object({
  id: z.string(),
  countryCode: z.string(),
  country: z.string(),
  city: z.string(),
  networkNote: z.string(),
  testIp: z.string(),
  /** docs/decisions/036-pricing-model.md */
  priceAdjustmentPct: int().describe('percent added to compute and network prices in this region'),
});
export type Region = z.infer<typeof regionAnswer>;

export const imageAnswer = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  arch: z.string(),
  minDiskGb: int(),
});
export type Image = z.infer<typeof imageAnswer>;
export const imageFamilyAnswer = z.object({ family: z.string(), images: z.array(imageAnswer) });
export type ImageFamily = z.infer<typeof imageFamilyAnswer>;

export const planAnswer = z.object({
  id: z.string(),
  name: z.string(),
  cpu: int(),
  cpuModel: z.string(),
  memoryMb: int(),
  diskGb: int(),
  diskType: z.string(),
  bandwidthMbps: int(),
  maxBandwidthMbps: int(),
  trafficGb: int().describe('0 means unmetered'),
  /**
   * The monthly and hourly price in the region asked for, its adjustment applied; without a region, the lowest of
   * the regions it is sold in (a "from" price). docs/decisions/036-pricing-model.md.
   */
  monthlyPriceCents: int().describe("USD cents in the region asked for; without one, the lowest (a 'from' price)"),
  hourlyPriceMicroUsd: int(),
  listPriceCents: int().describe("the monthly price before any region's adjustment"),
  /**
   * The monthly price in each active region it is sold in, a plan's own price there or its adjusted one: what the
   * configurator labels the plan with for the region chosen (docs/decisions/042-scheduled-prices.md).
   */
  monthlyByRegion: z.record(z.string(), int()).describe('the monthly price in each active region it is sold in'),
  /** Whether the plan can be billed by the hour (dedicated servers cannot). */
  hourlyBilling: z.boolean(),
  /** Ids of the active regions the plan is sold in, in region order. */
  regions: z.array(z.string()),
});
export type Plan = z.infer<typeof planAnswer>;
export const productLineAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  dedicated: z.boolean(),
  plans: z.array(planAnswer),
});
export type ProductLine = z.infer<typeof productLineAnswer>;

/** The plan facts a promotion shows beside its own price (sales, group-buy offers), for one region and term. */
export const promotedPlanAnswer = planAnswer
  .pick({ cpu: true, memoryMb: true, diskGb: true, bandwidthMbps: true })
  .extend({
    planId: z.string(),
    planName: z.string(),
    regionId: z.string(),
    regionName: z.string(),
    months: int(),
  });
export type PromotedPlan = z.infer<typeof promotedPlanAnswer>;
/** A plan as stored (name in every language), with the active regions it is sold in. */
export type PlanRecord = typeof plans.$inferSelect & { regions: string[] };

export const securityGroupRuleAnswer = z.object({
  direction: z.enum(['ingress', 'egress']),
  protocol: z.enum(['tcp', 'udp', 'icmp', 'all']),
  ports: z.string(),
  cidr: z.string(),
  action: z.enum(['accept', 'drop']),
  note: z.string(),
});
export type SecurityGroupRule = z.infer<typeof securityGroupRuleAnswer>;
export const securityGroupAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rules: z.array(securityGroupRuleAnswer),
});
export type SecurityGroup = z.infer<typeof securityGroupAnswer>;

export const diskProductAnswer = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  minGb: int(),
  maxGb: int(),
  stepGb: int(),
  pricePerGbCents: int(),
  maxIops: int(),
});
export type DiskProduct = z.infer<typeof diskProductAnswer>;
export const bandwidthTierAnswer = z.object({ id: z.string(), mbps: int(), monthlyPriceCents: int() });
export type BandwidthTier = z.infer<typeof bandwidthTierAnswer>;
export const trafficPackageAnswer = z.object({ id: z.string(), gb: int(), monthlyPriceCents: int() });
export type TrafficPackage = z.infer<typeof trafficPackageAnswer>;
export const quickSetAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  planId: z.string(),
  imageId: z.string(),
  dataDiskId: z.string().nullable(),
  dataDiskGb: int(),
  bandwidthTierId: z.string().nullable(),
});
export type QuickSet = z.infer<typeof quickSetAnswer>;
export const snapshotPolicyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  schedule: z.string().describe('cron expression in UTC'),
  retainCount: int(),
  monthlyPriceCents: int(),
});
export type SnapshotPolicy = z.infer<typeof snapshotPolicyAnswer>;

/** Plans sold in a region: a condition on the outer query's plan id. */
const planSoldIn = (planId: AnyColumn, regionId: string) =>
  inArray(planId, sql`(select ${planRegions.planId} from ${planRegions} where ${planRegions.regionId} = ${regionId})`);

/** Images offered in a region: a condition on the outer query's image id. */
const imageOfferedIn = (imageId: AnyColumn, regionId: string) =>
  inArray(
    imageId,
    sql`(select ${imageRegions.imageId} from ${imageRegions} where ${imageRegions.regionId} = ${regionId})`,
  );

// ---------------------------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------------------------

/** Active regions in display order, in the visitor's language. */
export async function listRegions(db: Database, locale: Locale): Promise<Region[]> {
  const rows = await db
    .select()
    .from(regions)
    .where(eq(regions.active, true))
    .orderBy(asc(regions.sort), asc(regions.id));
  return rows.map((r) => ({
    id: r.id,
    countryCode: r.countryCode,
    country: localize(r.country, locale, `region ${r.id}`),
    city: localize(r.city, locale, `region ${r.id}`),
    networkNote: localize(r.networkNote, locale, `region ${r.id}`),
    testIp: r.testIp,
    priceAdjustmentPct: r.priceAdjustmentPct,
  }));
}

export type TermDiscount = { months: number; percentOff: number };

/** The term discounts by billing period (docs/decisions/036-pricing-model.md), shortest first. */
export async function listTermDiscounts(db: Database): Promise<TermDiscount[]> {
  return db
    .select({ months: termDiscounts.months, percentOff: termDiscounts.percentOff })
    .from(termDiscounts)
    .orderBy(asc(termDiscounts.months));
}

export type Licence = { imageId: string; name: string; centsPerVcpu: number };

/** The OS images that carry a licence fee (Windows Server), per vCPU and month. */
export async function listLicences(db: Database): Promise<Licence[]> {
  return db
    .select({ imageId: images.id, name: images.name, centsPerVcpu: images.licenceCentsPerVcpu })
    .from(images)
    .where(and(eq(images.active, true), gt(images.licenceCentsPerVcpu, 0)))
    .orderBy(asc(images.sort), asc(images.id));
}

/** True when `id` names a region that is open for sale. */
export async function isActiveRegion(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, id), eq(regions.active, true)))
    .limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

/** Active OS images grouped by family (families in the order of their first image); with a region, only those offered there. */
export async function listImageFamilies(db: Database, regionId?: string | undefined): Promise<ImageFamily[]> {
  const rows = await db
    .select({
      id: images.id,
      family: images.family,
      name: images.name,
      version: images.release,
      arch: images.arch,
      minDiskGb: images.minDiskGb,
    })
    .from(images)
    .where(and(eq(images.active, true), regionId === undefined ? undefined : imageOfferedIn(images.id, regionId)))
    .orderBy(asc(images.sort), asc(images.id));

  const families = new Map<string, Image[]>();
  for (const { family, ...image } of rows) {
    const list = families.get(family);
    if (list) list.push(image);
    else families.set(family, [image]);
  }
  return [...families].map(([family, list]) => ({ family, images: list }));
}

/** For the configurator: the ids of the active images offered in each region, in one query. */
export async function listImageIdsByRegion(db: Database): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ regionId: imageRegions.regionId, imageId: images.id })
    .from(imageRegions)
    .innerJoin(images, eq(images.id, imageRegions.imageId))
    .where(eq(images.active, true))
    .orderBy(asc(images.sort), asc(images.id));
  const byRegion: Record<string, string[]> = {};
  for (const { regionId, imageId } of rows) {
    const list = byRegion[regionId];
    if (list) list.push(imageId);
    else byRegion[regionId] = [imageId];
  }
  return byRegion;
}

// ---------------------------------------------------------------------------------------------
// Product lines and plans
// ---------------------------------------------------------------------------------------------

/** The active regions a plan (of the outer query) is sold in, as one array column. */
const soldInRegions = sql<string[]>`array(
  select ${planRegions.regionId} from ${planRegions}
  inner join ${regions} on ${regions.id} = ${planRegions.regionId}
  where ${planRegions.planId} = ${plans.id} and ${regions.active}
  order by ${regions.sort}, ${regions.id})`;

/**
 * The active regions a plan (of the outer query) is sold in with what prices it there: the region's adjustment
 * and the plan's own prices in it (null when it follows the adjustment), in region order.
 */
const regionPricesOfPlan = sql<
  { regionId: string; pct: number; ownMonthly: number | null; ownHourly: number | null }[]
>`
  coalesce((select json_agg(json_build_object(
      'regionId', ${regions.id}, 'pct', ${regions.priceAdjustmentPct},
      'ownMonthly', ${planRegions.monthlyPriceCents}, 'ownHourly', ${planRegions.hourlyPriceMicroUsd})
      order by ${regions.sort}, ${regions.id})
    from ${planRegions}
    inner join ${regions} on ${regions.id} = ${planRegions.regionId}
    where ${planRegions.planId} = ${plans.id} and ${regions.active}), '[]'::json)`;

/**
 * Product lines with their active plans, in display order and the visitor's language. With a region, only plans
 * sold there; with a line, only that line. A line left without plans is dropped.
 */
export async function listProductLines(
  db: Database,
  locale: Locale,
  filter: { regionId?: string | undefined; lineId?: string | undefined } = {},
): Promise<ProductLine[]> {
  const rows = await db
    .select({
      lineId: productLines.id,
      lineName: productLines.name,
      lineDescription: productLines.description,
      dedicated: productLines.dedicated,
      id: plans.id,
      name: plans.name,
      cpu: plans.cpu,
      cpuModel: plans.cpuModel,
      memoryMb: plans.memoryMb,
      diskGb: plans.diskGb,
      diskType: plans.diskType,
      bandwidthMbps: plans.bandwidthMbps,
      maxBandwidthMbps: plans.maxBandwidthMbps,
      trafficGb: plans.trafficGb,
      monthlyPriceCents: plans.monthlyPriceCents,
      hourlyPriceMicroUsd: plans.hourlyPriceMicroUsd,
      hourlyBilling: plans.hourlyBilling,
      regions: soldInRegions,
      regionPrices: regionPricesOfPlan,
    })
    .from(plans)
    .innerJoin(productLines, eq(productLines.id, plans.lineId))
    .where(
      and(
        eq(plans.active, true),
        filter.lineId === undefined ? undefined : eq(plans.lineId, filter.lineId),
        filter.regionId === undefined ? undefined : planSoldIn(plans.id, filter.regionId),
      ),
    )
    .orderBy(asc(productLines.sort), asc(productLines.id), asc(plans.sort), asc(plans.id));

  // An inner join from plans already leaves out lines without plans; rows arrive grouped by line.
  const lines: ProductLine[] = [];
  for (const { lineId, lineName, lineDescription, dedicated, name, regionPrices, ...plan } of rows) {
    let line = lines.at(-1);
    if (line?.id !== lineId) {
      line = {
        id: lineId,
        name: localize(lineName, locale, `product line ${lineId}`),
        description: localize(lineDescription, locale, `product line ${lineId}`),
        dedicated,
        plans: [],
      };
      lines.push(line);
    }
    // Each region's price by the rule the quote charges; the one shown is the region's asked for, else the
    // lowest (a "from" price), its hourly price from the same region.
    const priced = regionPrices.map((r) => ({
      regionId: r.regionId,
      monthly: planRegionalPrice(plan.monthlyPriceCents, r.pct, r.ownMonthly),
      hourly: planRegionalPrice(plan.hourlyPriceMicroUsd, r.pct, r.ownHourly),
    }));
    const shown =
      filter.regionId === undefined
        ? priced.reduce<(typeof priced)[number] | undefined>(
            (best, r) => (best === undefined || r.monthly < best.monthly ? r : best),
            undefined,
          )
        : priced.find((r) => r.regionId === filter.regionId);
    line.plans.push({
      ...plan,
      listPriceCents: plan.monthlyPriceCents,
      monthlyByRegion: Object.fromEntries(priced.map((r) => [r.regionId, r.monthly])),
      monthlyPriceCents: shown?.monthly ?? plan.monthlyPriceCents,
      hourlyPriceMicroUsd: shown?.hourly ?? plan.hourlyPriceMicroUsd,
      name: localize(name, locale, `plan ${plan.id}`),
    });
  }
  return lines;
}

/** True when `id` names a product line. */
export async function productLineExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: productLines.id }).from(productLines).where(eq(productLines.id, id)).limit(1);
  return rows.length > 0;
}

/** An active plan as stored, with the regions it is sold in; undefined when there is no such plan on sale. */
export async function getPlan(db: Database, id: string): Promise<PlanRecord | undefined> {
  const [row] = await db
    .select({ plan: plans, regions: soldInRegions })
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.active, true)))
    .limit(1);
  return row ? { ...row.plan, regions: row.regions } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Add-ons: disks, bandwidth, traffic, snapshot policies
// ---------------------------------------------------------------------------------------------

/** Block-storage volume types in display order. */
export async function listDiskProducts(db: Database, locale: Locale): Promise<DiskProduct[]> {
  const rows = await db
    .select()
    .from(diskProducts)
    .where(eq(diskProducts.active, true))
    .orderBy(asc(diskProducts.sort), asc(diskProducts.id));
  return rows.map((r) => ({
    id: r.id,
    name: localize(r.name, locale, `disk product ${r.id}`),
    mediaType: r.mediaType,
    minGb: r.minGb,
    maxGb: r.maxGb,
    stepGb: r.stepGb,
    pricePerGbCents: r.pricePerGbCents,
    maxIops: r.maxIops,
  }));
}

/** Bandwidth tiers in display order; with `maxMbps` (a plan's port limit), only tiers up to it. */
export async function listBandwidthTiers(db: Database, maxMbps?: number | undefined): Promise<BandwidthTier[]> {
  return db
    .select({ id: bandwidthTiers.id, mbps: bandwidthTiers.mbps, monthlyPriceCents: bandwidthTiers.monthlyPriceCents })
    .from(bandwidthTiers)
    .where(and(eq(bandwidthTiers.active, true), maxMbps === undefined ? undefined : lte(bandwidthTiers.mbps, maxMbps)))
    .orderBy(asc(bandwidthTiers.sort), asc(bandwidthTiers.mbps));
}

/** Extra monthly traffic packages in display order. */
export async function listTrafficPackages(db: Database): Promise<TrafficPackage[]> {
  return db
    .select({ id: trafficPackages.id, gb: trafficPackages.gb, monthlyPriceCents: trafficPackages.monthlyPriceCents })
    .from(trafficPackages)
    .where(eq(trafficPackages.active, true))
    .orderBy(asc(trafficPackages.sort), asc(trafficPackages.gb));
}

/** Public snapshot policies in display order. */
export async function listSnapshotPolicies(db: Database, locale: Locale): Promise<SnapshotPolicy[]> {
  const rows = await db
    .select()
    .from(snapshotPolicies)
    .where(eq(snapshotPolicies.active, true))
    .orderBy(asc(snapshotPolicies.sort), asc(snapshotPolicies.id));
  return rows.map((r) => ({
    id: r.id,
    name: localize(r.name, locale, `snapshot policy ${r.id}`),
    description: localize(r.description, locale, `snapshot policy ${r.id}`),
    schedule: r.schedule,
    retainCount: r.retainCount,
    monthlyPriceCents: r.monthlyPriceCents,
  }));
}

// ---------------------------------------------------------------------------------------------
// Security-group templates and quick sets
// ---------------------------------------------------------------------------------------------

/** Official security-group templates with their rules, both in display order. */
export async function listSecurityGroups(db: Database, locale: Locale): Promise<SecurityGroup[]> {
  const rows = await db
    .select({
      id: securityGroups.id,
      name: securityGroups.name,
      description: securityGroups.description,
      rule: {
        direction: securityGroupRules.direction,
        protocol: securityGroupRules.protocol,
        ports: securityGroupRules.ports,
        cidr: securityGroupRules.cidr,
        action: securityGroupRules.action,
        note: securityGroupRules.note,
      },
    })
    .from(securityGroups)
    .leftJoin(securityGroupRules, eq(securityGroupRules.groupId, securityGroups.id))
    .where(eq(securityGroups.active, true))
    .orderBy(
      asc(securityGroups.sort),
      asc(securityGroups.id),
      asc(securityGroupRules.sort),
      asc(securityGroupRules.id),
    );

  const groups: SecurityGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.id !== row.id) {
      group = {
        id: row.id,
        name: localize(row.name, locale, `security group ${row.id}`),
        description: localize(row.description, locale, `security group ${row.id}`),
        rules: [],
      };
      groups.push(group);
    }
    // A template without rules comes back as one row whose rule columns are all null.
    if (row.rule) group.rules.push({ ...row.rule, note: localize(row.rule.note, locale, `security group ${row.id}`) });
  }
  return groups;
}

/**
 * Quick-set configurations whose plan and image are on sale, in display order; with a region, only those whose
 * plan AND image are both offered there.
 */
export async function listQuickSets(db: Database, locale: Locale, regionId?: string | undefined): Promise<QuickSet[]> {
  const rows = await db
    .select({
      id: quickSets.id,
      name: quickSets.name,
      description: quickSets.description,
      planId: quickSets.planId,
      imageId: quickSets.imageId,
      dataDiskId: quickSets.dataDiskId,
      dataDiskGb: quickSets.dataDiskGb,
      bandwidthTierId: quickSets.bandwidthTierId,
    })
    .from(quickSets)
    .innerJoin(plans, and(eq(plans.id, quickSets.planId), eq(plans.active, true)))
    .innerJoin(images, and(eq(images.id, quickSets.imageId), eq(images.active, true)))
    // A quick set whose disk or bandwidth tier was withdrawn would fill the configurator with a choice it no
    // longer offers: it goes with them.
    .leftJoin(diskProducts, eq(diskProducts.id, quickSets.dataDiskId))
    .leftJoin(bandwidthTiers, eq(bandwidthTiers.id, quickSets.bandwidthTierId))
    .where(
      and(
        eq(quickSets.active, true),
        or(isNull(quickSets.dataDiskId), eq(diskProducts.active, true)),
        or(isNull(quickSets.bandwidthTierId), eq(bandwidthTiers.active, true)),
        regionId === undefined
          ? undefined
          : and(planSoldIn(quickSets.planId, regionId), imageOfferedIn(quickSets.imageId, regionId)),
      ),
    )
    .orderBy(asc(quickSets.sort), asc(quickSets.id));
  return rows.map((r) => ({
    ...r,
    name: localize(r.name, locale, `quick set ${r.id}`),
    description: localize(r.description, locale, `quick set ${r.id}`),
  }));
}
