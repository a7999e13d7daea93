import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format-date';
import { HTML_LANG, LOCALES } from '@/lib/locales';
import { formatHourlyMicroUsd, formatMoney, formatUsdCents } from '@/lib/money';

const USD = { type: 'USD', rate: 1, digits: 2 };
const HKD = { type: 'HKD', rate: 7.8, digits: 2 };
const JPY = { type: 'JPY', rate: 150, digits: 0 };

const intl = (locale: (typeof LOCALES)[number], currency: string, digits: number, value: number) =>
  new Intl.NumberFormat(HTML_LANG[locale], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

describe('prices written by hand, as Intl writes them (docs/product/targets.md#performance: no ICU number data in the configurator)', () => {
  it('writes every amount of our three currencies in our three languages exactly as Intl.NumberFormat does', () => {
    for (const locale of LOCALES) {
      for (const currency of [USD, HKD, JPY]) {
        for (let minor = -25_000; minor <= 2_500_000; minor += 9_973) {
          expect(formatMoney(minor, currency, locale)).toBe(
            intl(locale, currency.type, currency.digits, minor / 10 ** currency.digits),
          );
        }
        for (const minor of [0, 1, 999, 1000, 999_999, 1_000_000, 123_456_789_012]) {
          expect(formatMoney(minor, currency, locale)).toBe(
            intl(locale, currency.type, currency.digits, minor / 10 ** currency.digits),
          );
        }
      }
    }
  });

  it('names each currency as its readers expect', () => {
    expect(formatMoney(123456, USD, 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, USD, 'zh')).toBe('US$1,234.56');
    expect(formatMoney(123456, HKD, 'ja')).toBe('HK$1,234.56');
    expect(formatMoney(1234, JPY, 'ja')).toBe('￥1,234');
    expect(formatMoney(1234, JPY, 'zh')).toBe('JP¥1,234');
    expect(formatMoney(-500, USD, 'en')).toBe('-$5.00');
    expect(formatUsdCents(500, HKD, 'zh')).toBe('HK$39.00');
  });

  it('leaves a currency it has no symbol for to Intl', () => {
    const EUR = { type: 'EUR', rate: 0.9, digits: 2 };
    expect(formatMoney(123456, EUR, 'en')).toBe(intl('en', 'EUR', 2, 1234.56));
    expect(formatMoney(123456, EUR, 'ja')).toBe(intl('ja', 'EUR', 2, 1234.56));
  });

  it('writes hourly prices with two more digits, half a unit rounded away from zero; yen in whole yen, rounded up', () => {
    for (const locale of LOCALES) {
      for (const currency of [USD, HKD, JPY]) {
        for (const microUsd of [0, 6_849, 13_699, 41_096, 100_000, 2_739_726]) {
          const value = (microUsd / 1_000_000) * currency.rate;
          expect(formatHourlyMicroUsd(microUsd, currency, locale)).toBe(
            currency.digits === 0
              ? intl(locale, currency.type, 0, Math.ceil(value))
              : intl(locale, currency.type, currency.digits + 2, value),
          );
        }
      }
    }
    // Exactly half a unit: 161,650 micro-USD is $0.16165, and 92,750 micro-USD is HK$0.72345.
    expect(formatHourlyMicroUsd(161_650, USD, 'en')).toBe('$0.1617');
    expect(formatHourlyMicroUsd(92_750, HKD, 'en')).toBe('HK$0.7235');
    // ￥1.0275 an hour (docs/decisions/009-pricing-and-orders.md).
    expect(formatHourlyMicroUsd(6_850, JPY, 'ja')).toBe('￥2');
  });

  it('formats dates per language, whatever was formatted before', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(formatDate('2026-11-23T23:30:00Z', 'en')).toBe('November 23, 2026');
      expect(formatDate('2026-11-23T23:30:00Z', 'ja')).toBe('2026年11月23日');
      expect(formatDate('2026-01-02T00:00:00Z', 'zh')).toBe('2026年1月2日');
    }
  });
});
