import '../validation/zod-config';
import { z } from 'zod';
import { isSitePath, isWebAddress } from '../site-path';
import { wholeNumber } from '../validation/numbers';
import { listQuery, version } from './schemas';

/**
 * The promotion editors' inputs (docs/product/back-office-promotions.md): sale events and their items, coupons
 * (the welcome bundle included), group-buy offers, and the campaigns behind the pop-up and banner. One schema
 * each, used by the back office's forms and by the `/api/admin` handlers alike. Money is in USD cents, as the
 * tables keep it.
 */

/** The most a price, a coupon's value or a threshold may be: far above any real order, far below the column's range. */
export const PROMOTION_LIMITS = {
  priceCentsMax: 10_000_000,
  couponValueCentsMax: 1_000_000,
  stockMax: 10_000_000,
  perUserMax: 100,
  validDaysMax: 3650,
  groupSizeMax: 50,
  groupHoursMax: 720,
  sortMax: 100_000,
} as const;

/** Billing terms a sale item or group-buy offer can cover (the configurator's terms). */
export const PROMOTION_MONTHS = [1, 3, 6, 12, 24, 36] as const;

const instant = z.iso.datetime({ offset: true, error: 'api.field.invalid' });

/** Text in three languages: English required (the site's fallback), Chinese and Japanese may wait. */
function localizedText(max: number) {
  const text = z.string({ error: 'api.field.invalid' }).trim().max(max, { error: 'api.field.tooLong' });
  return z.object({
    en: text.min(1, { error: 'api.field.required' }),
    zh: text.default(''),
    ja: text.default(''),
  });
}

/** Optional text in three languages: all may be empty, but a translation needs its English. */
function optionalLocalizedText(max: number) {
  const text = z.string({ error: 'api.field.invalid' }).trim().max(max, { error: 'api.field.tooLong' }).default('');
  return z
    .object({ en: text, zh: text, ja: text })
    .default({ en: '', zh: '', ja: '' })
    .superRefine((value, ctx) => {
      if (!value.en && (value.zh || value.ja))
        ctx.addIssue({ code: 'custom', path: ['en'], message: 'api.field.required' });
    });
}

const cents = (min: number, max: number) => wholeNumber({ min, max });
const stock = wholeNumber({ min: 0, max: PROMOTION_LIMITS.stockMax });
const perUserLimit = wholeNumber({ min: 1, max: PROMOTION_LIMITS.perUserMax });
const sort = wholeNumber({ min: 0, max: PROMOTION_LIMITS.sortMax }).default(0);
const months = wholeNumber({ min: 1, max: 36 }).refine((m) => (PROMOTION_MONTHS as readonly number[]).includes(m), {
  error: 'api.field.invalid',
});
const code = z
  .string({ error: 'api.field.required' })
  .trim()
  // Not aborting: an unchosen plan must not keep the form's checks across fields (prices, schedule) from
  // showing; the first problem of a field is the one shown.
  .min(1, { error: 'api.field.required' })
  .regex(/^[a-z0-9-]{1,64}$/, { error: 'api.field.invalid' });

/** The end of a schedule must come after its start (the error shows at the end). */
function endsAfterStart(value: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx) {
  if (new Date(value.endsAt).getTime() <= new Date(value.startsAt).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'api.admin.promotionsEndsBeforeStart' });
  }
}

/** A per-account limit above the stock could never be reached: refused at the limit. */
function limitWithinStock(value: { stockTotal: number; perUserLimit: number }, ctx: z.RefinementCtx) {
  if (value.stockTotal > 0 && value.perUserLimit > value.stockTotal) {
    ctx.addIssue({ code: 'custom', path: ['perUserLimit'], message: 'api.admin.promotionsLimitAboveStock' });
  }
}

// ---- coupons --------------------------------------------------------------------------------------------------

export const COUPON_KINDS = ['amount', 'percent'] as const;

/**
 * A coupon: a fixed amount off (USD cents) or a percentage (1–99: a whole order free is not a coupon), above a
 * minimum order, on some product lines (none = all), claimable between its start and end, usable for
 * `validDays` once claimed. `welcome` coupons are the sign-up bundle, given with each welcome claim rather than
 * claimed one by one; their stock and per-account limit are not used.
 */
export const couponInput = z
  .object({
    name: localizedText(120),
    kind: z.enum(COUPON_KINDS, { error: 'api.field.invalid' }),
    amountCents: cents(0, PROMOTION_LIMITS.couponValueCentsMax).default(0),
    percentOff: wholeNumber({ min: 0, max: 1000 }).default(0),
    thresholdCents: cents(0, PROMOTION_LIMITS.priceCentsMax).default(0),
    products: z.array(code, { error: 'api.field.invalid' }).max(20, { error: 'api.field.tooLong' }).default([]),
    startsAt: instant,
    endsAt: instant,
    validDays: wholeNumber({ min: 1, max: PROMOTION_LIMITS.validDaysMax }),
    stockTotal: stock,
    perUserLimit,
    newCustomerOnly: z.boolean({ error: 'api.field.invalid' }).default(false),
    welcome: z.boolean({ error: 'api.field.invalid' }).default(false),
    sort,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && (value.percentOff < 1 || value.percentOff > 99)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'api.admin.promotionsPercentRange' });
    }
    if (value.kind === 'amount' && value.amountCents < 1) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'api.admin.promotionsAmountRequired' });
    }
    if (value.kind === 'amount' && value.thresholdCents > 0 && value.amountCents > value.thresholdCents) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'api.admin.promotionsAmountAboveThreshold' });
    }
    endsAfterStart(value, ctx);
    if (!value.welcome) limitWithinStock(value, ctx);
    if (new Set(value.products).size !== value.products.length) {
      ctx.addIssue({ code: 'custom', path: ['products'], message: 'api.field.invalid' });
    }
  });
export type CouponInput = z.infer<typeof couponInput>;
export const couponUpdate = z.intersection(couponInput, z.object({ version }));

// ---- VPS sales ------------------------------------------------------------------------------------------------

export const saleInput = z
  .object({
    name: localizedText(120),
    description: localizedText(1000),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine(endsAfterStart);
export type SaleInput = z.infer<typeof saleInput>;
export const saleUpdate = z.intersection(saleInput, z.object({ version }));

export const saleItemInput = z
  .object({
    planId: code,
    regionId: code,
    months,
    salePriceCents: cents(1, PROMOTION_LIMITS.priceCentsMax),
    stockTotal: stock,
    perUserLimit,
    sort,
  })
  .superRefine(limitWithinStock);
export type SaleItemInput = z.infer<typeof saleItemInput>;
export const saleItemUpdate = z.intersection(saleItemInput, z.object({ version }));

// ---- group-buy offers -----------------------------------------------------------------------------------------

export const pintuanOfferInput = z
  .object({
    name: localizedText(160),
    planId: code,
    regionId: code,
    months,
    groupSize: wholeNumber({ min: 2, max: PROMOTION_LIMITS.groupSizeMax }),
    groupPriceCents: cents(1, PROMOTION_LIMITS.priceCentsMax),
    singlePriceCents: cents(1, PROMOTION_LIMITS.priceCentsMax),
    groupHours: wholeNumber({ min: 1, max: PROMOTION_LIMITS.groupHoursMax }),
    startsAt: instant,
    endsAt: instant,
    sort,
    /** The offer's own rules, one a line, after the general group-buy rules. */
    rules: optionalLocalizedText(2000),
  })
  .superRefine((value, ctx) => {
    // Compared only when both are prices: a refused one is already shown at its own field.
    if (value.singlePriceCents >= 1 && value.groupPriceCents >= value.singlePriceCents) {
      ctx.addIssue({ code: 'custom', path: ['groupPriceCents'], message: 'api.admin.promotionsGroupPriceNotLower' });
    }
    endsAfterStart(value, ctx);
  });
export type PintuanOfferInput = z.infer<typeof pintuanOfferInput>;
export const pintuanOfferUpdate = z.intersection(pintuanOfferInput, z.object({ version }));

// ---- campaigns: the promotion page, the pop-up and the banner -------------------------------------------------

export const promotionInput = z
  .object({
    slug: code,
    title: localizedText(120),
    subtitle: localizedText(200),
    body: localizedText(2000),
    ctaPath: z
      .string({ error: 'api.field.required' })
      .trim()
      .max(300, { error: 'api.field.tooLong' })
      // A path on this site as a browser resolves it (docs/decisions/053-site-paths.md): `/.//host` is another site.
      .refine(isSitePath, { error: 'api.admin.promotionsPathInvalid' }),
    ctaLabel: localizedText(40),
    accent: z
      .string({ error: 'api.field.required' })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'api.admin.promotionsAccentInvalid' }),
    /** Empty for none; a site path or an http(s) address. */
    imageUrl: z
      .string({ error: 'api.field.invalid' })
      .trim()
      .max(500, { error: 'api.field.tooLong' })
      .refine((v) => v === '' || isSitePath(v) || isWebAddress(v, ['http:', 'https:']), {
        error: 'api.admin.promotionsImageInvalid',
      })
      .default(''),
    popup: z.boolean({ error: 'api.field.invalid' }).default(false),
    startsAt: instant,
    endsAt: instant,
    sort,
  })
  .superRefine(endsAfterStart);
export type PromotionInput = z.infer<typeof promotionInput>;
export const promotionUpdate = z.intersection(promotionInput, z.object({ version }));

// ---- lists ----------------------------------------------------------------------------------------------------

export const COUPON_SORTS = ['sort', 'id', 'startsAt', 'endsAt', 'claimed'] as const;
export const couponQuery = listQuery(COUPON_SORTS).extend({
  /** The coupon centre's coupons, the welcome bundle's, or both. */
  offer: z.enum(['centre', 'welcome', 'all'], { error: 'api.field.invalid' }).default('all'),
});

export const SALE_SORTS = ['startsAt', 'endsAt', 'id'] as const;
export const saleQuery = listQuery(SALE_SORTS);

export const PINTUAN_SORTS = ['sort', 'id', 'startsAt', 'endsAt'] as const;
export const pintuanQuery = listQuery(PINTUAN_SORTS);

export const PROMOTION_SORTS = ['sort', 'id', 'startsAt', 'endsAt'] as const;
export const promotionQuery = listQuery(PROMOTION_SORTS);
