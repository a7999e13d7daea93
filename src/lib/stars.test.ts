import { describe, expect, it } from 'vitest';
import { starGlyphs, starLevel } from './stars';

describe('starLevel (docs/product/entities.md#content: halves, strictly above each threshold)', () => {
  it.each([
    [5, 5],
    [4.99, 5],
    [4.51, 5],
    [4.5, 4.5],
    [4.01, 4.5],
    [4, 4],
    [3.51, 4],
    [3.5, 3.5],
    [3.01, 3.5],
    [3, 3],
    [2.51, 3],
    [2.5, 2.5],
    [2.01, 2.5],
    [2, 2],
    [1.51, 2],
    [1.5, 1.5],
    [1.01, 1.5],
    [1, 1],
    [0.5, 1],
    [0, 1],
    [-3, 1],
  ])('%s gives %s stars', (value, stars) => {
    expect(starLevel(value)).toBe(stars);
  });

  it('reads the ratingValue string of the API', () => {
    expect(starLevel('4.6')).toBe(5);
    expect(starLevel('4.50')).toBe(4.5);
    expect(starLevel('4.00')).toBe(4);
    expect(starLevel('0')).toBe(1);
  });

  it('treats a value that is not a number as the floor', () => {
    expect(starLevel('')).toBe(1);
    expect(starLevel('n/a')).toBe(1);
    expect(starLevel(Number.NaN)).toBe(1);
  });
});

describe('starGlyphs', () => {
  it('draws full, half and empty stars for a level', () => {
    expect(starGlyphs(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starGlyphs(1)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect(starGlyphs(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starGlyphs(2.5)).toEqual(['full', 'full', 'half', 'empty', 'empty']);
  });
});
