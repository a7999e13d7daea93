import type { Locale } from '../locales';
import { type CurrencyRate, convertUsdCents, formatMinor, formatMoney } from '../money';
import { withTax } from './tax';

/**
 * The consumer tax a page shows its prices with (docs/decisions/066-tax.md): Japan's consumption tax on Japanese
 * pages in yen, where a price a consumer sees must be the amount with tax (総額表示); null everywhere else, where
 * prices are shown without tax and a total says so.
 */
export type DisplayTax = { ratePercent: string } | null;

/**
 * An amount as a consumer is shown it: with `tax`, the amount with tax first, marked 税込, and the amount without
 * tax beside it (`￥5,500（税込）／税抜 ￥5,000`); without, the amount alone.
 */
export function consumerPrice(
  minor: number,
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
  separator = SEPARATOR,
): string {
  if (!tax) return formatMoney(minor, currency, locale);
  return both(withTax(minor, tax.ratePercent), minor, currency, locale, separator);
}

/** The one way a price with tax and without is written: `￥5,500（税込）／税抜 ￥5,000`. */
function both(incl: number, excl: number, currency: CurrencyRate, locale: Locale, separator: string): string {
  return `${formatMoney(incl, currency, locale)}（税込）${separator}税抜 ${formatMoney(excl, currency, locale)}`;
}

/**
 * What a consumer saves between two prices, as the two are shown: with tax, the difference of the amounts with tax
 * (tax rounds per price, so the tax of the difference could be a yen off what the page's two prices say).
 */
export function consumerSaving(
  fromMinor: number,
  toMinor: number,
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
  separator = SEPARATOR,
): string {
  if (!tax) return formatMoney(fromMinor - toMinor, currency, locale);
  const incl = withTax(fromMinor, tax.ratePercent) - withTax(toMinor, tax.ratePercent);
  return both(incl, fromMinor - toMinor, currency, locale, separator);
}

/** Between the amount with tax and the one without, on one line; a table cell puts them on two (`\n`). */
const SEPARATOR = '／';

/** A USD-cent price in the visitor's currency, as a consumer is shown it. */
export function consumerUsdCents(
  usdCents: number,
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
  separator = SEPARATOR,
): string {
  return consumerPrice(convertUsdCents(usdCents, currency), currency, locale, tax, separator);
}

/** An amount in a scaled unit (an hourly price) as a consumer is shown it. */
export function consumerScaled(
  amount: { minor: number; digits: number },
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
  separator = SEPARATOR,
): string {
  const excl = formatMinor(amount.minor, amount.digits, currency.type, locale);
  if (!tax) return excl;
  const incl = formatMinor(withTax(amount.minor, tax.ratePercent), amount.digits, currency.type, locale);
  return `${incl}（税込）${separator}税抜 ${excl}`;
}

/**
 * A headline price in two parts: the amount a consumer pays, marked 税込 where tax is shown, and the amount without
 * tax to set beside it in smaller type (null without tax).
 */
export function consumerPriceParts(
  usdCents: number,
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
): { main: string; aside: string | null } {
  return consumerMinorParts(convertUsdCents(usdCents, currency), currency, locale, tax);
}

/** The same for an amount already in the currency's minor unit (a group-buy price, set per currency). */
export function consumerMinorParts(
  minor: number,
  currency: CurrencyRate,
  locale: Locale,
  tax: DisplayTax,
): { main: string; aside: string | null } {
  const excl = formatMoney(minor, currency, locale);
  if (!tax) return { main: excl, aside: null };
  return { main: `${formatMoney(withTax(minor, tax.ratePercent), currency, locale)}（税込）`, aside: `税抜 ${excl}` };
}
