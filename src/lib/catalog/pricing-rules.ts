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
