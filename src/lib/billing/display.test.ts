import { describe, expect, it } from 'vitest';
import { consumerMinorParts, consumerPrice, consumerPriceParts, consumerSaving, consumerScaled } from './display';

const jpy = { type: 'JPY', rate: 154.2, digits: 0 };
const usd = { type: 'USD', rate: 1, digits: 2 };

describe('consumer prices (docs/decisions/066-tax.md)', () => {
  it('Japanese pages in yen: the amount with consumption tax first, marked 税込, the amount without beside it', () => {
    expect(consumerPrice(771, jpy, 'ja', { ratePercent: '10' })).toBe('￥848（税込）／税抜 ￥771');
    expect(consumerPrice(5, jpy, 'ja', { ratePercent: '10' }, '\n')).toBe('￥6（税込）\n税抜 ￥5');
    expect(consumerScaled({ minor: 2, digits: 0 }, jpy, 'ja', { ratePercent: '10' })).toBe('￥2（税込）／税抜 ￥2');
  });

  it('a headline price: the amount with tax, and the amount without it to set beside', () => {
    expect(consumerPriceParts(500, jpy, 'ja', { ratePercent: '10' })).toEqual({
      main: '￥848（税込）',
      aside: '税抜 ￥771',
    });
    expect(consumerPriceParts(500, usd, 'ja', null)).toEqual({ main: '$5.00', aside: null });
  });

  it('a group price set in yen, and a saving as the difference of the two prices the page shows', () => {
    expect(consumerMinorParts(6939, jpy, 'ja', { ratePercent: '10' })).toEqual({
      main: '￥7,633（税込）',
      aside: '税抜 ￥6,939',
    });
    // The saving with tax is what the two prices with tax differ by: ￥10 and ￥5 are ￥11 and ￥6, ￥5 apart, though
    // ￥5 with its tax alone would be ￥6.
    expect(consumerSaving(7710, 6939, jpy, 'ja', { ratePercent: '10' })).toBe('￥848（税込）／税抜 ￥771');
    expect(consumerSaving(10, 5, jpy, 'ja', { ratePercent: '10' })).toBe('￥5（税込）／税抜 ￥5');
    expect(consumerSaving(10, 5, jpy, 'en', null)).toBe('¥5');
    expect(consumerMinorParts(500, usd, 'en', null)).toEqual({ main: '$5.00', aside: null });
  });

  it('elsewhere the amount alone, without tax', () => {
    expect(consumerPrice(771, jpy, 'en', null)).toBe('¥771');
    expect(consumerPrice(500, usd, 'zh', null)).toBe('US$5.00');
  });
});
