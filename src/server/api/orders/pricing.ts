import 'server-only';
import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '@/lib/api/answers';
import { taxOf } from '@/lib/billing/tax';
import type { ConfiguratorQuote } from '@/lib/catalog/configurator';
import { planRegionalPrice, regionalPrice, termDiscount } from '@/lib/catalog/pricing-rules';
import { type VpsConfig, vpsConfig } from '@/lib/catalog/vps-config';
import { HOURS_PER_MONTH } from '@/lib/catalog/vps-limits';
import type { Locale } from '@/lib/locales';
import { convertUsdCents } from '@/lib/money';
import { checkTaxId } from '../../billing/tax-id';
import { taxDay } from '../../billing/tax-rules';
import type { Database } from '../../db/client';
import {
  bandwidthTiers,
  coupons,
  diskProducts,
  imageRegions,
  images,
  type OrderLine,
  type OrderTaxLine,
  planRegions,
  plans,
  regions,
  saleActivities,
  saleItems,
  securityGroups,
  snapshotPolicies,
  taxRules,
  termDiscounts,
  trafficPackages,
  userCoupons,
} from '../../db/schema';
import { localize } from '../../localize';
import { ApiError, BusinessCode, type FieldErrors, invalidInput } from '../errors';
import { currencyRateAnswer, listCurrencies } from '../finance/queries';

export type SaleTerms = { saleItemId: number; perUserLimit: number };

/**
 * A group-buy seat (docs/decisions/013-group-buy.md): the offer's plan, region and months at the group price. Passed by the pintuan
 * service only, never read from a client's configuration, so the group price cannot be had without a group.
 */
export type PintuanPrice = {
  offerId: number;
  planId: string;
  regionId: string;
  months: number;
  groupPriceCents: number;
};

/** A line of a price or an order: an item, how many for how long, and its amount in the order currency's minor unit. */
export const orderLineAnswer = z.object({
  key: z.string(),
  itemId: z.string(),
  quantity: int(),
  months: int(),
  unitMinor: int(),
  amountMinor: int(),
}) satisfies z.ZodType<OrderLine>;

/** What an hourly-billed configuration costs by the hour, and the most a calendar month can cost. */
export const hourlyTermsAnswer = z.object({
  /** micro-USD per hour, before conversion: shown with the currency's own rounding (src/lib/money.ts). */
  rateMicroUsd: int().describe("micro-USD per hour, before conversion: shown with the currency's own rounding"),
  /** The month's cap in the order currency: the sum of the monthly lines, and what the order's credit pays. */
  capMinor: int().describe("the month's cap in the order currency: the sum of the monthly lines"),
});
export type HourlyTerms = z.infer<typeof hourlyTermsAnswer>;

/** A tax line as the quote and the customer's order answer it: the tax's name in the asked language. */
export const taxLineAnswer = z.object({
  name: z.string().describe("the tax's name in the language asked (消費税, GST, VAT…)"),
  ratePercent: z.string().describe('the rate, a decimal'),
  baseMinor: int().describe('the amount it is computed on: the total excluding tax'),
  taxMinor: int(),
  reverseCharge: z.boolean().describe('the buyer accounts for the tax (an EU business with a valid VAT number)'),
});

/** Tax lines as an answer gives them: each tax's name in the language asked. */
export function taxLinesFor(lines: OrderTaxLine[], locale: Locale): z.infer<typeof taxLineAnswer>[] {
  return lines.map((l) => ({
    name: localize(l.name, locale, l.country),
    ratePercent: l.ratePercent,
    baseMinor: l.baseMinor,
    taxMinor: l.taxMinor,
    reverseCharge: l.reverseCharge,
  }));
}

/** What POST /api/product/cvm/quote answers: the price, as the order would charge it. */
export const quoteAnswer = z.object({
  currency: currencyRateAnswer,
  billing: z.enum(['term', 'hourly']),
  hourly: hourlyTermsAnswer.nullable().describe('set for hourly billing'),
  termPercentOff: int().describe(
    'the term discount applied (percent); 0 for one month, hourly billing, or a sale or group price alone',
  ),
  lines: z.array(orderLineAnswer),
  subtotalMinor: int(),
  discountMinor: int(),
  totalMinor: int().describe('the total excluding tax'),
  billingCountry: z.string().nullable().describe('the country the tax is for; null: none given, no tax computed'),
  taxLines: z.array(taxLineAnswer).describe('one line per rate, computed once on the total excluding tax'),
  taxMinor: int(),
  totalInclTaxMinor: int().describe('what the customer pays: the total with its tax'),
});

export type Quote = Omit<z.infer<typeof quoteAnswer>, 'taxLines'> & {
  /** The tax lines with the rule they come from and its name in every language (kept so on the order). */
  taxLines: OrderTaxLine[];
  /** The billing tax id as checked (with its country prefix), null without one. */
  billingTaxId: string | null;
  /** Set when the plan line is a sale item's price (docs/product/states.md#vps-sale). */
  sale: SaleTerms | null;
  userCouponId: number | null;
  planLineId: string;
};

type Reader = Pick<Database, 'select'>;

/**
 * The price the purchase page renders for its default configuration, so the first HTML carries it (docs/product/targets.md#performance),
 * or null when the catalog cannot price that configuration (the browser then asks and shows why).
 */
export async function quoteForPage(
  db: Reader,
  config: unknown,
  locale: Locale,
): Promise<{ configJson: string; quote: ConfiguratorQuote } | null> {
  const parsed = vpsConfig.safeParse(config);
  if (!parsed.success) return null;
  try {
    const quote = await quoteVps(db, parsed.data);
    const { lines, subtotalMinor, discountMinor, totalMinor, billingCountry, taxMinor, totalInclTaxMinor } = quote;
    return {
      configJson: JSON.stringify(config),
      quote: {
        lines,
        subtotalMinor,
        discountMinor,
        totalMinor,
        billingCountry,
        taxLines: taxLinesFor(quote.taxLines, locale),
        taxMinor,
        totalInclTaxMinor,
      },
    };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * Prices a VPS configuration (docs/decisions/009-pricing-and-orders.md) the one way it is charged: each line is a monthly USD price
 * converted to the order currency and rounded to its minor unit, then multiplied by months and quantity;
 * the total is the sum of those rounded lines, less the coupon. Every id is checked against the region
 * and the plan; a mismatch is a 4001 naming the field.
 */
export async function quoteVps(
  db: Reader,
  config: VpsConfig,
  options: { userId?: number; now?: Date; pintuan?: PintuanPrice } = {},
): Promise<Quote> {
  return priceConfiguration(await loadQuoteRows(db, config, options), config, options);
}

/** Everything pricing a configuration reads from the tables, as quoteVps loads it. */
export type QuoteRows = Awaited<ReturnType<typeof loadQuoteRows>>;

/** The rows a configuration's price depends on, read at once. */
export async function loadQuoteRows(db: Reader, config: VpsConfig, options: { userId?: number; now?: Date } = {}) {
  const now = options.now ?? new Date();
  // Every lookup depends only on the request, so they run at once: the configurator re-quotes on each
  // change and its price update must land within 100 ms (docs/product/targets.md#pricing-and-orders). Checks below keep their order.
  const [
    currencies,
    [region],
    [plan],
    [image],
    [saleItem],
    disks,
    [tier],
    [pack],
    [group],
    [policy],
    [held],
    [term],
    [taxRule],
  ] = await Promise.all([
    listCurrencies(db as Database),
    db
      .select()
      .from(regions)
      .where(and(eq(regions.id, config.regionId), eq(regions.active, true))),
    db
      .select({
        plan: plans,
        offered: planRegions.regionId,
        ownMonthlyCents: planRegions.monthlyPriceCents,
        ownHourlyMicroUsd: planRegions.hourlyPriceMicroUsd,
      })
      .from(plans)
      .leftJoin(planRegions, and(eq(planRegions.planId, plans.id), eq(planRegions.regionId, config.regionId)))
      .where(and(eq(plans.id, config.planId), eq(plans.active, true))),
    db
      .select({ image: images, offered: imageRegions.regionId })
      .from(images)
      .leftJoin(imageRegions, and(eq(imageRegions.imageId, images.id), eq(imageRegions.regionId, config.regionId)))
      .where(and(eq(images.id, config.imageId), eq(images.active, true))),
    config.saleItemId === undefined
      ? []
      : db
          .select({ item: saleItems })
          .from(saleItems)
          .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
          .where(
            and(eq(saleItems.id, config.saleItemId), lte(saleActivities.startsAt, now), gt(saleActivities.endsAt, now)),
          ),
    config.dataDisks.length
      ? db
          .select()
          .from(diskProducts)
          .where(
            and(
              inArray(diskProducts.id, [...new Set(config.dataDisks.map((d) => d.diskId))]),
              eq(diskProducts.active, true),
            ),
          )
      : [],
    config.bandwidthTierId
      ? db
          .select()
          .from(bandwidthTiers)
          .where(and(eq(bandwidthTiers.id, config.bandwidthTierId), eq(bandwidthTiers.active, true)))
      : [],
    config.trafficPackageId
      ? db
          .select()
          .from(trafficPackages)
          .where(and(eq(trafficPackages.id, config.trafficPackageId), eq(trafficPackages.active, true)))
      : [],
    config.securityGroupId
      ? db
          .select({ id: securityGroups.id })
          .from(securityGroups)
          .where(and(eq(securityGroups.id, config.securityGroupId), eq(securityGroups.active, true)))
      : [],
    config.snapshotPolicyId
      ? db
          .select()
          .from(snapshotPolicies)
          .where(and(eq(snapshotPolicies.id, config.snapshotPolicyId), eq(snapshotPolicies.active, true)))
      : [],
    config.userCouponId !== undefined && options.userId
      ? db
          .select({ held: userCoupons, coupon: coupons })
          .from(userCoupons)
          .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
          .where(
            and(
              eq(userCoupons.id, config.userCouponId),
              eq(userCoupons.userId, options.userId),
              isNull(userCoupons.usedAt),
              gt(userCoupons.expiresAt, now),
            ),
          )
      : [],
    db.select().from(termDiscounts).where(eq(termDiscounts.months, config.months)),
    // The billing country's tax rule in force today (docs/decisions/066-tax.md).
    config.billingCountry
      ? db
          .select()
          .from(taxRules)
          .where(and(eq(taxRules.country, config.billingCountry), lte(taxRules.validFrom, taxDay(now))))
          .orderBy(desc(taxRules.validFrom))
          .limit(1)
      : [],
  ]);
  return { currencies, region, plan, image, saleItem, disks, tier, pack, group, policy, held, term, taxRule };
}

/**
 * The price of a configuration from its rows: the one arithmetic of docs/decisions/036-pricing-model.md, used by
 * every quote and order, and by the back office's preview on the rows as they would be after a price change.
 */
export function priceConfiguration(
  rows: QuoteRows,
  config: VpsConfig,
  options: { userId?: number; pintuan?: PintuanPrice } = {},
): Quote {
  const { currencies, region, plan, image, saleItem, disks, tier, pack, group, policy, held, term, taxRule } = rows;

  const currency = currencies.find((c) => c.type === config.currency);
  if (!currency) throw invalidInput({ currency: 'api.field.invalid' });
  if (!region) throw invalidInput({ regionId: 'api.field.invalid' });
  if (!plan) throw invalidInput({ planId: 'api.field.invalid' });
  if (!plan.offered) throw invalidInput({ planId: 'api.order.planNotInRegion' });
  if (!image) throw invalidInput({ imageId: 'api.field.invalid' });
  if (!image.offered) throw invalidInput({ imageId: 'api.order.imageNotInRegion' });
  if (plan.plan.diskGb < image.image.minDiskGb) throw invalidInput({ imageId: 'api.order.diskBelowImage' });

  const fields: FieldErrors = {};
  const lines: OrderLine[] = [];
  const hourly = config.billing === 'hourly';
  if (hourly) {
    // An hourly server is paid a month's cap ahead as credit; a sale or group price is a term price.
    if (!plan.plan.hourlyBilling) throw invalidInput({ billing: 'api.order.hourlyNotOffered' });
    if (config.months !== 1) throw invalidInput({ months: 'api.order.hourlyMonths' });
    if (config.saleItemId !== undefined || options.pintuan)
      throw invalidInput({ billing: 'api.order.hourlyNotOffered' });
  }
  const months = config.months;
  const quantity = config.quantity;
  // The region's adjustment applies to compute and network (plan, bandwidth, traffic): docs/decisions/036.
  const adjust = (amount: number) => regionalPrice(amount, region.priceAdjustmentPct);
  /** micro-USD per hour of the lines so far (hourly billing): a plan's own hourly price, add-ons monthly / 730. */
  let hourlyMicroUsd = 0;
  const addLine = (key: string, itemId: string, monthlyUsdCents: number, units = 1) => {
    const unitMinor = convertUsdCents(monthlyUsdCents, currency) * units;
    lines.push({ key, itemId, quantity, months, unitMinor, amountMinor: unitMinor * months * quantity });
    if (key !== 'plan') hourlyMicroUsd += Math.round((monthlyUsdCents * units * 10_000) / HOURS_PER_MONTH) * quantity;
  };
  let sale: SaleTerms | null = null;
  const pintuan = options.pintuan;
  if (pintuan) {
    // Like a sale item, the offer's group price covers the plan for its months (docs/decisions/013-group-buy.md).
    if (pintuan.planId !== plan.plan.id || pintuan.regionId !== region.id || pintuan.months !== months) {
      throw invalidInput({ offerId: 'api.sale.mismatch' });
    }
    if (quantity !== 1 || config.saleItemId !== undefined) throw invalidInput({ quantity: 'api.sale.oneAtATime' });
    const unitMinor = convertUsdCents(pintuan.groupPriceCents, currency);
    lines.push({
      key: 'pintuan',
      itemId: String(pintuan.offerId),
      quantity: 1,
      months,
      unitMinor,
      amountMinor: unitMinor,
    });
  } else if (config.saleItemId !== undefined) {
    // A sale item covers its plan, region and months at one price (docs/product/states.md#vps-sale); add-ons are priced as usual.
    const item = saleItem;
    if (!item) throw invalidInput({ saleItemId: 'api.sale.unavailable' });
    if (item.item.planId !== plan.plan.id || item.item.regionId !== region.id || item.item.months !== months) {
      throw invalidInput({ saleItemId: 'api.sale.mismatch' });
    }
    if (quantity !== 1) throw invalidInput({ quantity: 'api.sale.oneAtATime' });
    const unitMinor = convertUsdCents(item.item.salePriceCents, currency);
    lines.push({ key: 'sale', itemId: String(item.item.id), quantity: 1, months, unitMinor, amountMinor: unitMinor });
    sale = { saleItemId: item.item.id, perUserLimit: item.item.perUserLimit };
  } else {
    // The plan's own price in this region, when set, stands in for the adjusted one (decision 042).
    addLine(
      'plan',
      plan.plan.id,
      planRegionalPrice(plan.plan.monthlyPriceCents, region.priceAdjustmentPct, plan.ownMonthlyCents),
    );
    hourlyMicroUsd +=
      planRegionalPrice(plan.plan.hourlyPriceMicroUsd, region.priceAdjustmentPct, plan.ownHourlyMicroUsd) * quantity;
  }

  config.dataDisks.forEach((wanted, i) => {
    const disk = disks.find((d) => d.id === wanted.diskId);
    if (!disk) {
      fields[`dataDisks.${i}.diskId`] = 'api.field.invalid';
      return;
    }
    if (wanted.sizeGb < disk.minGb || wanted.sizeGb > disk.maxGb || (wanted.sizeGb - disk.minGb) % disk.stepGb !== 0) {
      fields[`dataDisks.${i}.sizeGb`] = 'api.order.diskSize';
      return;
    }
    addLine(`disk.${i}`, disk.id, disk.pricePerGbCents, wanted.sizeGb);
  });

  if (config.bandwidthTierId) {
    if (!tier) fields.bandwidthTierId = 'api.field.invalid';
    else if (tier.mbps > plan.plan.maxBandwidthMbps) fields.bandwidthTierId = 'api.order.bandwidthAbovePlan';
    else if (tier.mbps > plan.plan.bandwidthMbps) addLine('bandwidth', tier.id, adjust(tier.monthlyPriceCents));
  }
  if (config.trafficPackageId) {
    if (!pack) fields.trafficPackageId = 'api.field.invalid';
    else addLine('traffic', pack.id, adjust(pack.monthlyPriceCents));
  }
  if (config.securityGroupId) {
    if (!group) fields.securityGroupId = 'api.field.invalid';
  }
  if (config.snapshotPolicyId) {
    if (!policy) fields.snapshotPolicyId = 'api.field.invalid';
    else if (policy.monthlyPriceCents > 0) addLine('snapshot', policy.id, policy.monthlyPriceCents);
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  // A term paid ahead costs less per month on the recurring lines; a sale or group price is already a term price.
  const termPercentOff = hourly ? 0 : (term?.percentOff ?? 0);
  const discountable = lines.filter((l) => l.key !== 'sale' && l.key !== 'pintuan');
  const termDiscountMinor = termDiscount(
    discountable.reduce((sum, l) => sum + l.amountMinor, 0),
    termPercentOff,
  );
  if (termDiscountMinor > 0) {
    lines.push({
      key: 'term',
      // The line's item is the percent, so the order's own lines say which discount it was.
      itemId: String(termPercentOff),
      quantity: 1,
      months,
      unitMinor: -termDiscountMinor,
      amountMinor: -termDiscountMinor,
    });
  }
  // The OS licence (Windows Server, per vCPU and month) is charged every month, never discounted.
  if (image.image.licenceCentsPerVcpu > 0)
    addLine('licence', image.image.id, image.image.licenceCentsPerVcpu, plan.plan.cpu);

  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  let discountMinor = 0;
  let userCouponId: number | null = null;
  if (config.userCouponId !== undefined) {
    if (!options.userId) throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized');
    if (!held) throw invalidInput({ userCouponId: 'api.order.couponUnavailable' });
    const { coupon } = held;
    if (coupon.products.length > 0 && !coupon.products.includes(plan.plan.lineId)) {
      throw invalidInput({ userCouponId: 'api.order.couponNotForProduct' });
    }
    if (subtotalMinor < convertUsdCents(coupon.thresholdCents, currency))
      throw invalidInput({ userCouponId: 'api.order.couponThreshold' });
    discountMinor =
      coupon.kind === 'amount'
        ? Math.min(subtotalMinor, convertUsdCents(coupon.amountCents, currency))
        : Math.round((subtotalMinor * coupon.percentOff) / 100);
    userCouponId = held.held.id;
  }
  const totalMinor = subtotalMinor - discountMinor;
  // Tax once on the order's total, per rate (docs/decisions/066-tax.md). A tax id is checked for its country even
  // where it changes nothing, so a wrong one is refused before the order, not on the invoice.
  const billingTaxId =
    config.billingTaxId && config.billingCountry ? checkTaxId(config.billingCountry, config.billingTaxId) : null;
  const taxed = config.billingCountry
    ? taxOf(totalMinor, taxRule ?? null, { businessTaxId: billingTaxId !== null })
    : null;
  const taxLines: OrderTaxLine[] =
    taxRule && taxed
      ? [
          {
            ruleId: taxRule.id,
            country: taxRule.country,
            name: taxRule.name,
            ratePercent: taxRule.ratePercent,
            ...taxed,
          },
        ]
      : [];
  const taxMinor = taxLines.reduce((sum, l) => sum + l.taxMinor, 0);
  return {
    billing: config.billing,
    hourly: hourly ? { rateMicroUsd: hourlyMicroUsd, capMinor: subtotalMinor } : null,
    // The discount applied, not the one the term would give: a sale or group price alone has nothing to discount.
    termPercentOff: termDiscountMinor > 0 ? termPercentOff : 0,
    sale,
    currency,
    lines,
    subtotalMinor,
    discountMinor,
    totalMinor,
    billingCountry: config.billingCountry ?? null,
    billingTaxId,
    taxLines,
    taxMinor,
    totalInclTaxMinor: totalMinor + taxMinor,
    userCouponId,
    planLineId: plan.plan.lineId,
  };
}
