import 'server-only';
import { CURRENCY_CODES } from '@/lib/currency';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/locales';

/**
 * The site's languages and currencies as the fast paths in front of Next match them in paths and cookies, taken
 * from the same lists the pages use (src/lib/locales.ts, src/lib/currency.ts).
 */

/** Languages with a path prefix: English is unprefixed, then /zh and /ja. */
export const PREFIXED_LOCALES: readonly string[] = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The internal `/{locale}/{currency}/` segment the proxy rewrites every page to (decision 004). */
export const CURRENCY_SEGMENTS: readonly string[] = CURRENCY_CODES.map((code) => code.toLowerCase());

/** `a|b|c` for a regular expression (the values are plain letters). */
export const alternatives = (values: readonly string[]): string => values.join('|');
