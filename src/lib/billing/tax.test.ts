import { describe, expect, it } from 'vitest';
import { rateHundredths, ratePercentLabel, taxOf, taxOn, withTax } from './tax';

describe('tax arithmetic', () => {
  it('reads rates as hundredths of a percent, without floats', () => {
    expect(rateHundredths('10')).toBe(1000);
    expect(rateHundredths('25.5')).toBe(2550);
    expect(rateHundredths('19.00')).toBe(1900);
    expect(rateHundredths('0')).toBe(0);
    expect(() => rateHundredths('1e2')).toThrow();
    expect(ratePercentLabel('25.50')).toBe('25.5');
  });

  it('rounds half up to the minor unit: yen whole, cents at half a cent', () => {
    // ¥1 at 10 %: 0.1 yen of tax rounds to nothing; ¥5 is exactly half a yen, which rounds up.
    expect(taxOn(1, '10')).toBe(0);
    expect(taxOn(4, '10')).toBe(0);
    expect(taxOn(5, '10')).toBe(1);
    expect(taxOn(15, '10')).toBe(2);
    // $0.05 at 10 %: half a cent rounds up; $0.04 at 10 %: 0.4 cents rounds down.
    expect(taxOn(5, '10')).toBe(1);
    expect(taxOn(4, '10')).toBe(0);
    // 0.5 cents exactly at 9 % (GST): 50 × 0.09 = 4.5 → 5, 150 × 0.09 = 13.5 → 14.
    expect(taxOn(50, '9')).toBe(5);
    expect(taxOn(150, '9')).toBe(14);
    // 25.5 %: 2 × 0.255 = 0.51 → 1; a float would give 100 × 0.255 = 25.500000000000004.
    expect(taxOn(100, '25.5')).toBe(26);
    expect(taxOn(-5, '10')).toBe(-1);
  });

  it('charges a rule once on the total; reverse charge only for a business where the rule allows it', () => {
    expect(taxOf(49_406, { ratePercent: '10', reverseCharge: false }, { businessTaxId: false })).toEqual({
      baseMinor: 49_406,
      taxMinor: 4_941,
      reverseCharge: false,
    });
    expect(taxOf(10_000, { ratePercent: '19', reverseCharge: true }, { businessTaxId: true })).toEqual({
      baseMinor: 10_000,
      taxMinor: 0,
      reverseCharge: true,
    });
    expect(taxOf(10_000, { ratePercent: '10', reverseCharge: false }, { businessTaxId: true })?.taxMinor).toBe(1_000);
    expect(taxOf(10_000, null, { businessTaxId: false })).toBeNull();
    expect(withTax(5_000, '10')).toBe(5_500);
  });
});
