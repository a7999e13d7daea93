import { describe, expect, it } from 'vitest';
import { convertHourlyMicroUsd, convertUsdCents, formatHourlyMicroUsd, formatMoney, formatUsdCents } from './money';

const USD = { type: 'USD', rate: 1, digits: 2 };
const HKD = { type: 'HKD', rate: 7.78, digits: 2 };
const JPY = { type: 'JPY', rate: 154.2, digits: 0 };

describe('money (docs/design.md#api-contract)', () => {
  it('converts USD cents by the rate and rounds per currency', () => {
    expect(convertUsdCents(1000, USD)).toBe(1000);
    expect(convertUsdCents(1000, HKD)).toBe(7780);
    expect(convertUsdCents(500, JPY)).toBe(771);
    expect(convertUsdCents(1, JPY)).toBe(2);
  });

  it('formats for the visitor, JPY without decimals', () => {
    expect(formatUsdCents(1000, USD, 'en')).toBe('$10.00');
    expect(formatUsdCents(1000, HKD, 'zh')).toBe('HK$77.80');
    expect(formatUsdCents(1000, JPY, 'ja')).toMatch(/^[￥¥]1,542$/);
  });
});

/** A small deterministic PRNG, so the property runs are repeatable. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hourly prices (docs/decisions/009-pricing-and-orders.md: whole yen for hourly prices)', () => {
  it('writes yen by the hour in whole yen, rounded up', () => {
    // The cheapest plan, $5.00 a month: 6,849 micro-USD an hour is ￥1.056 at 154.2.
    expect(convertHourlyMicroUsd(6_849, JPY)).toEqual({ minor: 2, digits: 0 });
    expect(formatHourlyMicroUsd(6_849, JPY, 'ja')).toBe('￥2');
    expect(formatHourlyMicroUsd(6_849, JPY, 'zh')).toBe('JP¥2');
    expect(formatHourlyMicroUsd(6_849, JPY, 'en')).toBe('¥2');
    expect(formatHourlyMicroUsd(546_575, JPY, 'ja')).toBe('￥85'); // ￥84.28
  });

  it('keeps a whole yen whole and never makes a paid hour free', () => {
    const at150 = { type: 'JPY', rate: 150, digits: 0 };
    expect(convertHourlyMicroUsd(20_000, at150).minor).toBe(3); // exactly ￥3
    expect(convertHourlyMicroUsd(20_001, at150).minor).toBe(4);
    expect(convertHourlyMicroUsd(1, JPY).minor).toBe(1);
    expect(convertHourlyMicroUsd(0, JPY).minor).toBe(0);
  });

  it('never shows yen below the exact price, nor a yen more', () => {
    const random = mulberry32(20261124);
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const microUsd = 1 + Math.floor(random() * 2_000_000);
      const rate = 100 + Math.round(random() * 10_000) / 100;
      const exact = (microUsd / 1_000_000) * rate;
      const { minor, digits } = convertHourlyMicroUsd(microUsd, { type: 'JPY', rate, digits: 0 });
      if (digits !== 0 || minor < exact - 1e-6 || minor >= exact + 1) wrong.push(`${microUsd} at ${rate}: ${minor}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps USD and HKD at two digits more than their other prices', () => {
    expect(convertHourlyMicroUsd(6_849, USD)).toEqual({ minor: 68, digits: 4 });
    expect(formatHourlyMicroUsd(6_849, USD, 'en')).toBe('$0.0068');
    expect(formatHourlyMicroUsd(6_849, HKD, 'zh')).toBe('HK$0.0533');
  });
});

describe('money properties', () => {
  const random = mulberry32(20261122);
  const currencies = [
    USD,
    HKD,
    JPY,
    { type: 'HKD', rate: 7.8123, digits: 2 },
    { type: 'JPY', rate: 149.87, digits: 0 },
  ];

  it('never drifts from the exact conversion by more than one minor unit', () => {
    for (let i = 0; i < 20_000; i += 1) {
      const cents = Math.floor(random() * 10_000_000);
      const currency = currencies[i % currencies.length] ?? USD;
      const exact = (cents / 100) * currency.rate * 10 ** currency.digits;
      expect(Math.abs(convertUsdCents(cents, currency) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });

  it('the displayed total equals the sum of the displayed lines, in every currency and language', () => {
    const minorOf = (text: string, digits: number) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 10 ** digits);
    for (let i = 0; i < 2_000; i += 1) {
      const currency = currencies[i % currencies.length] ?? USD;
      const locale = (['en', 'zh', 'ja'] as const)[i % 3] ?? 'en';
      const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        convertUsdCents(Math.floor(random() * 50_000), currency),
      );
      const total = lines.reduce((a, b) => a + b, 0);
      const shownLines = lines.map((l) => minorOf(formatMoney(l, currency, locale), currency.digits));
      expect(shownLines.reduce((a, b) => a + b, 0)).toBe(
        minorOf(formatMoney(total, currency, locale), currency.digits),
      );
    }
  });
});
