import { describe, expect, it } from 'vitest';
import { homeBandHeights } from '../../src/lib/home-heights';
import { gridHeight, textLines } from '../../src/lib/table-height';
import { regionCardsHeights } from '../../src/lib/vps-heights';

// The heights skipped blocks keep (issue 9). tests/e2e/routes.spec.ts checks them against real layouts; these
// pin the parts a seeded page does not reach: long customer text and data that grows.
describe('text line estimate', () => {
  it('starts a line at each newline, as white-space: pre-line does', () => {
    expect(textLines('one', 14, 238)).toBe(1);
    expect(textLines('one\ntwo\n\nfour', 14, 238)).toBe(4);
  });

  it('wraps CJK text at any character and Latin text at spaces', () => {
    // 238 px at 14 px is 17 full-width characters a line.
    expect(textLines('東'.repeat(34), 14, 238)).toBe(2);
    expect(textLines('東'.repeat(35), 14, 238)).toBe(3);
    expect(textLines('word '.repeat(40).trim(), 14, 238)).toBeGreaterThan(5);
  });
});

describe('grid height', () => {
  it('stacks one column and takes each row at its tallest card', () => {
    expect(gridHeight([3, 5, 2], 1, 1)).toBe(12);
    expect(gridHeight([3, 5, 2], 2, 1)).toBe(8);
    expect(gridHeight([], 3, 1)).toBe(0);
  });
});

describe('home band heights', () => {
  const base = { plans: 4, promotions: 3, regions: 8, reviews: [{ body: 'Fast.', authorName: 'A' }] };

  it('grow with a long review, and a desk row with its tallest card', () => {
    const short = homeBandHeights(base).reviews;
    const long = homeBandHeights({ ...base, reviews: [{ body: '長'.repeat(600), authorName: 'A' }] }).reviews;
    // 600 characters at 17 a line: 36 lines of 22.75 px, over 50 rem more on a phone.
    expect(long[0] - short[0]).toBeGreaterThan(50);
    expect(long[1] - short[1]).toBeGreaterThan(50);
  });

  it('grow by rows as regions and plans are added', () => {
    const more = homeBandHeights({ ...base, plans: 8, regions: 12 });
    const now = homeBandHeights(base);
    expect(more.plans[0]).toBeGreaterThan(now.plans[0]);
    expect(more.plans[1]).toBeGreaterThan(now.plans[1]);
    expect(more.regions[0]).toBeGreaterThan(now.regions[0]);
    expect(more.regions[1]).toBeGreaterThan(now.regions[1]);
  });
});

describe('VPS region card heights', () => {
  const card = { title: 'Tokyo · Japan', networkNote: 'Direct peering.', testIpLine: 'Test IP: 192.0.2.1' };

  it('count a wrapped network note, narrower on four desk columns than on a phone', () => {
    const note = 'Premium routes to mainland China over CN2 GIA, with direct peering to the major carriers.';
    const [phone, desk] = regionCardsHeights([{ ...card, networkNote: note }]);
    const [phoneShort, deskShort] = regionCardsHeights([card]);
    expect(phone).toBeGreaterThan(phoneShort);
    expect(desk).toBeGreaterThan(deskShort);
  });

  it('keep one desk row for up to four cards', () => {
    const one = regionCardsHeights([card])[1];
    expect(regionCardsHeights([card, card, card, card])[1]).toBe(one);
    expect(regionCardsHeights([card, card, card, card, card])[1]).toBeGreaterThan(one);
  });
});
