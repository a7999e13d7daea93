import { describe, expect, it } from 'vitest';
import { homeBandHeights } from '@/lib/home-heights';
import { gridHeight, textLines } from '@/lib/table-height';
import { type PlanCardText, planLineHeights, regionCardsHeights } from '@/lib/vps-heights';

// The heights skipped blocks keep (docs/product/targets.md#performance). tests/e2e/routes.spec.ts checks them against real layouts; these
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

describe('VPS plan cards (docs/decisions/038-tables-on-phones.md)', () => {
  const plan = (regions: string): PlanCardText => ({
    name: 'Standard 1 vCPU / 1 GB',
    cpuModel: null,
    specs: [
      { label: 'vCPU', value: '1' },
      { label: 'Memory', value: '1 GB' },
      { label: 'Disk', value: '25 GB NVMe' },
      { label: 'Bandwidth', value: '200 Mbps' },
      { label: 'Traffic', value: '1 TB' },
    ],
    regions: { label: 'Regions', value: regions },
    monthly: { label: 'Per month', value: '$5.00' },
    hourly: { label: 'Per hour', value: '$0.0068' },
  });
  const line = (plans: PlanCardText[]) => ({ name: 'Standard', description: 'Shared vCPU.', note: null, plans });

  it('keeps a card per plan on a phone, and a table row per plan from the desk breakpoint up', () => {
    const [phone, desk] = planLineHeights(line([plan('Tokyo')]));
    const [phone4, desk4] = planLineHeights(line(Array.from({ length: 4 }, () => plan('Tokyo'))));
    // A card is about 22 rem on a 320 px phone (name, three lines of specs, regions, two prices), with headroom.
    expect(phone4 - phone).toBeGreaterThan(3 * 20);
    expect(phone4 - phone).toBeLessThan(3 * 27);
    expect(desk4 - desk).toBe(3 * 13);
  });

  it('grows with a region list that wraps', () => {
    const many = Array.from({ length: 30 }, (_, i) => `Region ${i}`).join(' · ');
    expect(planLineHeights(line([plan(many)]))[0]).toBeGreaterThan(planLineHeights(line([plan('Tokyo')]))[0] + 5);
  });
});
