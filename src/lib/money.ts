import { HTML_LANG, type Locale } from './locales';

/**
 * Money (docs/design.md#api-contract): integer minor units with USD cents as the base; a price in another currency is the
 * USD amount times the rate (units per USD), rounded half away from zero to the currency's minor unit
 * (JPY 0 decimals, USD and HKD 2).
 */
export type CurrencyRate = { type: string; rate: number; digits: number };

/** Decimals of each currency's minor unit (ISO 4217), for an amount stored with its currency code (an order). */
export const MINOR_DIGITS: Readonly<Record<string, number>> = { USD: 2, HKD: 2, JPY: 0 };

/** The rate an order was placed at, as a CurrencyRate for formatting its amounts. */
export function orderCurrency(code: string, rate: string | number): CurrencyRate {
  return { type: code, rate: Number(rate), digits: MINOR_DIGITS[code] ?? 2 };
}

export function convertUsdCents(usdCents: number, currency: CurrencyRate): number {
  const major = (usdCents / 100) * currency.rate;
  const minor = major * 10 ** currency.digits;
  return Math.sign(minor) * Math.round(Math.abs(minor));
}

/**
 * Currency symbols as CLDR writes them for our languages, which is what `Intl.NumberFormat` gives in Node and
 * in browsers: sign, symbol, groups of three with commas, a point before the decimals, in all three languages.
 * Prices are written by hand so the configurator's hydration builds no ICU formatter per price: those
 * formatters were the costliest function of the purchase page's load (docs/decisions/009-pricing-and-orders.md,
 * measurements). Server and browser also write the same string by construction. src/lib/money-locales.test.ts holds it
 * to Intl's output.
 */
const SYMBOLS: Record<Locale, Readonly<Record<string, string>>> = {
  en: { USD: '$', HKD: 'HK$', JPY: '¥' },
  zh: { USD: 'US$', HKD: 'HK$', JPY: 'JP¥' },
  ja: { USD: '$', HKD: 'HK$', JPY: '￥' },
};

/** Formatters for a currency without a symbol above, one per language, currency and precision. */
const currencyFormats = new Map<string, Intl.NumberFormat>();

function intlFormat(locale: Locale, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale} ${currency} ${digits}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(HTML_LANG[locale], {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    currencyFormats.set(key, format);
  }
  return format;
}

/** An amount of `minor` units, of which `digits` are decimals, as "-HK$1,234.50". */
export function formatMinor(minor: number, digits: number, currency: string, locale: Locale): string {
  const symbol = SYMBOLS[locale][currency];
  if (symbol === undefined || !Number.isSafeInteger(minor)) {
    return intlFormat(locale, currency, digits).format(minor / 10 ** digits);
  }
  const scale = 10 ** digits;
  const units = Math.abs(minor);
  const whole = Math.floor(units / scale)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = digits > 0 ? `.${(units % scale).toString().padStart(digits, '0')}` : '';
  return `${minor < 0 ? '-' : ''}${symbol}${whole}${decimals}`;
}

export function formatMoney(minor: number, currency: CurrencyRate, locale: Locale): string {
  return formatMinor(minor, currency.digits, currency.type, locale);
}

/** A USD-cent price shown in the visitor's currency. */
export function formatUsdCents(usdCents: number, currency: CurrencyRate, locale: Locale): string {
  return formatMoney(convertUsdCents(usdCents, currency), currency, locale);
}

/** An amount in a currency's smallest shown unit, with how many of its digits are decimals. */
export type ScaledAmount = { minor: number; digits: number };

/**
 * The hourly price a visitor is shown and charged: micro-USD (hourly prices go below a cent) in their currency.
 * - A currency with a minor unit (USD, HKD) keeps two digits more than its other prices, rounded half away from
 *   zero like every other conversion here: $0.0068 an hour.
 * - A currency without one (JPY) is shown in whole units, and the hour is rounded up: ￥1.06 becomes ￥2. An hour
 *   is then never charged less than its USD price and never nothing; the monthly cap keeps a whole month at the
 *   monthly price (docs/decisions/009-pricing-and-orders.md, "Later: whole yen for hourly prices").
 */
export function convertHourlyMicroUsd(microUsd: number, currency: CurrencyRate): ScaledAmount {
  if (currency.digits === 0) {
    // Millionths of a unit rounded first, so a product that is a whole unit (20,000 micro-USD at 150) is not
    // pushed to the next one by the float error of the rate.
    const millionths = Math.round(Math.abs(microUsd) * currency.rate);
    return { minor: Math.sign(microUsd) * Math.ceil(millionths / 1_000_000), digits: 0 };
  }
  const digits = currency.digits + 2;
  // Multiplied before dividing, so a price that ends on half a unit (161,650 micro-USD) stays exactly half.
  const scaled = (microUsd * currency.rate * 10 ** digits) / 1_000_000;
  return { minor: Math.sign(scaled) * Math.round(Math.abs(scaled)), digits };
}

/** An hourly price (`convertHourlyMicroUsd`) written for the visitor: "$0.0068", "HK$0.0533", "￥2". */
export function formatHourlyMicroUsd(microUsd: number, currency: CurrencyRate, locale: Locale): string {
  const { minor, digits } = convertHourlyMicroUsd(microUsd, currency);
  return formatMinor(minor, digits, currency.type, locale);
}
