import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDuePriceChanges } from '../../src/server/admin/prices/scheduled';
import { createDatabase, type Database } from '../../src/server/db/client';
import {
  auditLog,
  currencies,
  currencyRateHistory,
  orders,
  planRegions,
  plans,
  regions,
  scheduledPriceChanges,
  termDiscounts,
} from '../../src/server/db/schema';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { everyoneSignedIn, roleMatrix, type Who } from '../support/staff';

/**
 * The prices screen's API (docs/product/back-office-prices.md): who may read and change, every refusal, the
 * preview against the public quote, scheduled changes applied once with two instances racing
 * (docs/decisions/042-scheduled-prices.md), and orders keeping their rate. A database of its own: prices change
 * here, and every other file's quotes would see them.
 */
let own: OwnDatabase;
let app: OwnDatabase['app'];
let db: Database;
let headers: Record<Who, Record<string, string>>;

beforeAll(async () => {
  own = await ownDatabase('admin_prices');
  app = own.app;
  db = own.db;
  headers = await everyoneSignedIn(app, db);
});

afterAll(async () => {
  await own?.drop();
});

type Money = { minor: number; digits: number };
type Preview = {
  columns: string[];
  currencies: { code: string; digits: number }[];
  rows: {
    planId: string;
    regionId: string;
    imageId: string;
    changed: boolean;
    cells: Record<string, Record<string, { before: Money | null; after: Money | null }>>;
  }[];
};
type Quote = { totalMinor: number; hourly: { rateMicroUsd: number; capMinor: number } | null };

const as = (who: Who) => headers[who];
const manager = () => as('manager');

async function planVersion(id: string) {
  const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, id));
  return row?.version ?? 0;
}
async function planRegionRow(planId: string, regionId: string) {
  const [row] = await db
    .select()
    .from(planRegions)
    .where(and(eq(planRegions.planId, planId), eq(planRegions.regionId, regionId)));
  return row;
}
async function currencyRow(code: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  if (!row) throw new Error(`no currency ${code}`);
  return row;
}
async function quote(config: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/product/cvm/quote', { json: config });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Quote;
}
/** The configurator's quote for one preview cell, as the public API answers it. */
async function publicPrice(row: Preview['rows'][number], column: string, currency: string): Promise<Money | null> {
  const hourly = column === 'hourly';
  const res = await call(app, 'POST', '/api/product/cvm/quote', {
    json: {
      regionId: row.regionId,
      planId: row.planId,
      imageId: row.imageId,
      months: hourly ? 1 : Number(column),
      billing: hourly ? 'hourly' : 'term',
      currency,
    },
  });
  if (res.status !== 200) return null;
  const q = res.json.message as Quote;
  if (!hourly) return { minor: q.totalMinor, digits: currency === 'JPY' ? 0 : 2 };
  const { convertHourlyMicroUsd } = await import('../../src/lib/money');
  const [c] = await db.select().from(currencies).where(eq(currencies.code, currency));
  return q.hourly
    ? convertHourlyMicroUsd(q.hourly.rateMicroUsd, {
        type: currency,
        rate: Number(c?.rate),
        digits: c?.minorDigits ?? 2,
      })
    : null;
}
async function preview(change: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/admin/prices/preview', { json: { change }, headers: manager() });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Preview;
}

describe('who may read and change prices', () => {
  const soon = () => new Date(Date.now() + 3_600_000).toISOString();
  // Only the owner and the manager get through, in that order (roleMatrix asks every role in turn), so each write
  // carries the version the previous success left; refused callers are refused before their body is read.
  let termVersion = 0;
  let rateVersion = 0;
  const next = (counter: 'term' | 'rate') => {
    if (counter === 'term') termVersion += 1;
    else rateVersion += 1;
    return counter === 'term' ? termVersion : rateVersion;
  };
  let cancelled = 0;
  const toCancel: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const [row] = await db
        .insert(scheduledPriceChanges)
        .values({
          target: 'term',
          targetKey: 'term:12',
          change: { target: 'term', months: 12, percentOff: 15 },
          startsAt: new Date(Date.now() + 7_200_000),
        })
        .returning({ id: scheduledPriceChanges.id });
      if (row) toCancel.push(row.id);
    }
  });
  roleMatrix(
    () => app,
    () => headers,
    [
      {
        name: 'read the prices',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/prices'],
      },
      {
        name: 'list scheduled changes',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/prices/scheduled'],
      },
      {
        name: 'read a rate history',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/prices/currencies/HKD/rates'],
      },
      {
        name: 'preview a change',
        allowed: ['owner', 'manager'],
        request: () => ['POST', '/api/admin/prices/preview', { change: { target: 'term', months: 3, percentOff: 5 } }],
      },
      {
        name: 'change a price now',
        allowed: ['owner', 'manager'],
        request: () => [
          'PUT',
          '/api/admin/prices',
          { change: { target: 'term', months: 6, percentOff: 8 }, version: next('term') },
        ],
      },
      {
        name: 'schedule a change',
        allowed: ['owner', 'manager'],
        request: () => [
          'POST',
          '/api/admin/prices/scheduled',
          { change: { target: 'region', regionId: 'seoul', priceAdjustmentPct: 15 }, startsAt: soon() },
        ],
      },
      {
        name: 'cancel a scheduled change',
        allowed: ['owner', 'manager'],
        request: () => [
          'POST',
          `/api/admin/prices/scheduled/${toCancel[cancelled++] ?? 999_999}/cancel`,
          { version: 1 },
        ],
      },
      {
        name: 'set a currency rate',
        allowed: ['owner', 'manager'],
        request: () => ['PUT', '/api/admin/prices/currencies/HKD', { rate: '7.78', version: next('rate') }],
      },
    ],
  );
});

describe('refusals: bad input is refused at its field and nothing is saved', () => {
  /** Everything a refused call could have touched, to compare before and after. */
  async function state() {
    const [p, pr, r, t, c, scheduled, audits] = await Promise.all([
      db.select().from(plans).where(eq(plans.id, 'std-1c1g')),
      planRegionRow('std-1c1g', 'hong-kong'),
      db.select().from(regions).where(eq(regions.id, 'tokyo')),
      db.select().from(termDiscounts),
      db.select().from(currencies),
      db.select({ n: sql<number>`count(*)::int` }).from(scheduledPriceChanges),
      db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
    ]);
    return { p, pr, r, t, c, scheduled, audits };
  }
  const plan = (monthlyPrice: unknown, hourlyPrice: unknown = '0.006849') => ({
    target: 'plan',
    planId: 'std-1c1g',
    monthlyPrice,
    hourlyPrice,
    hourlyBilling: true,
  });

  it.each([
    ['a negative price', plan('-1.00'), 'change.monthlyPrice', 'api.admin.pricesNegative'],
    ['a zero price', plan('0'), 'change.monthlyPrice', 'api.admin.pricesMustBePositive'],
    ['an absurd price', plan('20000.01'), 'change.monthlyPrice', 'api.admin.pricesTooHigh'],
    ['an absurd hourly price', plan('5.00', '40.000001'), 'change.hourlyPrice', 'api.admin.pricesTooHigh'],
    ['a price with too many decimals', plan('5.001'), 'change.monthlyPrice', 'api.admin.pricesAmountInvalid'],
    ['a price that is not a number', plan('five'), 'change.monthlyPrice', 'api.admin.pricesAmountInvalid'],
    ['a missing price', plan(''), 'change.monthlyPrice', 'api.field.required'],
    [
      'a negative licence fee',
      { target: 'licence', imageId: 'windows-2022', licencePerVcpu: '-4' },
      'change.licencePerVcpu',
      'api.admin.pricesNegative',
    ],
    [
      'a discount above 90 %',
      { target: 'term', months: 12, percentOff: 91 },
      'change.percentOff',
      'api.admin.pricesDiscountRange',
    ],
    [
      'a negative discount',
      { target: 'term', months: 12, percentOff: -1 },
      'change.percentOff',
      'api.admin.pricesDiscountRange',
    ],
    [
      'an adjustment beyond 200 %',
      { target: 'region', regionId: 'tokyo', priceAdjustmentPct: 201 },
      'change.priceAdjustmentPct',
      'api.admin.pricesAdjustmentRange',
    ],
    [
      "a plan's price in a region it is not sold in",
      { target: 'planRegion', planId: 'ded-gold6430', regionId: 'tokyo', monthlyPrice: '400.00', hourlyPrice: null },
      'regionId',
      'api.admin.pricesNotSoldInRegion',
    ],
    [
      'a price of its own below zero',
      { target: 'planRegion', planId: 'std-1c1g', regionId: 'hong-kong', monthlyPrice: '-2', hourlyPrice: '' },
      'change.monthlyPrice',
      'api.admin.pricesNegative',
    ],
  ])('%s, made now or scheduled', async (_, change, field, key) => {
    const before = await state();
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    for (const [method, path, body] of [
      ['PUT', '/api/admin/prices', { change, version: 1 }],
      ['POST', '/api/admin/prices/scheduled', { change, startsAt }],
      ['POST', '/api/admin/prices/preview', { change }],
    ] as const) {
      const res = await call(app, method, path, { json: body, headers: manager() });
      expect({ path, status: res.status, code: res.json.code }).toEqual({ path, status: 422, code: 4001 });
      expect(res.json.fields?.[field], JSON.stringify(res.json)).toBe(key);
    }
    expect(await state()).toEqual(before);
  });

  it('a start time that has passed, or more than a year ahead', async () => {
    const before = await state();
    const change = { target: 'term', months: 12, percentOff: 10 };
    for (const [startsAt, key] of [
      [new Date(Date.now() - 1_000).toISOString(), 'api.admin.pricesStartInPast'],
      [new Date(Date.now() + 367 * 86_400_000).toISOString(), 'api.admin.pricesStartTooFar'],
      ['tomorrow', 'api.field.invalid'],
    ]) {
      const res = await call(app, 'POST', '/api/admin/prices/scheduled', {
        json: { change, startsAt },
        headers: manager(),
      });
      expect(res.status).toBe(422);
      expect(res.json.fields?.startsAt).toBe(key);
    }
    expect(await state()).toEqual(before);
  });

  it('a rate of zero or less, not a number, or far from the current one without confirmation', async () => {
    const before = await state();
    const { version } = await currencyRow('HKD');
    for (const [rate, key] of [
      ['0', 'api.admin.pricesRatePositive'],
      ['-7.8', 'api.admin.pricesRatePositive'],
      ['7,8', 'api.admin.pricesRateInvalid'],
      ['7.123456789', 'api.admin.pricesRateInvalid'],
      ['11.70', 'api.admin.pricesRateFarFromCurrent'],
      ['3.80', 'api.admin.pricesRateFarFromCurrent'],
    ]) {
      const res = await call(app, 'PUT', '/api/admin/prices/currencies/HKD', {
        json: { rate, version },
        headers: manager(),
      });
      expect({ rate, status: res.status }).toEqual({ rate, status: 422 });
      expect(res.json.fields?.rate).toBe(key);
    }
    const usd = await call(app, 'PUT', '/api/admin/prices/currencies/USD', {
      json: { rate: '1.1', version: 1 },
      headers: manager(),
    });
    expect(usd.json.fields?.rate).toBe('api.admin.pricesBaseCurrency');
    expect(await state()).toEqual(before);
  });

  it('a save over a newer version answers 409 with the row as it is now', async () => {
    const version = await planVersion('std-1c2g');
    const res = await call(app, 'PUT', '/api/admin/prices', {
      json: {
        change: {
          target: 'plan',
          planId: 'std-1c2g',
          monthlyPrice: '11.00',
          hourlyPrice: '0.015',
          hourlyBilling: true,
        },
        version: version + 5,
      },
      headers: manager(),
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 4090,
      message: 'api.admin.staleVersion',
      current: { planId: 'std-1c2g', monthlyPriceCents: 1000, version },
    });
    expect(await planVersion('std-1c2g')).toBe(version);
  });

  it('an unknown plan answers 404', async () => {
    const res = await call(app, 'PUT', '/api/admin/prices', {
      json: {
        change: {
          target: 'plan',
          planId: 'no-such-plan',
          monthlyPrice: '1.00',
          hourlyPrice: '0.01',
          hourlyBilling: true,
        },
        version: 1,
      },
      headers: manager(),
    });
    expect(res.status).toBe(404);
  });
});

describe('the preview is the public quote', () => {
  it("a plan's own Hong Kong price: every region, term and currency, before and after, as the quote answers", async () => {
    const change = {
      target: 'planRegion',
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      monthlyPrice: '4.35',
      hourlyPrice: '0.005959',
    };
    const shown = await preview(change);
    expect(shown.currencies.map((c) => c.code)).toEqual(['USD', 'HKD', 'JPY']);
    expect(shown.columns).toEqual(['1', '3', '6', '12', 'hourly']);
    expect(shown.rows.map((r) => r.regionId)).toEqual([
      'hong-kong',
      'tokyo',
      'osaka',
      'singapore',
      'los-angeles',
      'frankfurt',
      'seoul',
      'taipei',
    ]);
    // Only Hong Kong moves; its month goes from $6.00 (+20 %) to $4.35.
    expect(shown.rows.filter((r) => r.changed).map((r) => r.regionId)).toEqual(['hong-kong']);
    const hk = shown.rows[0];
    expect(hk?.cells['1']?.USD).toEqual({ before: { minor: 600, digits: 2 }, after: { minor: 435, digits: 2 } });

    for (const row of shown.rows)
      for (const column of shown.columns)
        for (const { code } of shown.currencies)
          expect({ at: `${row.regionId} ${column} ${code}`, price: row.cells[column]?.[code]?.before }).toEqual({
            at: `${row.regionId} ${column} ${code}`,
            price: await publicPrice(row, column, code),
          });

    const current = await planRegionRow('std-1c1g', 'hong-kong');
    const saved = await call(app, 'PUT', '/api/admin/prices', {
      json: { change, version: current?.version },
      headers: manager(),
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    for (const row of shown.rows)
      for (const column of shown.columns)
        for (const { code } of shown.currencies)
          expect({ at: `${row.regionId} ${column} ${code}`, price: row.cells[column]?.[code]?.after }).toEqual({
            at: `${row.regionId} ${column} ${code}`,
            price: await publicPrice(row, column, code),
          });

    // The product pages' "from" price is now Hong Kong's, the lowest; the catalog lists each region's.
    const lines = await call(app, 'GET', '/api/cvm/user/product?language=en');
    const listed = (
      lines.json.message as {
        plans: { id: string; monthlyPriceCents: number; monthlyByRegion: Record<string, number> }[];
      }[]
    )
      .flatMap((l) => l.plans)
      .find((p) => p.id === 'std-1c1g');
    expect(listed?.monthlyPriceCents).toBe(435);
    expect(listed?.monthlyByRegion).toMatchObject({ 'hong-kong': 435, tokyo: 550, 'los-angeles': 500 });

    // Back to following the adjustment: empty prices of its own.
    const back = await call(app, 'PUT', '/api/admin/prices', {
      json: { change: { ...change, monthlyPrice: '', hourlyPrice: null }, version: (current?.version ?? 0) + 1 },
      headers: manager(),
    });
    expect(back.status).toBe(200);
    expect(
      await quote({ regionId: 'hong-kong', planId: 'std-1c1g', imageId: 'ubuntu-24.04', currency: 'USD' }),
    ).toMatchObject({ totalMinor: 600 });
  });

  it.each([
    ['a region adjustment', { target: 'region', regionId: 'tokyo', priceAdjustmentPct: 25 }],
    ['a term discount', { target: 'term', months: 12, percentOff: 20 }],
    ['a licence fee', { target: 'licence', imageId: 'windows-2022', licencePerVcpu: '5.50' }],
    [
      "a plan's base prices",
      { target: 'plan', planId: 'perf-2c4g', monthlyPrice: '30.00', hourlyPrice: '0.041096', hourlyBilling: true },
    ],
  ])('%s: the "now" column is what the quote answers today', async (_, change) => {
    const shown = await preview(change);
    expect(shown.rows.length).toBeGreaterThan(0);
    expect(shown.rows.some((r) => r.changed)).toBe(true);
    // A sample of rows (the first and the last), every column and currency.
    for (const row of [shown.rows[0], shown.rows.at(-1)]) {
      if (!row) continue;
      for (const column of shown.columns)
        for (const { code } of shown.currencies)
          expect(row.cells[column]?.[code]?.before).toEqual(await publicPrice(row, column, code));
    }
  });
});

describe('scheduled changes', () => {
  it('applies exactly once at its time, with two instances racing, audited as the person who scheduled it', async () => {
    const me = await call(app, 'GET', '/api/admin/auth/me', { headers: manager() });
    const managerId = (me.json.message as { staff: { id: number } }).staff.id;
    const startsAt = new Date(Date.now() + 1_500).toISOString();
    const change = {
      target: 'planRegion',
      planId: 'std-2c4g',
      regionId: 'hong-kong',
      monthlyPrice: '19.90',
      hourlyPrice: '',
    };
    const res = await call(app, 'POST', '/api/admin/prices/scheduled', {
      json: { change, startsAt },
      headers: manager(),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const scheduled = res.json.message as { id: number; status: string; version: number };
    expect(scheduled.status).toBe('pending');

    // Before its time nothing applies, on either instance.
    const second = createDatabase(own.url, { max: 4 });
    try {
      expect(await applyDuePriceChanges(db)).toEqual({ applied: 0, failed: 0, due: 0 });
      expect((await planRegionRow('std-2c4g', 'hong-kong'))?.monthlyPriceCents).toBeNull();
      const pending = await call(app, 'GET', '/api/admin/prices/scheduled?status=pending', { headers: as('support') });
      expect((pending.json.message as { items: { id: number }[] }).items.map((i) => i.id)).toContain(scheduled.id);

      await new Promise((resolve) => setTimeout(resolve, Date.parse(startsAt) - Date.now() + 50));
      // Both instances' timers fire at once; each instance asks several times, as retries would.
      const results = await Promise.all([
        applyDuePriceChanges(db),
        applyDuePriceChanges(second),
        applyDuePriceChanges(db),
        applyDuePriceChanges(second),
      ]);
      expect(results.reduce((n, r) => n + r.applied, 0)).toBe(1);
    } finally {
      await second.$client.end();
    }

    expect((await planRegionRow('std-2c4g', 'hong-kong'))?.monthlyPriceCents).toBe(1990);
    expect(
      await quote({ regionId: 'hong-kong', planId: 'std-2c4g', imageId: 'ubuntu-24.04', currency: 'HKD' }),
    ).toMatchObject({ totalMinor: Math.round(19.9 * 7.78 * 100) });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'price'), eq(auditLog.entityId, 'planRegion:std-2c4g/hong-kong')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staffId: managerId,
      action: 'update',
      before: { monthlyPriceCents: null },
      after: { monthlyPriceCents: 1990 },
    });

    const [row] = await db.select().from(scheduledPriceChanges).where(eq(scheduledPriceChanges.id, scheduled.id));
    expect(row?.status).toBe('applied');
    expect(row?.appliedAt).toBeInstanceOf(Date);
    // Applied, it cannot be cancelled any more.
    const cancel = await call(app, 'POST', `/api/admin/prices/scheduled/${scheduled.id}/cancel`, {
      json: { version: row?.version },
      headers: manager(),
    });
    expect(cancel.status).toBe(409);
    expect(cancel.json).toMatchObject({
      message: 'api.admin.pricesScheduledNotPending',
      current: { status: 'applied' },
    });
  });

  it('a cancelled change never applies; a change whose row is gone by its time fails once, prices untouched', async () => {
    const startsAt = new Date(Date.now() + 1_000).toISOString();
    const scheduled = await call(app, 'POST', '/api/admin/prices/scheduled', {
      json: { change: { target: 'term', months: 3, percentOff: 40 }, startsAt },
      headers: manager(),
    });
    const { id, version } = scheduled.json.message as { id: number; version: number };
    const cancel = await call(app, 'POST', `/api/admin/prices/scheduled/${id}/cancel`, {
      json: { version },
      headers: as('owner'),
    });
    expect(cancel.status).toBe(200);
    expect(cancel.json.message).toMatchObject({ status: 'cancelled', cancelledBy: { id: expect.any(Number) } });

    // One scheduled for a plan in a region, then the plan stops being sold there before its time.
    const [pr] = await db.insert(planRegions).values({ planId: 'ded-gold6430', regionId: 'tokyo' }).returning();
    const doomed = await call(app, 'POST', '/api/admin/prices/scheduled', {
      json: {
        change: {
          target: 'planRegion',
          planId: 'ded-gold6430',
          regionId: 'tokyo',
          monthlyPrice: '300',
          hourlyPrice: '',
        },
        startsAt,
      },
      headers: manager(),
    });
    expect(doomed.status).toBe(200);
    if (pr) {
      await db
        .delete(planRegions)
        .where(and(eq(planRegions.planId, 'ded-gold6430'), eq(planRegions.regionId, 'tokyo')));
    }
    await new Promise((resolve) => setTimeout(resolve, Date.parse(startsAt) - Date.now() + 50));
    const terms = await db.select().from(termDiscounts);
    expect(await applyDuePriceChanges(db)).toEqual({ applied: 0, failed: 1, due: 1 });
    expect(await applyDuePriceChanges(db)).toEqual({ applied: 0, failed: 0, due: 0 });
    expect(await db.select().from(termDiscounts)).toEqual(terms);
    const [failed] = await db
      .select()
      .from(scheduledPriceChanges)
      .where(eq(scheduledPriceChanges.id, (doomed.json.message as { id: number }).id));
    expect(failed).toMatchObject({ status: 'failed', failure: 'api.admin.pricesNotSoldInRegion' });
  });
});

describe("the change listener's timer", () => {
  it('applies a scheduled change at its time in every listening process, once', async () => {
    const { startChangeListener } = await import('../../src/server/changes/listener');
    // Two processes' listeners on the same database, as two instances would run.
    const listeners = [startChangeListener({ url: own.url }), startChangeListener({ url: own.url })];
    try {
      // Let both connect and arm their timers before the change is scheduled: scheduling announces itself.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const startsAt = new Date(Date.now() + 1_500).toISOString();
      const scheduled = await call(app, 'POST', '/api/admin/prices/scheduled', {
        json: { change: { target: 'region', regionId: 'osaka', priceAdjustmentPct: 12 }, startsAt },
        headers: manager(),
      });
      expect(scheduled.status).toBe(200);
      const { id } = scheduled.json.message as { id: number };
      await expect
        .poll(
          async () =>
            (await db.select().from(scheduledPriceChanges).where(eq(scheduledPriceChanges.id, id)))[0]?.status,
          { timeout: 10_000, interval: 100 },
        )
        .toBe('applied');
      const [row] = await db.select().from(scheduledPriceChanges).where(eq(scheduledPriceChanges.id, id));
      // At its time, not before, and within the 2 s every instance has to show it.
      const late = (row?.appliedAt?.getTime() ?? 0) - Date.parse(startsAt);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(2_000);
      const [osaka] = await db.select().from(regions).where(eq(regions.id, 'osaka'));
      expect(osaka?.priceAdjustmentPct).toBe(12);
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'price'), eq(auditLog.entityId, 'region:osaka')));
      expect(audits).toHaveLength(1);
    } finally {
      await Promise.all(listeners.map((l) => l.stop()));
    }
  });
});

describe('currency rates', () => {
  it('a new rate has its history row (who, from when); orders placed before keep their rate and total', async () => {
    const customer = await signedInCustomer({}, db);
    const created = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'los-angeles',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        currency: 'HKD',
        idempotencyKey: crypto.randomUUID(),
      },
      headers: customer.headers,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const [before] = await db.select().from(orders).where(eq(orders.userId, customer.user.id));
    const beforeRate = (await currencyRow('HKD')).rate;
    expect(Number(before?.rate)).toBe(Number(beforeRate));

    const { version } = await currencyRow('HKD');
    const res = await call(app, 'PUT', '/api/admin/prices/currencies/HKD', {
      json: { rate: '8.125', version },
      headers: manager(),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toMatchObject({ code: 'HKD', version: version + 1 });

    const [after] = await db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(after).toEqual(before);
    const detail = await call(app, 'POST', '/api/finance/order-server/order/get', {
      json: { number: before?.number },
      headers: customer.headers,
    });
    expect(detail.json.message).toMatchObject({ totalMinor: before?.totalMinor });
    // New quotes use the new rate: $5.00 at 8.125.
    expect(
      await quote({ regionId: 'los-angeles', planId: 'std-1c1g', imageId: 'ubuntu-24.04', currency: 'HKD' }),
    ).toMatchObject({ totalMinor: 4063 });

    const history = await call(app, 'GET', '/api/admin/prices/currencies/HKD/rates', { headers: as('editor') });
    const items = (
      history.json.message as { items: { rate: string; validFrom: string; setBy: { name: string } | null }[] }
    ).items;
    expect(Number(items[0]?.rate)).toBe(8.125);
    expect(items[0]?.setBy).not.toBeNull();
    expect(items.at(-1)?.setBy).toBeNull();
    const stored = await db.select().from(currencyRateHistory).where(eq(currencyRateHistory.code, 'HKD'));
    expect(stored.length).toBe(items.length);

    // Far from the current rate, it passes with the confirmation.
    const far = await call(app, 'PUT', '/api/admin/prices/currencies/HKD', {
      json: { rate: '15', version: version + 1, confirm: true },
      headers: manager(),
    });
    expect(far.status).toBe(200);
    const [still] = await db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(still?.rate).toBe(before?.rate);
  });
});

describe('the scheduled changes and the rates as lists', () => {
  it('lists scheduled changes a page after a cursor, pending first and soonest first, filtered by status', async () => {
    const soonest = Date.now() + 3_600_000;
    const made: number[] = [];
    for (const [i, percentOff] of [7, 9, 11].entries()) {
      const res = await call(app, 'POST', '/api/admin/prices/scheduled', {
        json: {
          change: { target: 'term', months: 6, percentOff },
          startsAt: new Date(soonest + (2 - i) * 60_000).toISOString(),
        },
        headers: manager(),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      made.push((res.json.message as { id: number }).id);
    }
    type Page = { items: { id: number; status: string; startsAt: string }[]; next: string | null; total: number };
    const seen: Page['items'] = [];
    let cursor = '';
    do {
      const res = await call(app, 'GET', `/api/admin/prices/scheduled?status=pending&rows=2&cursor=${cursor}`, {
        headers: as('support'),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const page = res.json.message as Page;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next ?? '';
    } while (cursor);
    expect(seen.every((i) => i.status === 'pending')).toBe(true);
    expect(new Set(seen.map((i) => i.id)).size).toBe(seen.length);
    const times = seen.map((i) => Date.parse(i.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Made latest-starting first, the three are listed the other way round.
    expect(seen.filter((i) => made.includes(i.id)).map((i) => i.id)).toEqual([...made].reverse());

    // Cancelled, the latest-starting one goes below every pending change.
    const cancel = await call(app, 'POST', `/api/admin/prices/scheduled/${made[0]}/cancel`, { headers: manager() });
    expect(cancel.status, JSON.stringify(cancel.json)).toBe(200);
    const all = await call(app, 'GET', '/api/admin/prices/scheduled?status=all&rows=100', { headers: as('support') });
    const items = (all.json.message as Page).items;
    const firstSettled = items.findIndex((i) => i.status !== 'pending');
    expect(firstSettled).toBeGreaterThan(0);
    expect(items.slice(firstSettled).every((i) => i.status !== 'pending')).toBe(true);
    expect(items.find((i) => i.id === made[0])?.status).toBe('cancelled');
  });

  it('lists the currencies with their rates as people write them ("1", not "1.00000000")', async () => {
    const res = await call(app, 'GET', '/api/admin/prices/currencies', { headers: as('editor') });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const items = (res.json.message as { items: { code: string; rate: string }[] }).items;
    expect(items.map((c) => c.code)).toEqual(expect.arrayContaining(['USD', 'HKD', 'JPY']));
    expect(items.find((c) => c.code === 'USD')?.rate).toBe('1');
    const one = await call(app, 'GET', '/api/admin/prices/currencies/JPY', { headers: as('support') });
    expect(one.json.message).toMatchObject({ code: 'JPY', rate: expect.stringMatching(/^\d+(\.\d*[1-9])?$/) });
  });
});
