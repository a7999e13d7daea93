import { type CurrencyRate, convertUsdCents } from '../money';

/**
 * The arithmetic of the pricing model (docs/decisions/036-pricing-model.md) that both the server's price engine
 * (src/server/api/orders/pricing.ts) and the pages that show prices use, so a label and a charge never disagree.
 * The rates themselves live in tables; these functions only apply them.
 */

/** A USD price in a region: the region's adjustment applied, rounded to the cent (or micro-USD for hourly). */
export function regionalPrice(amount: number, adjustmentPct: number): number {
  return Math.round((amount * (100 + adjustmentPct)) / 100);
}

/**
 * A plan's price in a region: its own price there when one is set (a per-plan, per-region price, null when not),
 * else the plan's price with the region's adjustment. Monthly in cents or hourly in micro-USD alike.
 * docs/decisions/042-scheduled-prices.md.
 */
export function planRegionalPrice(amount: number, adjustmentPct: number, ownPrice: number | null | undefined): number {
  return ownPrice ?? regionalPrice(amount, adjustmentPct);
}

/** The term discount on an amount in minor units, rounded once for the whole order. */
export function termDiscount(amountMinor: number, percentOff: number): number {
  return Math.round((amountMinor * percentOff) / 100);
}

/**
 * What a plan costs for a term at its regular price, in USD cents: the region's price times the months, less the
 * term discount. What a sale or group price is compared with.
 */
export function regularTermPriceCents(
  monthlyCents: number,
  adjustmentPct: number,
  months: number,
  percentOff: number,
  ownMonthlyCents: number | null = null,
): number {
  const full = planRegionalPrice(monthlyCents, adjustmentPct, ownMonthlyCents) * months;
  return full - termDiscount(full, percentOff);
}

/**
 * What a plan alone costs for a term at its regular price in one currency, in that currency's minor unit: exactly
 * what the quote charges for the plan in that region, term and currency with nothing added (the monthly price
 * converted and rounded, times the months, less the term discount rounded once). What a group price is compared
 * with, so the saving shown is the saving a customer gets (docs/decisions/060-group-buy-payment.md).
 */
export function regularTermPriceMinor(
  regionalMonthlyCents: number,
  months: number,
  percentOff: number,
  currency: CurrencyRate,
): number {
  const full = convertUsdCents(regionalMonthlyCents, currency) * months;
  return full - termDiscount(full, percentOff);
}
