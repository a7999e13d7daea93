/**
 * The site's languages and currencies for the plain-JavaScript server (scripts/production-server.cjs and its
 * libs), which runs before and beside Next and cannot import the TypeScript sources. One copy here instead of
 * one per file; tests/api/site-segments.test.ts ties it to src/lib/locales.ts and src/lib/currency.ts.
 */

/** SPEC §1, §2: English is unprefixed, then /zh and /ja. */
const LOCALES = ['en', 'zh', 'ja'];
const DEFAULT_LOCALE = 'en';
const PREFIXED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** SPEC §1, §4: the currencies a visitor can choose (the currency cookie's values). */
const CURRENCY_CODES = ['USD', 'HKD', 'JPY'];
/** The internal `/{locale}/{currency}/` segment the proxy rewrites every page to (decision 004). */
const CURRENCY_SEGMENTS = CURRENCY_CODES.map((code) => code.toLowerCase());

/** `a|b|c` for a regular expression (the values are plain letters). */
const alternatives = (values) => values.join('|');

module.exports = { LOCALES, DEFAULT_LOCALE, PREFIXED_LOCALES, CURRENCY_CODES, CURRENCY_SEGMENTS, alternatives };
