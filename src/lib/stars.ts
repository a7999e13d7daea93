/**
 * The star level of a rating summary, in halves (docs/product/entities.md#content): above 4.5 gives 5, above 4 gives 4.5, above 3.5
 * gives 4, above 3 gives 3.5, above 2.5 gives 3, above 2 gives 2.5, above 1.5 gives 2, above 1 gives 1.5,
 * otherwise 1. "Above" is strict, so exactly 4.5 gives 4.5 and exactly 1 gives 1. A value that is not a
 * number (an empty summary's "0", or garbage) falls through to the floor of 1, as the original did.
 */
const STEPS: readonly (readonly [threshold: number, stars: number])[] = [
  [4.5, 5],
  [4, 4.5],
  [3.5, 4],
  [3, 3.5],
  [2.5, 3],
  [2, 2.5],
  [1.5, 2],
  [1, 1.5],
];

export function starLevel(ratingValue: number | string): number {
  const value = typeof ratingValue === 'number' ? ratingValue : Number.parseFloat(ratingValue);
  if (!Number.isFinite(value)) return 1;
  for (const [threshold, stars] of STEPS) {
    if (value > threshold) return stars;
  }
  return 1;
}

/** The five glyph slots of a level: 'full', 'half' or 'empty' each, for the aria-hidden star row. */
export function starGlyphs(level: number): ('full' | 'half' | 'empty')[] {
  return [1, 2, 3, 4, 5].map((n) => (level >= n ? 'full' : level >= n - 0.5 ? 'half' : 'empty'));
}
