import type {
  BandwidthTier,
  DiskProduct,
  ImageFamily,
  Plan,
  TermDiscount,
  TrafficPackage,
} from '@/server/api/catalog/queries';
import { type BillingMode, MAX_QUANTITY } from './vps-limits';

/** What the VPS purchase page renders the configurator from (docs/decisions/009-pricing-and-orders.md). */
export type CatalogForConfigurator = {
  regions: { id: string; label: string; adjustmentPct: number }[];
  /** Percent off by billing period (docs/decisions/036-pricing-model.md). */
  terms: TermDiscount[];
  families: ImageFamily[];
  imagesByRegion: Record<string, string[]>;
  plans: (Plan & { lineId: string; lineName: string })[];
  disks: DiskProduct[];
  bands: BandwidthTier[];
  traffic: TrafficPackage[];
  groups: { id: string; name: string }[];
  snapshots: { id: string; name: string }[];
  quickSets: {
    id: string;
    name: string;
    planId: string;
    imageId: string;
    dataDiskId: string | null;
    dataDiskGb: number;
    bandwidthTierId: string | null;
  }[];
};

/** A price as the quote call answers it (POST /api/product/cvm/quote), in the configuration's currency. */
export type ConfiguratorQuote = {
  billing?: BillingMode;
  /** For hourly billing: the rate (micro-USD an hour) and the month's cap, which the order pays as credit. */
  hourly?: { rateMicroUsd: number; capMinor: number } | null;
  termPercentOff?: number;
  lines: { key: string; itemId: string; amountMinor: number }[];
  subtotalMinor: number;
  discountMinor: number;
  /** The total excluding tax. */
  totalMinor: number;
  /** The country the tax is for; null before one is chosen (docs/decisions/066-tax.md). */
  billingCountry?: string | null;
  taxLines?: { name: string; ratePercent: string; baseMinor: number; taxMinor: number; reverseCharge: boolean }[];
  taxMinor?: number;
  totalInclTaxMinor?: number;
};

/** The configuration lives in the URL query under these names, so it can be shared (docs/product/api.md#catalog). */
export const CONFIGURATOR_KEYS = [
  'regionId',
  'imageId',
  'planId',
  'quickSetId',
  'diskId',
  'diskGb',
  'bandwidthTierId',
  'trafficPackageId',
  'securityGroupId',
  'snapshotPolicyId',
  'quantity',
  'months',
  'billing',
  'coupon',
  'saleItemId',
] as const;
export type ConfiguratorKey = (typeof CONFIGURATOR_KEYS)[number];

/**
 * The configuration the query asks for, completed with defaults the catalog allows (first region, first plan
 * sold there, first image that fits, a quick set's choices unless overridden). Shared by the configurator and
 * the purchase page, which quotes the default configuration on the server so the first HTML already carries the
 * price (docs/product/targets.md#performance: no late content, no layout shift).
 */
export function deriveConfiguration(
  catalog: CatalogForConfigurator,
  value: (key: ConfiguratorKey) => string,
  currency: string,
  signedIn: boolean,
  /** Who is billed: the country and tax id the quote prices the tax for (docs/decisions/066-tax.md). */
  billedTo: { country?: string; taxId?: string } = {},
) {
  // A quick set (docs/product/api.md#catalog fastSet) fills plan, image, data disk and bandwidth; explicit choices still win.
  const quickSet = catalog.quickSets.find((q) => q.id === value('quickSetId'));
  const pick = (key: ConfiguratorKey, fromQuickSet: string | null | undefined) => value(key) || fromQuickSet || '';
  const wantedRegion = value('regionId');
  const regionId =
    wantedRegion ||
    catalog.regions.find(
      (r) => !quickSet || catalog.plans.find((p) => p.id === quickSet.planId)?.regions.includes(r.id),
    )?.id ||
    catalog.regions[0]?.id ||
    '';
  const regionPlans = catalog.plans.filter((p) => p.regions.includes(regionId));
  const wantedPlan = pick('planId', quickSet?.planId);
  const planId = regionPlans.some((p) => p.id === wantedPlan) ? wantedPlan : (regionPlans[0]?.id ?? '');
  const plan = catalog.plans.find((p) => p.id === planId);
  const regionImages = new Set(catalog.imagesByRegion[regionId] ?? []);
  const families = catalog.families
    .map((f) => ({
      ...f,
      images: f.images.filter((i) => regionImages.has(i.id) && (plan ? i.minDiskGb <= plan.diskGb : true)),
    }))
    .filter((f) => f.images.length > 0);
  const images = families.flatMap((f) => f.images);
  const wantedImage = pick('imageId', quickSet?.imageId);
  const imageId = images.some((i) => i.id === wantedImage) ? wantedImage : (images[0]?.id ?? '');
  // An image asked for that the plan's system disk is too small for: it is replaced, and the form says why and
  // which of the region's plans have room for it, instead of switching it silently.
  const tooBig =
    plan && wantedImage && wantedImage !== imageId
      ? catalog.families
          .flatMap((f) => f.images)
          .find((i) => i.id === wantedImage && regionImages.has(i.id) && i.minDiskGb > plan.diskGb)
      : undefined;
  const imageNeedsDisk = tooBig
    ? {
        name: tooBig.name,
        minDiskGb: tooBig.minDiskGb,
        planDiskGb: plan?.diskGb ?? 0,
        plans: regionPlans.filter((p) => p.diskGb >= tooBig.minDiskGb).map((p) => p.name),
      }
    : null;
  const bands = catalog.bands.filter((b) => !plan || b.mbps <= plan.maxBandwidthMbps);
  const disk = catalog.disks.find((d) => d.id === pick('diskId', quickSet?.dataDiskId));
  const diskGb = value('diskGb') || (quickSet && disk?.id === quickSet.dataDiskId ? String(quickSet.dataDiskGb) : '');
  const bandwidthTierId = pick('bandwidthTierId', quickSet?.bandwidthTierId);
  // Hourly billing where the plan allows it; it is paid one month at a time.
  const billing: BillingMode = value('billing') === 'hourly' && plan?.hourlyBilling ? 'hourly' : 'term';
  const months = billing === 'hourly' ? 1 : Number(value('months')) || 1;
  const region = catalog.regions.find((r) => r.id === regionId);
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, Number(value('quantity')) || 1));

  const config = {
    regionId,
    imageId,
    planId,
    dataDisks: disk ? [{ diskId: disk.id, sizeGb: Number(diskGb) || disk.minGb }] : [],
    bandwidthTierId: bandwidthTierId || undefined,
    trafficPackageId: value('trafficPackageId') || undefined,
    securityGroupId: value('securityGroupId') || undefined,
    snapshotPolicyId: value('snapshotPolicyId') || undefined,
    quantity,
    months,
    billing,
    currency,
    userCouponId: signedIn && value('coupon') ? Number(value('coupon')) : undefined,
    saleItemId: value('saleItemId') ? Number(value('saleItemId')) : undefined,
    billingCountry: billedTo.country || undefined,
    billingTaxId: billedTo.taxId || undefined,
  };

  return {
    quickSet,
    regionId,
    regionPlans,
    planId,
    plan,
    families,
    images,
    imageId,
    imageNeedsDisk,
    bands,
    disk,
    diskGb,
    bandwidthTierId,
    months,
    billing,
    region,
    quantity,
    config,
  };
}
