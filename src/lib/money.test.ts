import { describe, expect, it } from 'vitest';
import { convertUsdCents, formatMoney, formatUsdCents } from './money';

const USD = { type: 'USD', rate: 1, digits: 2 };
const HKD = { type: 'HKD', rate: 7.78, digits: 2 };
const JPY = { type: 'JPY', rate: 154.2, digits: 0 };

describe('money (DESIGN §4)', () => {
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
