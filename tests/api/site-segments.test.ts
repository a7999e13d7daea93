import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@/lib/currency';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/locales';

type Segments = {
  LOCALES: string[];
  DEFAULT_LOCALE: string;
  PREFIXED_LOCALES: string[];
  CURRENCY_CODES: string[];
  CURRENCY_SEGMENTS: string[];
};
const segments = createRequire(import.meta.url)('../../scripts/lib/site-segments.cjs') as Segments;

describe("the production server's copy of the languages and currencies", () => {
  it('is the one the pages are built from (src/lib/locales.ts, src/lib/currency.ts)', () => {
    expect(segments.LOCALES).toEqual([...LOCALES]);
    expect(segments.DEFAULT_LOCALE).toBe(DEFAULT_LOCALE);
    expect(segments.PREFIXED_LOCALES).toEqual(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE));
    expect(segments.CURRENCY_CODES).toEqual([...CURRENCY_CODES]);
    expect(segments.CURRENCY_SEGMENTS).toEqual(['usd', 'hkd', 'jpy']);
  });
});
