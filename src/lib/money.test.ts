import { describe, expect, it } from 'vitest';
import { convertUsdCents, formatUsdCents } from './money';

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
