import type { Locale } from './locales';

/** Currencies prices can be shown in (docs/product/entities.md#money-and-currencies). */
export const CURRENCY_CODES = ['USD', 'HKD', 'JPY'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** Currency a language starts with unless the visitor chose one (docs/product/states.md#currency). */
export const DEFAULT_CURRENCY: Record<Locale, CurrencyCode> = { en: 'USD', zh: 'HKD', ja: 'JPY' };

export function defaultCurrency(locale: Locale): CurrencyCode {
  return DEFAULT_CURRENCY[locale];
}

/** Currency list refresh window, 24 hours (docs/product/states.md#currency). */
export const CURRENCY_REFRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the stored currency list must be fetched again (docs/product/states.md#currency): it is empty, or the last fetch time is
 * unknown, or that fetch is more than 24 h old. Exactly 24 h is still fresh.
 */
export function currencyListIsStale(
  list: readonly unknown[] | null | undefined,
  openDate: number | null | undefined,
  now: number,
): boolean {
  if (!list || list.length === 0) return true;
  if (openDate === null || openDate === undefined || !Number.isFinite(openDate)) return true;
  return now - openDate > CURRENCY_REFRESH_MS;
}

/**
 * The currency to show (docs/product/states.md#currency): an explicit choice (isSetCurrency) wins when it names a known currency;
 * otherwise, including a stale or tampered stored value, the language default applies.
 */
export function currencyFor(
  locale: Locale,
  choice: { isSetCurrency: boolean; currency: string | null | undefined },
): CurrencyCode {
  if (choice.isSetCurrency && isCurrencyCode(choice.currency)) return choice.currency;
  return defaultCurrency(locale);
}

/** Cookie mirroring an explicit currency choice so server-rendered prices use it too (docs/product/states.md#currency). */
export const CURRENCY_COOKIE = 'currency';

/** Lifetime of the currency cookie in seconds, matching the 365-day locale cookie (docs/product/constants.md#storage-keys-and-cookies). */
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
