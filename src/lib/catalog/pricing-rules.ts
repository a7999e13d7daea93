/**
 * The arithmetic of the pricing model (docs/decisions/036-pricing-model.md) that both the server's price engine
 * (src/server/api/orders/pricing.ts) and the pages that show prices use, so a label and a charge never disagree.
 * The rates themselves live in tables; these functions only apply them.
 */

/** A USD price in a region: the region's adjustment applied, rounded to the cent (or micro-USD for hourly). */
export function regionalPrice(amount: number, adjustmentPct: number): number {
  return Math.round((amount * (100 + adjustmentPct)) / 100);
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
): number {
  const full = regionalPrice(monthlyCents, adjustmentPct) * months;
  return full - termDiscount(full, percentOff);
}
