import type { PriceChange } from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { formatMoney } from '@/lib/money';

/** What GET /api/admin/prices answers (src/server/admin/prices/overview.ts). */
export type Localized = { en: string; zh?: string; ja?: string };
export type PlanRegionPrice = {
  regionId: string;
  monthlyPriceCents: number | null;
  hourlyPriceMicroUsd: number | null;
  version: number;
  effectiveMonthlyCents: number;
  effectiveHourlyMicroUsd: number;
};
export type PlanPrices = {
  id: string;
  lineId: string;
  name: Localized;
  active: boolean;
  monthlyPriceCents: number;
  hourlyPriceMicroUsd: number;
  hourlyBilling: boolean;
  version: number;
  regions: PlanRegionPrice[];
};
export type RegionPrices = {
  id: string;
  city: Localized;
  priceAdjustmentPct: number;
  active: boolean;
  version: number;
};
export type TermPrices = { months: number; percentOff: number; version: number };
export type ImagePrices = { id: string; name: string; licenceCentsPerVcpu: number; active: boolean; version: number };
export type CurrencyRow = { code: string; rate: string; minorDigits: number; updatedAt: string; version: number };
export type Overview = {
  plans: PlanPrices[];
  regions: RegionPrices[];
  terms: TermPrices[];
  images: ImagePrices[];
  currencies: CurrencyRow[];
};

export type Money = { minor: number; digits: number };
export type Preview = {
  columns: string[];
  currencies: { code: string; digits: number }[];
  rows: {
    planId: string;
    regionId: string;
    imageId: string;
    changed: boolean;
    cells: Record<string, Record<string, { before: Money | null; after: Money | null }>>;
  }[];
};

export type Scheduled = {
  id: number;
  target: PriceChange['target'];
  targetKey: string;
  change: PriceChange;
  startsAt: string;
  status: 'pending' | 'applied' | 'cancelled' | 'failed';
  createdBy: { id: number; name: string | null } | null;
  createdAt: string;
  appliedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: { id: number; name: string | null } | null;
  failure: string | null;
  version: number;
};

export const localized = (text: Localized, locale: AdminLocale) => text[locale] || text.en;

/** An amount as the server computed it, written in its currency (formatting only: no conversion here). */
export function money(amount: Money | null, code: string, locale: AdminLocale): string {
  if (!amount) return '—';
  return formatMoney(amount.minor, { type: code, rate: 1, digits: amount.digits }, locale);
}

/** A stored USD amount (cents, or micro-USD with 6 digits) written as dollars. */
export const usd = (units: number, digits: number, locale: AdminLocale) =>
  formatMoney(units, { type: 'USD', rate: 1, digits }, locale);
