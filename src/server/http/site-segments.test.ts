import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@/lib/currency';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/locales';
import { alternatives, CURRENCY_SEGMENTS, PREFIXED_LOCALES } from '@/server/http/site-segments';

describe("the production server's languages and currencies", () => {
  it('are the ones the pages are built from (src/lib/locales.ts, src/lib/currency.ts)', () => {
    expect(PREFIXED_LOCALES).toEqual(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE));
    expect(PREFIXED_LOCALES).toEqual(['zh', 'ja']);
    expect(CURRENCY_SEGMENTS).toEqual(CURRENCY_CODES.map((code) => code.toLowerCase()));
    expect(CURRENCY_SEGMENTS).toEqual(['usd', 'hkd', 'jpy']);
    expect(alternatives(CURRENCY_SEGMENTS)).toBe('usd|hkd|jpy');
  });
});
