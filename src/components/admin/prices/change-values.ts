import {
  type PriceChangeInput,
  type PriceSnapshot,
  type PricesOverview,
  type PriceTarget,
  usdText,
} from '@/lib/admin/prices-schemas';

/** The row a dialog edits: a plan (its base prices or its price in one region), a region, a term, a licence. */
export type Subject =
  | { target: 'plan'; planId: string }
  | { target: 'region'; regionId: string }
  | { target: 'term'; months: number }
  | { target: 'licence'; imageId: string };

/**
 * What the change form holds: the row it changes and its price fields as typed (USD with a decimal point, whole
 * percentages), flat, so each is one of the shared form fields (PRICE_FIELDS).
 */
export type ChangeValues = {
  target: PriceTarget;
  planId?: string;
  regionId?: string;
  months?: number;
  imageId?: string;
  monthlyPrice?: string;
  hourlyPrice?: string;
  hourlyBilling?: boolean;
  priceAdjustmentPct?: string;
  percentOff?: string;
  licencePerVcpu?: string;
};

/** The change as the API takes it, from what the form holds (only the fields of its target). */
export function changeOf(v: ChangeValues): PriceChangeInput {
  switch (v.target) {
    case 'plan':
      return {
        target: 'plan',
        planId: v.planId ?? '',
        monthlyPrice: v.monthlyPrice ?? '',
        hourlyPrice: v.hourlyPrice ?? '',
        hourlyBilling: Boolean(v.hourlyBilling),
      };
    case 'planRegion':
      return {
        target: 'planRegion',
        planId: v.planId ?? '',
        regionId: v.regionId ?? '',
        monthlyPrice: v.monthlyPrice ?? '',
        hourlyPrice: v.hourlyPrice ?? '',
      };
    case 'region':
      return { target: 'region', regionId: v.regionId ?? '', priceAdjustmentPct: v.priceAdjustmentPct ?? '' };
    case 'term':
      return { target: 'term', months: v.months ?? 0, percentOff: v.percentOff ?? '' };
    case 'licence':
      return { target: 'licence', imageId: v.imageId ?? '', licencePerVcpu: v.licencePerVcpu ?? '' };
  }
}

const dollars = (units: number | null | undefined, digits: number) => (units == null ? '' : usdText(units, digits));

/** The form's values for a row as it is stored now (a plan in a region: its own prices, empty when it follows). */
export function valuesFor(overview: PricesOverview, subject: Subject, regionId: string): ChangeValues {
  switch (subject.target) {
    case 'plan': {
      const plan = overview.plans.find((p) => p.id === subject.planId);
      if (regionId) {
        const own = plan?.regions.find((r) => r.regionId === regionId);
        return {
          target: 'planRegion',
          planId: subject.planId,
          regionId,
          monthlyPrice: dollars(own?.monthlyPriceCents, 2),
          hourlyPrice: dollars(own?.hourlyPriceMicroUsd, 6),
        };
      }
      return {
        target: 'plan',
        planId: subject.planId,
        monthlyPrice: dollars(plan?.monthlyPriceCents, 2),
        hourlyPrice: dollars(plan?.hourlyPriceMicroUsd, 6),
        hourlyBilling: plan?.hourlyBilling ?? true,
      };
    }
    case 'region': {
      const region = overview.regions.find((r) => r.id === subject.regionId);
      return {
        target: 'region',
        regionId: subject.regionId,
        priceAdjustmentPct: String(region?.priceAdjustmentPct ?? 0),
      };
    }
    case 'term': {
      const term = overview.terms.find((x) => x.months === subject.months);
      return { target: 'term', months: subject.months, percentOff: String(term?.percentOff ?? 0) };
    }
    case 'licence': {
      const image = overview.images.find((i) => i.id === subject.imageId);
      return {
        target: 'licence',
        imageId: subject.imageId,
        licencePerVcpu: dollars(image?.licenceCentsPerVcpu ?? 0, 2),
      };
    }
  }
}

/** The version of the row the form would change, as loaded. */
export function versionOf(overview: PricesOverview, v: ChangeValues): number {
  switch (v.target) {
    case 'plan':
      return overview.plans.find((p) => p.id === v.planId)?.version ?? 0;
    case 'planRegion': {
      const plan = overview.plans.find((p) => p.id === v.planId);
      return plan?.regions.find((r) => r.regionId === v.regionId)?.version ?? 0;
    }
    case 'region':
      return overview.regions.find((r) => r.id === v.regionId)?.version ?? 0;
    case 'term':
      return overview.terms.find((x) => x.months === v.months)?.version ?? 0;
    case 'licence':
      return overview.images.find((i) => i.id === v.imageId)?.version ?? 0;
  }
}

/** A row's prices as the API's 409 gives them (`current`), as the form would show them. */
export function theirValues(current: PriceSnapshot, mine: ChangeValues): ChangeValues {
  const theirs: ChangeValues = { ...mine };
  if ('monthlyPriceCents' in current) theirs.monthlyPrice = dollars(current.monthlyPriceCents, 2);
  if ('hourlyPriceMicroUsd' in current) theirs.hourlyPrice = dollars(current.hourlyPriceMicroUsd, 6);
  if ('hourlyBilling' in current) theirs.hourlyBilling = current.hourlyBilling;
  if ('priceAdjustmentPct' in current) theirs.priceAdjustmentPct = String(current.priceAdjustmentPct);
  if ('percentOff' in current) theirs.percentOff = String(current.percentOff);
  if ('licenceCentsPerVcpu' in current) theirs.licencePerVcpu = dollars(current.licenceCentsPerVcpu, 2);
  return theirs;
}
