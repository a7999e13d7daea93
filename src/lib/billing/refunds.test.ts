import { describe, expect, it } from 'vitest';
import { addSplits, nothingTaken, paidPerLine, type RefundableOrder, shareOut, splitRefund } from './refunds';

/** Two rates and an untaxed part: the hardest shape the arithmetic meets (docs/decisions/068-refunds-and-credit-notes.md). */
const order: RefundableOrder = {
  lines: [
    { key: 'plan', amountMinor: 1_000 },
    { key: 'disk.0', amountMinor: 333 },
    { key: 'licence', amountMinor: 200 },
    { key: 'term', amountMinor: -133 },
  ],
  subtotalMinor: 1_400,
  totalMinor: 1_401,
  taxMinor: 155,
  totalInclTaxMinor: 1_556,
  taxLines: [
    { baseMinor: 1_000, taxMinor: 100 },
    { baseMinor: 367, taxMinor: 55 },
  ],
};

describe('refund arithmetic', () => {
  it('shares out whole amounts that add up exactly', () => {
    expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareOut(7, [0, 0])).toEqual([7, 0]);
    for (const total of [1, 99, 1_000, 12_345]) {
      expect(shareOut(total, [3, 7, 11]).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('refunds in any pieces add up to minus nothing left: the whole, per rate and in total', () => {
    for (const pieces of [[1], [1, 1, 1], [777, 1], [13, 500, 7], [1_555], [3, 3, 3, 3, 3, 3]]) {
      let taken = nothingTaken(order);
      for (const amount of pieces) {
        const split = splitRefund(order, taken, amount);
        expect(split.amountMinor).toBe(amount);
        expect(split.amountExclTaxMinor + split.taxMinor).toBe(amount);
        taken = addSplits(order, [taken, split]);
      }
      const rest = splitRefund(order, taken, order.totalInclTaxMinor - taken.amountMinor);
      const all = addSplits(order, [taken, rest]);
      expect(all.amountMinor).toBe(order.totalInclTaxMinor);
      expect(all.amountExclTaxMinor).toBe(order.totalMinor);
      expect(all.taxMinor).toBe(order.taxMinor);
      expect(all.taxLines).toEqual(order.taxLines);
    }
  });

  it('refuses nothing, a negative amount and more than is left', () => {
    expect(() => splitRefund(order, nothingTaken(order), 0)).toThrow(RangeError);
    expect(() => splitRefund(order, nothingTaken(order), -1)).toThrow(RangeError);
    expect(() => splitRefund(order, nothingTaken(order), 1_557)).toThrow(RangeError);
  });

  it("a line's paid amount carries its share of the term discount and of the tax, and they add up to the order", () => {
    const paid = paidPerLine(order);
    expect([...paid.keys()]).toEqual(['plan', 'disk.0', 'licence']);
    expect([...paid.values()].reduce((a, b) => a + b, 0)).toBe(order.totalInclTaxMinor);
    // The licence is not term-discounted: its share is larger per unit of list price than the plan's.
    expect((paid.get('licence') ?? 0) / 200).toBeGreaterThan((paid.get('plan') ?? 0) / 1_000);
  });
});
