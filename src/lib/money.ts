import { HTML_LANG, type Locale } from './locales';

/**
 * Money (DESIGN §4): integer minor units with USD cents as the base; a price in another currency is the
 * USD amount times the rate (units per USD), rounded half away from zero to the currency's minor unit
 * (JPY 0 decimals, USD and HKD 2).
 */
export type CurrencyRate = { type: string; rate: number; digits: number };

export function convertUsdCents(usdCents: number, currency: CurrencyRate): number {
  const major = (usdCents / 100) * currency.rate;
  const minor = major * 10 ** currency.digits;
  return Math.sign(minor) * Math.round(Math.abs(minor));
}

export function formatMoney(minor: number, currency: CurrencyRate, locale: Locale): string {
  return new Intl.NumberFormat(HTML_LANG[locale], {
    style: 'currency',
    currency: currency.type,
    minimumFractionDigits: currency.digits,
    maximumFractionDigits: currency.digits,
  }).format(minor / 10 ** currency.digits);
}

/** A USD-cent price shown in the visitor's currency. */
export function formatUsdCents(usdCents: number, currency: CurrencyRate, locale: Locale): string {
  return formatMoney(convertUsdCents(usdCents, currency), currency, locale);
}

/** An hourly price (micro-USD, as hourly prices go below a cent) in the visitor's currency, with two extra digits. */
export function formatHourlyMicroUsd(microUsd: number, currency: CurrencyRate, locale: Locale): string {
  return new Intl.NumberFormat(HTML_LANG[locale], {
    style: 'currency',
    currency: currency.type,
    minimumFractionDigits: currency.digits + 2,
    maximumFractionDigits: currency.digits + 2,
  }).format((microUsd / 1_000_000) * currency.rate);
}
