/**
 * Tax arithmetic (docs/decisions/066-tax.md), shared by the server that charges it and the pages that show it, so a
 * label and a charge never disagree. Rates are decimal strings with at most two decimals (`"25.5"`), read as whole
 * hundredths of a percent; amounts are integer minor units; nothing here touches a float.
 */

/** A rate such as `"10"` or `"25.50"` in hundredths of a percent (1000, 2550). */
export function rateHundredths(ratePercent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(ratePercent.trim());
  if (!match) throw new Error(`not a tax rate: ${ratePercent}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The tax on an amount at a rate: rounded half up to the minor unit (half away from zero, like every conversion of
 * the site; a yen amount to the whole yen). Integer arithmetic: `base × rate` is exact up to 2^53.
 */
export function taxOn(baseMinor: number, ratePercent: string): number {
  const scaled = Math.abs(baseMinor) * rateHundredths(ratePercent);
  // scaled / 10,000 rounded half up: add half the divisor, then floor.
  const tax = Math.floor((scaled + 5_000) / 10_000);
  return baseMinor < 0 ? -tax : tax;
}

/** A rule as the engine applies it: its rate, and whether a valid business tax id moves the tax to the buyer. */
export type ApplicableRule = { ratePercent: string; reverseCharge: boolean };

/**
 * The tax lines of a total: one per rate, computed once on the total (the rule Japan's qualified invoices require,
 * and the one used for every country), so the tax of an order is never the sum of rounded per-line taxes. Without a
 * rule (a country none is configured for) there is no line. A rule that allows reverse charge, for a buyer with a
 * business tax id, is a line with its rate and no tax.
 */
export function taxOf(
  totalMinor: number,
  rule: ApplicableRule | null,
  buyer: { businessTaxId: boolean },
): { baseMinor: number; taxMinor: number; reverseCharge: boolean } | null {
  if (!rule) return null;
  const reverseCharge = rule.reverseCharge && buyer.businessTaxId;
  return { baseMinor: totalMinor, taxMinor: reverseCharge ? 0 : taxOn(totalMinor, rule.ratePercent), reverseCharge };
}

/**
 * A consumer price with its tax, for a page that must show the tax-inclusive amount first (the Japanese display
 * rule: docs/decisions/066-tax.md). The tax of one price is rounded the same way as an order's.
 */
export function withTax(amountMinor: number, ratePercent: string): number {
  return amountMinor + taxOn(amountMinor, ratePercent);
}

/** The billing country a checkout starts from when the customer has none on their account: ja → JP, zh → HK. */
export const DEFAULT_BILLING_COUNTRY: Readonly<Record<string, string | undefined>> = { ja: 'JP', zh: 'HK' };

/** A rate for people: `"10.00"` → `10`, `"25.50"` → `25.5`. */
export function ratePercentLabel(ratePercent: string): string {
  return String(rateHundredths(ratePercent) / 100);
}
