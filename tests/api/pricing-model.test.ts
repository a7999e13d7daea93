import { describe, expect, it } from 'vitest';
import { saleActivities, saleItems } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';

/**
 * The pricing model (docs/decisions/036-pricing-model.md) as the quote call charges it, in three currencies.
 * Seeded: std-1c1g $5.00 a month (hourly 6,849 micro-USD), 1 vCPU; std-2c4g 2 vCPU; Hong Kong +20 %, Tokyo +10 %,
 * Los Angeles 0; terms 3 / 6 / 12 months at 5 / 8 / 15 % off; Windows Server $4.00 per vCPU and month; rates HKD
 * 7.78 and JPY 154.2 per USD. Dedicated servers are not billed by the hour.
 */
const app = testApp();
type Line = { key: string; itemId: string; unitMinor: number; amountMinor: number; months: number };
type Quote = {
  billing: 'term' | 'hourly';
  hourly: { rateMicroUsd: number; capMinor: number } | null;
  termPercentOff: number;
  lines: Line[];
  subtotalMinor: number;
  totalMinor: number;
};

async function quote(body: Record<string, unknown>): Promise<Quote> {
  const res = await call(app, 'POST', '/api/product/cvm/quote', {
    json: { imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'USD', ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Quote;
}

const line = (q: Quote, key: string) => q.lines.find((l) => l.key === key);

describe('regions', () => {
  it('adds the region adjustment to the plan, in every currency', async () => {
    const expected = {
      'los-angeles': { USD: 500, HKD: 3890, JPY: 771 },
      tokyo: { USD: 550, HKD: 4279, JPY: 848 },
      'hong-kong': { USD: 600, HKD: 4668, JPY: 925 },
    } as const;
    for (const [regionId, prices] of Object.entries(expected)) {
      for (const [currency, minor] of Object.entries(prices)) {
        const q = await quote({ regionId, currency });
        expect(q.totalMinor, `${regionId} ${currency}`).toBe(minor);
      }
    }
  });

  it('adds it to bandwidth and traffic, not to disks or snapshots', async () => {
    const add = { dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }], snapshotPolicyId: 'daily-7' };
    const la = await quote({ regionId: 'los-angeles', ...add, trafficPackageId: 'traffic-500g', planId: 'std-2c4g' });
    const hk = await quote({ regionId: 'hong-kong', ...add, trafficPackageId: 'traffic-500g', planId: 'std-2c4g' });
    expect(line(hk, 'disk.0')?.amountMinor).toBe(line(la, 'disk.0')?.amountMinor);
    expect(line(hk, 'snapshot')?.amountMinor).toBe(line(la, 'snapshot')?.amountMinor);
    expect(line(hk, 'traffic')?.amountMinor).toBe(Math.round(((line(la, 'traffic')?.amountMinor ?? 0) * 120) / 100));
  });
});

describe('terms', () => {
  it('takes 5, 8 and 15 % off the recurring lines for 3, 6 and 12 months, as one line', async () => {
    for (const [months, percent] of [
      [1, 0],
      [3, 5],
      [6, 8],
      [12, 15],
    ] as const) {
      for (const currency of ['USD', 'HKD', 'JPY']) {
        const q = await quote({
          regionId: 'los-angeles',
          months,
          currency,
          dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
        });
        const recurring = (line(q, 'plan')?.amountMinor ?? 0) + (line(q, 'disk.0')?.amountMinor ?? 0);
        const discount = Math.round((recurring * percent) / 100);
        expect(q.termPercentOff, `${months} ${currency}`).toBe(percent);
        expect(line(q, 'term')?.amountMinor ?? 0, `${months} ${currency}`).toBe(discount === 0 ? 0 : -discount);
        expect(q.totalMinor, `${months} ${currency}`).toBe(recurring - discount);
      }
    }
  });

  it('makes 12 months cost less than twelve single months', async () => {
    const one = await quote({ regionId: 'hong-kong', months: 1 });
    const twelve = await quote({ regionId: 'hong-kong', months: 12 });
    expect(twelve.totalMinor).toBeLessThan(one.totalMinor * 12);
    expect(twelve.totalMinor).toBe(600 * 12 - Math.round((600 * 12 * 15) / 100));
  });
});

describe('licences', () => {
  it('charges Windows Server per vCPU every month, never discounted', async () => {
    const linux = await quote({ regionId: 'tokyo', planId: 'std-2c4g', months: 12 });
    const windows = await quote({ regionId: 'tokyo', planId: 'std-2c4g', months: 12, imageId: 'windows-2022' });
    expect(line(linux, 'licence')).toBeUndefined();
    expect(line(windows, 'licence')).toMatchObject({ itemId: 'windows-2022', unitMinor: 800, amountMinor: 800 * 12 });
    // The term discount is the same: the licence is not part of it.
    expect(line(windows, 'term')?.amountMinor).toBe(line(linux, 'term')?.amountMinor);
    expect(windows.totalMinor - linux.totalMinor).toBe(800 * 12);
    const yen = await quote({ regionId: 'tokyo', planId: 'std-2c4g', imageId: 'windows-2022', currency: 'JPY' });
    expect(line(yen, 'licence')?.amountMinor).toBe(Math.round(8 * 154.2));
  });
});

describe('hourly billing', () => {
  it('quotes the rate by the hour and a monthly cap that is the month at the monthly price', async () => {
    for (const [regionId, pct] of [
      ['los-angeles', 0],
      ['hong-kong', 20],
    ] as const) {
      const q = await quote({ regionId, billing: 'hourly' });
      expect(q.billing).toBe('hourly');
      expect(q.hourly?.rateMicroUsd).toBe(Math.round((6849 * (100 + pct)) / 100));
      expect(q.hourly?.capMinor).toBe(Math.round((500 * (100 + pct)) / 100));
      // The order's credit is the cap: 730 hours at the hourly rate never pass it.
      expect(q.totalMinor).toBe(q.hourly?.capMinor);
      expect(((q.hourly?.rateMicroUsd ?? 0) * 730) / 10_000).toBeGreaterThanOrEqual((q.hourly?.capMinor ?? 0) * 0.99);
    }
    const yen = await quote({ regionId: 'hong-kong', billing: 'hourly', currency: 'JPY' });
    expect(yen.hourly?.capMinor).toBe(925);
  });

  it('adds add-ons by the hour at their monthly price over 730 hours', async () => {
    const q = await quote({
      regionId: 'los-angeles',
      billing: 'hourly',
      dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
    });
    const disk = line(q, 'disk.0')?.amountMinor ?? 0;
    expect(q.hourly?.rateMicroUsd).toBe(6849 + Math.round((disk * 10_000) / 730));
  });

  it('is refused for dedicated servers, for more than one month, and with a sale', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ planId: 'ded-e2388g', regionId: 'hong-kong', billing: 'hourly' }, 'billing'],
      [{ regionId: 'hong-kong', billing: 'hourly', months: 12 }, 'months'],
    ];
    for (const [body, field] of cases) {
      const res = await call(app, 'POST', '/api/product/cvm/quote', {
        json: { imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'USD', ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('the catalog shows the same prices', () => {
  it('lists a plan at its price in the region asked for, and at the lowest region price without one', async () => {
    type Lines = { plans: { id: string; monthlyPriceCents: number; hourlyBilling: boolean }[] }[];
    const plan = async (query: string) =>
      ((await call(app, 'GET', `/api/cvm/user/product?language=en${query}`)).json.message as Lines)
        .flatMap((l) => l.plans)
        .find((p) => p.id === 'std-1c1g');
    expect((await plan('&regionId=hong-kong'))?.monthlyPriceCents).toBe(600);
    expect((await plan('&regionId=tokyo'))?.monthlyPriceCents).toBe(550);
    expect((await plan(''))?.monthlyPriceCents).toBe(500);
    expect((await plan(''))?.hourlyBilling).toBe(true);
  });
});

describe('a sale item alone', () => {
  it('answers the term discount it applied: none, as a sale price is already a term price', async () => {
    const [activity] = await testDb()
      .insert(saleActivities)
      .values({
        name: { en: 'Term discount sale' },
        description: { en: 'Test' },
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const [item] = await testDb()
      .insert(saleItems)
      .values({
        activityId: activity?.id ?? 0,
        planId: 'std-1c1g',
        regionId: 'hong-kong',
        months: 12,
        salePriceCents: 3000,
        stockTotal: 5,
        stockLeft: 5,
        perUserLimit: 1,
      })
      .returning();
    const q = await quote({ regionId: 'hong-kong', months: 12, saleItemId: item?.id });
    expect(line(q, 'term')).toBeUndefined();
    expect(q.termPercentOff).toBe(0);
    expect(q.totalMinor).toBe(3000);
    // The same plan at its regular price gets the 12-month discount, and says so.
    expect((await quote({ regionId: 'hong-kong', months: 12 })).termPercentOff).toBe(15);
  });
});
