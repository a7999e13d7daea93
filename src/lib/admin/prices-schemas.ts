import '../validation/zod-config';
import { z } from 'zod';
import { BILLING_MONTHS } from '../catalog/vps-limits';
import { wholeNumber } from '../validation/numbers';
import { type Field, localizedRow } from './resource';
import { version } from './schemas';

/**
 * The prices screen's inputs and answers (docs/product/back-office-prices.md), shared by its forms and the
 * `/api/admin/prices` routes, which check every answer against these schemas in the tests. Amounts are typed as operators think of them, USD with a decimal point ("5.00", hourly "0.006849"),
 * and leave the schema as the integers the tables hold (cents, micro-USD), converted digit by digit, never through
 * a float.
 */

/** What no price may go beyond: a typo of a few zeros is refused at the field, not charged. */
export const PRICE_LIMITS = {
  /** A plan's month, USD cents: $20,000. */
  monthlyCentsMax: 2_000_000,
  /** A plan's hour, micro-USD: $40. */
  hourlyMicroUsdMax: 40_000_000,
  /** A licence per vCPU and month, USD cents: $100. */
  licenceCentsMax: 10_000,
  /** A region's adjustment, percent. */
  adjustmentPctMin: -50,
  adjustmentPctMax: 200,
  /** A term discount, percent. */
  discountPctMax: 90,
  /** A currency rate (units per USD) changing by more than this needs `confirm`. */
  rateDriftPct: 50,
  rateMax: 1_000_000,
  /** How far ahead a change may be scheduled, days. */
  scheduleMaxDays: 366,
} as const;

export const PRICE_TARGETS = ['plan', 'planRegion', 'region', 'term', 'licence'] as const;
export type PriceTarget = (typeof PRICE_TARGETS)[number];

type UsdBounds = { decimals: number; min: number; max: number };

/** Reads a decimal amount of USD as typed into integer units of 10^-decimals USD, or reports the field's problem. */
function readUsd(value: string | number, bounds: UsdBounds, ctx: z.RefinementCtx): number {
  const { decimals, min, max } = bounds;
  const text = String(value).trim();
  const problem = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (text === '') return problem('api.field.required');
  if (/^-/.test(text)) return problem('api.admin.pricesNegative');
  const match = new RegExp(`^(\\d{1,9})(?:\\.(\\d{0,${decimals}}))?$`).exec(text);
  if (!match) return problem('api.admin.pricesAmountInvalid');
  const units = Number(match[1]) * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0') || '0');
  if (units < min) return problem(min > 0 ? 'api.admin.pricesMustBePositive' : 'api.admin.pricesNegative');
  if (units > max) return problem('api.admin.pricesTooHigh');
  return units;
}

/** A decimal amount of USD as typed, to integer units of 10^-decimals USD (cents for 2, micro-USD for 6). */
export function usdAmount(bounds: UsdBounds) {
  return z
    .union([z.string(), z.number()], { error: 'api.field.required' })
    .transform((value, ctx) => readUsd(value, bounds, ctx));
}

/** The same, where empty (or null) means "none": a plan's own price in a region that follows the adjustment. */
export function optionalUsdAmount(bounds: UsdBounds) {
  return z
    .union([z.string(), z.number(), z.null()], { error: 'api.field.invalid' })
    .transform((value, ctx) => (value === null || String(value).trim() === '' ? null : readUsd(value, bounds, ctx)));
}

/** The same amount written back for a form field: integer units to "5.00" or "0.006849". */
export function usdText(units: number, decimals: number): string {
  const scale = 10 ** decimals;
  return `${Math.floor(units / scale)}.${String(units % scale).padStart(decimals, '0')}`;
}

const id = z
  .string({ error: 'api.field.required' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{0,63}$/, { error: 'api.field.invalid' });

const MONTHLY = { decimals: 2, min: 1, max: PRICE_LIMITS.monthlyCentsMax };
const HOURLY = { decimals: 6, min: 1, max: PRICE_LIMITS.hourlyMicroUsdMax };

/** A whole percent between bounds, one key for both sides ("between 0 and 90"). */
function percent(min: number, max: number, key: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,6}$/, { error: key }),
      ],
      { error: 'api.field.required' },
    )
    .pipe(z.coerce.number<string | number>().int({ error: key }).min(min, { error: key }).max(max, { error: key }));
}

/**
 * One price change, the same whether it is made now or scheduled: a plan's base prices and hourly billing, one
 * plan's own price in one region (null: follow the region's adjustment), a region's adjustment, a term's
 * discount, an image's licence fee.
 */
export const priceChange = z.discriminatedUnion(
  'target',
  [
    z.object({
      target: z.literal('plan'),
      planId: id,
      monthlyPrice: usdAmount(MONTHLY),
      hourlyPrice: usdAmount(HOURLY),
      hourlyBilling: z.boolean({ error: 'api.field.invalid' }),
    }),
    z.object({
      target: z.literal('planRegion'),
      planId: id,
      regionId: id,
      /** Empty or null: the plan's price with the region's adjustment. */
      monthlyPrice: optionalUsdAmount(MONTHLY),
      hourlyPrice: optionalUsdAmount(HOURLY),
    }),
    z.object({
      target: z.literal('region'),
      regionId: id,
      priceAdjustmentPct: percent(
        PRICE_LIMITS.adjustmentPctMin,
        PRICE_LIMITS.adjustmentPctMax,
        'api.admin.pricesAdjustmentRange',
      ),
    }),
    z.object({
      target: z.literal('term'),
      months: wholeNumber({ min: 1, max: 36 }),
      percentOff: percent(0, PRICE_LIMITS.discountPctMax, 'api.admin.pricesDiscountRange'),
    }),
    z.object({
      target: z.literal('licence'),
      imageId: id,
      licencePerVcpu: usdAmount({ decimals: 2, min: 0, max: PRICE_LIMITS.licenceCentsMax }),
    }),
  ],
  { error: 'api.field.invalid' },
);
export type PriceChangeInput = z.input<typeof priceChange>;
export type PriceChange = z.output<typeof priceChange>;

/** A change made now, over the version of the row it was loaded at. */
export const priceUpdate = z.object({ change: priceChange, version });

/** A change from a given time: a moment still to come, at most a year ahead. */
export const priceSchedule = z
  .object({
    change: priceChange,
    startsAt: z.iso.datetime({ offset: true, error: 'api.field.invalid' }),
  })
  .superRefine((value, ctx) => {
    const at = Date.parse(value.startsAt);
    if (at <= Date.now()) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'api.admin.pricesStartInPast' });
    else if (at > Date.now() + PRICE_LIMITS.scheduleMaxDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'api.admin.pricesStartTooFar' });
  });

/** A preview of a change before it is made: the same change body. */
export const pricePreview = z.object({ change: priceChange });

/** One price change as it is stored and answered (a scheduled change's `change`): amounts in cents, micro-USD. */
const units = z.number().int();
export const storedPriceChange = z.discriminatedUnion('target', [
  z.strictObject({
    target: z.literal('plan'),
    planId: z.string(),
    monthlyPrice: units,
    hourlyPrice: units,
    hourlyBilling: z.boolean(),
  }),
  z.strictObject({
    target: z.literal('planRegion'),
    planId: z.string(),
    regionId: z.string(),
    monthlyPrice: units.nullable(),
    hourlyPrice: units.nullable(),
  }),
  z.strictObject({ target: z.literal('region'), regionId: z.string(), priceAdjustmentPct: units }),
  z.strictObject({ target: z.literal('term'), months: units, percentOff: units }),
  z.strictObject({ target: z.literal('licence'), imageId: z.string(), licencePerVcpu: units }),
]);

/**
 * The row a change touches as stored, with its version: what a change made now answers, what its 409 gives as
 * `current`, and what the audit log keeps before and after.
 */
export const priceSnapshot = z.union([
  z.strictObject({
    planId: z.string(),
    regionId: z.string(),
    monthlyPriceCents: units.nullable(),
    hourlyPriceMicroUsd: units.nullable(),
    version: units,
  }),
  z.strictObject({
    planId: z.string(),
    monthlyPriceCents: units,
    hourlyPriceMicroUsd: units,
    hourlyBilling: z.boolean(),
    version: units,
  }),
  z.strictObject({ regionId: z.string(), priceAdjustmentPct: units, version: units }),
  z.strictObject({ months: units, percentOff: units, version: units }),
  z.strictObject({ imageId: z.string(), licenceCentsPerVcpu: units, version: units }),
]);
export type PriceSnapshot = z.infer<typeof priceSnapshot>;

/** A colleague named on a row: null when they have been removed since (or for the seed), their name null when never set. */
export const staffRef = z.object({ id: units, name: z.string().nullable() }).nullable();

/** A currency and its rate (units per USD, written as people write it: "7.78"), since when, at which version. */
export const currencyRow = z.object({
  code: z.string(),
  rate: z.string(),
  minorDigits: units,
  updatedAt: z.string(),
  version: units,
});
export type CurrencyRow = z.infer<typeof currencyRow>;

/**
 * Every price of the model as stored, for the prices screen: plans with their own prices per region and what a
 * customer pays there (computed by the server, so the screen does no arithmetic), region adjustments, term
 * discounts, licence fees and the currencies, each with its version.
 */
export const pricesOverviewAnswer = z.object({
  plans: z.array(
    z.object({
      id: z.string(),
      lineId: z.string(),
      name: localizedRow,
      active: z.boolean(),
      monthlyPriceCents: units,
      hourlyPriceMicroUsd: units,
      hourlyBilling: z.boolean(),
      version: units,
      regions: z.array(
        z.object({
          regionId: z.string(),
          monthlyPriceCents: units.nullable(),
          hourlyPriceMicroUsd: units.nullable(),
          version: units,
          /** What a customer pays there now, USD: its own price or the adjusted one. */
          effectiveMonthlyCents: units,
          effectiveHourlyMicroUsd: units,
        }),
      ),
    }),
  ),
  regions: z.array(
    z.object({ id: z.string(), city: localizedRow, priceAdjustmentPct: units, active: z.boolean(), version: units }),
  ),
  terms: z.array(z.object({ months: units, percentOff: units, version: units })),
  images: z.array(
    z.object({ id: z.string(), name: z.string(), licenceCentsPerVcpu: units, active: z.boolean(), version: units }),
  ),
  currencies: z.array(currencyRow),
});
export type PricesOverview = z.infer<typeof pricesOverviewAnswer>;

/** The preview's columns: each term a customer can pay for, and the hour. */
export const PREVIEW_COLUMNS = [...BILLING_MONTHS.map((m) => `${m}` as const), 'hourly'] as const;
export type PreviewColumn = (typeof PREVIEW_COLUMNS)[number];

/** An amount in one currency: minor units with how many of its digits are decimals (hourly prices keep more). */
export const money = z.object({ minor: units, digits: units });
export type Money = z.infer<typeof money>;

/**
 * What customers would pay before and after a change: per configuration it moves, per column and currency, the
 * price now and after (null where it is not sold so), and whether any of its prices moves.
 */
export const pricePreviewAnswer = z.object({
  columns: z.array(z.enum(PREVIEW_COLUMNS)),
  currencies: z.array(z.object({ code: z.string(), digits: units })),
  rows: z.array(
    z.object({
      planId: z.string(),
      regionId: z.string(),
      imageId: z.string(),
      changed: z.boolean(),
      cells: z.record(
        z.string(),
        z.record(z.string(), z.object({ before: money.nullable(), after: money.nullable() })),
      ),
    }),
  ),
});
export type PricePreview = z.infer<typeof pricePreviewAnswer>;

/**
 * The change form's fields for each kind of price, drawn by the shared form fields; their labels are
 * `admin.prices.fields.<name>`. A plan's own price in a region takes the plan's fields but its billing.
 */
const planPrices: Field[] = [
  { name: 'monthlyPrice', kind: 'decimal', hint: true },
  { name: 'hourlyPrice', kind: 'decimal', hint: true },
];
export const PRICE_FIELDS: Record<PriceTarget, readonly Field[]> = {
  plan: [...planPrices, { name: 'hourlyBilling', kind: 'checkbox' }],
  planRegion: planPrices,
  region: [{ name: 'priceAdjustmentPct', kind: 'integer', hint: true }],
  term: [{ name: 'percentOff', kind: 'integer', hint: true }],
  licence: [{ name: 'licencePerVcpu', kind: 'decimal' }],
};
