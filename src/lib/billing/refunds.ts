/**
 * Refund arithmetic (docs/decisions/068-refunds-and-credit-notes.md), shared by the server that refunds and the
 * back office's screen that proposes an amount: integer minor units, no float. A refund is an amount with its tax
 * included; it is split over the order's tax rates in proportion to what each rate still has to give back, and the
 * refund that takes the whole remainder takes exactly what is left of each rate, so the credit notes of a fully
 * refunded order add up to minus its invoice, to the minor unit.
 */

/** What the arithmetic needs of an order: its lines, totals and tax lines as the order keeps them. */
export type RefundableOrder = {
  lines: readonly { key: string; amountMinor: number }[];
  subtotalMinor: number;
  totalMinor: number;
  taxMinor: number;
  totalInclTaxMinor: number;
  taxLines: readonly { baseMinor: number; taxMinor: number }[];
};

/** What refunds took (or a refund takes): its amount excluding tax, its tax, and per tax line of the order the same. */
export type RefundSplit = {
  amountMinor: number;
  amountExclTaxMinor: number;
  taxMinor: number;
  /** One per tax line of the order, in the order's order. */
  taxLines: { baseMinor: number; taxMinor: number }[];
};

/** Nothing taken yet. */
export const nothingTaken = (order: RefundableOrder): RefundSplit => ({
  amountMinor: 0,
  amountExclTaxMinor: 0,
  taxMinor: 0,
  taxLines: order.taxLines.map(() => ({ baseMinor: 0, taxMinor: 0 })),
});

/** The sum of several refunds' splits. */
export function addSplits(order: RefundableOrder, splits: readonly RefundSplit[]): RefundSplit {
  const sum = nothingTaken(order);
  for (const s of splits) {
    sum.amountMinor += s.amountMinor;
    sum.amountExclTaxMinor += s.amountExclTaxMinor;
    sum.taxMinor += s.taxMinor;
    sum.taxLines.forEach((line, i) => {
      line.baseMinor += s.taxLines[i]?.baseMinor ?? 0;
      line.taxMinor += s.taxLines[i]?.taxMinor ?? 0;
    });
  }
  return sum;
}

/** a × b / c rounded half up, for non-negative integers (exact while a × b stays under 2^53). */
const mulDivHalfUp = (a: number, b: number, c: number) => (c === 0 ? 0 : Math.floor((2 * a * b + c) / (2 * c)));

/**
 * Shares `total` out in proportion to `weights` (non-negative), by largest remainder: the shares are whole and add up
 * to `total` exactly.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The buckets an order's money sits in: each tax line (base and tax), and the part no tax line covers. */
function buckets(order: RefundableOrder, taken: RefundSplit) {
  const taxed = order.taxLines.map((line, i) => ({
    base: line.baseMinor - (taken.taxLines[i]?.baseMinor ?? 0),
    tax: line.taxMinor - (taken.taxLines[i]?.taxMinor ?? 0),
  }));
  const coveredBase = order.taxLines.reduce((sum, l) => sum + l.baseMinor, 0);
  const takenCovered = taken.taxLines.reduce((sum, l) => sum + l.baseMinor, 0);
  const untaxed = {
    base: order.totalMinor - coveredBase - (taken.amountExclTaxMinor - takenCovered),
    tax: 0,
  };
  return { taxed, untaxed };
}

/** What an order still has to give back, tax included: what was paid less what refunds took. */
export const remainingMinor = (order: RefundableOrder, taken: RefundSplit) =>
  order.totalInclTaxMinor - taken.amountMinor;

/**
 * Splits a refund of `amountMinor` (tax included, at most what remains) over the order's tax lines: each bucket gets
 * its share of the amount in proportion to what it has left, and within a bucket the tax is its share of the
 * bucket's remaining tax, rounded half up. The refund of the whole remainder takes each bucket's rest exactly.
 */
export function splitRefund(order: RefundableOrder, taken: RefundSplit, amountMinor: number): RefundSplit {
  const left = remainingMinor(order, taken);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > left) {
    throw new RangeError(`refund ${amountMinor} outside 1..${left}`);
  }
  const { taxed, untaxed } = buckets(order, taken);
  const all = [...taxed, untaxed];
  const parts =
    amountMinor === left
      ? all.map((b) => ({ base: b.base, tax: b.tax }))
      : shareOut(
          amountMinor,
          all.map((b) => Math.max(0, b.base + b.tax)),
        ).map((share, i) => {
          const b = all[i] ?? { base: 0, tax: 0 };
          let tax = Math.min(b.tax, mulDivHalfUp(share, Math.max(0, b.tax), Math.max(1, b.base + b.tax)));
          let base = share - tax;
          if (base > b.base) {
            base = b.base;
            tax = share - base;
          }
          return { base, tax };
        });
  const taxLines = parts.slice(0, taxed.length).map((p) => ({ baseMinor: p.base, taxMinor: p.tax }));
  const amountExclTaxMinor = parts.reduce((sum, p) => sum + p.base, 0);
  const taxMinor = parts.reduce((sum, p) => sum + p.tax, 0);
  return { amountMinor: amountExclTaxMinor + taxMinor, amountExclTaxMinor, taxMinor, taxLines };
}

/** Lines a refund by line may name: what was bought (not a term discount, which belongs to the lines it reduced). */
export const refundableLine = (key: string) => key !== 'term';

/** Lines a term discount reduced (docs/decisions/036-pricing-model.md): neither sale, group nor licence. */
const termDiscounted = (key: string) => {
  const kind = key.split('.')[0];
  return kind !== 'sale' && kind !== 'pintuan' && kind !== 'licence' && kind !== 'term';
};

/**
 * What each line of an order was paid, tax included: its amount less its share of the term discount (over the lines
 * it reduced) and of the coupon (over all), plus its share of the tax. The shares are whole and add up to what the
 * order was paid. Keyed by line; a term discount has no entry.
 */
export function paidPerLine(order: RefundableOrder): Map<string, number> {
  const lines = order.lines.filter((l) => refundableLine(l.key));
  const termMinor = -order.lines.filter((l) => l.key === 'term').reduce((sum, l) => sum + l.amountMinor, 0);
  const termShares = shareOut(
    termMinor,
    lines.map((l) => (termDiscounted(l.key) ? Math.max(0, l.amountMinor) : 0)),
  );
  const net = lines.map((l, i) => Math.max(0, l.amountMinor - (termShares[i] ?? 0)));
  const paid = shareOut(order.totalInclTaxMinor, net);
  return new Map(lines.map((l, i) => [l.key, paid[i] ?? 0]));
}
