import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/admin/en.json';
import ja from '../../src/i18n/admin/ja.json';
import zh from '../../src/i18n/admin/zh.json';
import type { DashboardSeries } from '../../src/lib/admin/dashboard-schemas';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { everyoneSignedIn, roleMatrix, type Who } from '../support/staff';

/**
 * The dashboard's numbers (docs/product/back-office-dashboard.md) on a small data set counted by hand, in a week of
 * March 2024 the seed leaves empty. A database of its own: other files' orders and sign-ups would be counted.
 */
let own: OwnDatabase;
let everyone: Record<Who, Record<string, string>>;

async function insertData(db: OwnDatabase['db']) {
  const user = async (email: string, createdAt: string, activatedAt: string | null) => {
    const result = await db.execute<{ id: number }>(sql`
      insert into users (email, username, password_hash, status, locale, created_at, activated_at)
      values (${email}, ${email.split('@')[0]}, 'x', ${activatedAt ? 'active' : 'pending'}, 'en',
              ${createdAt}::timestamptz, ${activatedAt}::timestamptz)
      returning id`);
    return result.rows[0]?.id as number;
  };
  // Sign-ups: 1 March three (two activated), 3 March one (not activated), 5 March one (activated); one before.
  const buyer = await user('dash-a@example.com', '2024-03-01T08:00:00Z', '2024-03-01T08:05:00Z');
  await user('dash-b@example.com', '2024-03-01T09:00:00Z', '2024-03-04T09:00:00Z');
  await user('dash-c@example.com', '2024-03-01T23:00:00Z', null);
  await user('dash-d@example.com', '2024-03-03T12:00:00Z', null);
  await user('dash-e@example.com', '2024-03-05T12:00:00Z', '2024-03-05T12:30:00Z');
  await user('dash-f@example.com', '2024-02-28T12:00:00Z', '2024-02-28T13:00:00Z');

  let n = 0;
  const order = async (status: string, currency: string, total: number, paidAt: string | null, createdAt: string) => {
    n += 1;
    await db.execute(sql`
      insert into orders (number, user_id, idempotency_key, kind, status, pay_by, paid_at, currency, rate,
                          subtotal_minor, discount_minor, total_minor, config, lines, created_at)
      values (${`DASH${n}`}, ${buyer}, ${`dash-${n}`}, 'vps', ${status}, ${createdAt}::timestamptz + interval '30 minutes',
              ${paidAt}::timestamptz, ${currency}, 1, ${total}, 0, ${total}, '{}'::jsonb, '[]'::jsonb, ${createdAt}::timestamptz)`);
  };
  await order('paid', 'USD', 1000, '2024-03-01T10:00:00Z', '2024-03-01T09:55:00Z');
  // Refunded later: it was paid, so it counts (revenue is what was paid).
  await order('refunded', 'USD', 2500, '2024-03-01T12:00:00Z', '2024-03-01T11:55:00Z');
  await order('active', 'HKD', 8000, '2024-03-01T13:00:00Z', '2024-03-01T12:55:00Z');
  // 23:30 UTC on 2 March is 08:30 on 3 March in Tokyo.
  await order('paid', 'JPY', 1500, '2024-03-02T23:30:00Z', '2024-03-02T23:20:00Z');
  await order('pending_payment', 'USD', 4000, null, '2024-03-03T10:00:00Z');
  await order('expired', 'USD', 4000, null, '2024-03-04T10:00:00Z');
  // Before the period in UTC, but 1 March in Tokyo.
  await order('paid', 'USD', 999, '2024-02-29T23:59:00Z', '2024-02-29T23:50:00Z');
  // The first instant after the period in UTC.
  await order('paid', 'USD', 777, '2024-03-06T00:00:00Z', '2024-03-05T23:50:00Z');
  // Either side of the night New York's clocks go forward (10 March 2024): 23:30 on 9 March (EST) and 23:30 on
  // 10 March (EDT), a day of 23 hours.
  await order('paid', 'HKD', 100, '2024-03-10T04:30:00Z', '2024-03-10T04:20:00Z');
  await order('paid', 'HKD', 200, '2024-03-11T03:30:00Z', '2024-03-11T03:20:00Z');

  const [coupon] = (await db.execute<{ id: number }>(sql`select id from coupons order by id limit 1`)).rows;
  const claim = (claimedAt: string, usedAt: string | null) =>
    db.execute(sql`
      insert into user_coupons (coupon_id, user_id, created_at, expires_at, used_at)
      values (${coupon?.id}, ${buyer}, ${claimedAt}::timestamptz, '2025-01-01T00:00:00Z', ${usedAt}::timestamptz)`);
  // Coupons: 2 March three claimed (one used), 4 March two claimed (both used).
  await claim('2024-03-02T10:00:00Z', '2024-03-02T11:00:00Z');
  await claim('2024-03-02T10:10:00Z', null);
  await claim('2024-03-02T10:20:00Z', null);
  await claim('2024-03-04T10:00:00Z', '2024-03-06T10:00:00Z');
  await claim('2024-03-04T10:30:00Z', '2024-03-04T10:40:00Z');

  const [offer] = (await db.execute<{ id: number }>(sql`select id from pintuan_offers order by id limit 1`)).rows;
  const group = (createdAt: string, status: string) =>
    db.execute(sql`
      insert into pintuan_groups (offer_id, leader_user_id, size, seats_taken, status, expires_at, created_at)
      values (${offer?.id}, ${buyer}, 3, ${status === 'succeeded' ? 3 : 1}, ${status},
              ${createdAt}::timestamptz + interval '1 day', ${createdAt}::timestamptz)`);
  // Group-buys: 1 March two opened (one filled, one failed), 5 March two (one filled, one still open).
  await group('2024-03-01T10:00:00Z', 'succeeded');
  await group('2024-03-01T11:00:00Z', 'failed');
  await group('2024-03-05T10:00:00Z', 'succeeded');
  await group('2024-03-05T11:00:00Z', 'open');
}

beforeAll(async () => {
  own = await ownDatabase('admin_dashboard');
  await insertData(own.db);
  everyone = await everyoneSignedIn(own.app, own.db);
}, 120_000);

afterAll(async () => {
  await own?.drop();
});

const path = (query: Record<string, string>) => `/api/admin/dashboard?${new URLSearchParams(query)}`;
const MARCH = { from: '2024-03-01', to: '2024-03-05' };

async function numbers(who: Who, query: Record<string, string>): Promise<DashboardSeries> {
  const res = await call(own.app, 'GET', path(query), { headers: everyone[who] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as DashboardSeries;
}

describe('who may read the dashboard', () => {
  roleMatrix(
    () => own.app,
    () => everyone,
    [
      {
        name: 'GET /api/admin/dashboard',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', path(MARCH)],
      },
    ],
  );

  it('answers each role only the sections it may see', async () => {
    const sections = async (who: Who) =>
      Object.keys(await numbers(who, MARCH))
        .filter((k) => ['sales', 'signups', 'coupons', 'groups'].includes(k))
        .sort();
    expect(await sections('owner')).toEqual(['coupons', 'groups', 'sales', 'signups']);
    expect(await sections('manager')).toEqual(['coupons', 'groups', 'sales', 'signups']);
    expect(await sections('support')).toEqual(['coupons', 'groups', 'signups']);
    expect(await sections('editor')).toEqual(['signups']);
  });
});

describe('the numbers', () => {
  it('equal the hand-counted ones, per day, with zeros on empty days (UTC)', async () => {
    const got = await numbers('manager', MARCH);
    expect(got.tz).toBe('UTC');
    expect(got.days).toEqual(['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05']);
    expect(got.sales?.USD).toEqual({
      orders: [2, 0, 0, 0, 0],
      revenueMinor: [3500, 0, 0, 0, 0],
      totalOrders: 2,
      totalRevenueMinor: 3500,
    });
    expect(got.sales?.HKD).toEqual({
      orders: [1, 0, 0, 0, 0],
      revenueMinor: [8000, 0, 0, 0, 0],
      totalOrders: 1,
      totalRevenueMinor: 8000,
    });
    expect(got.sales?.JPY).toEqual({
      orders: [0, 1, 0, 0, 0],
      revenueMinor: [0, 1500, 0, 0, 0],
      totalOrders: 1,
      totalRevenueMinor: 1500,
    });
    expect(got.signups).toEqual({
      created: [3, 0, 1, 0, 1],
      activated: [2, 0, 0, 0, 1],
      totalCreated: 5,
      totalActivated: 3,
    });
    expect(got.coupons).toEqual({ claimed: [0, 3, 0, 2, 0], used: [0, 1, 0, 2, 0], totalClaimed: 5, totalUsed: 3 });
    expect(got.groups).toEqual({ opened: [2, 0, 0, 0, 2], filled: [1, 0, 0, 0, 1], totalOpened: 4, totalFilled: 2 });
  });

  it("counts days in the operator's time zone when one is given", async () => {
    const got = await numbers('owner', { ...MARCH, tz: 'Asia/Tokyo' });
    expect(got.tz).toBe('Asia/Tokyo');
    expect(got.sales?.USD.orders).toEqual([3, 0, 0, 0, 0]);
    expect(got.sales?.USD.revenueMinor).toEqual([4499, 0, 0, 0, 0]);
    expect(got.sales?.JPY.orders).toEqual([0, 0, 1, 0, 0]);
    // 23:00 UTC on 1 March is 2 March in Tokyo.
    expect(got.signups?.created).toEqual([2, 1, 1, 0, 1]);
  });

  it('counts a day of 23 hours where the clocks change', async () => {
    const newYork = await numbers('owner', { from: '2024-03-09', to: '2024-03-10', tz: 'America/New_York' });
    expect(newYork.sales?.HKD.revenueMinor).toEqual([100, 200]);
    const utc = await numbers('owner', { from: '2024-03-09', to: '2024-03-11' });
    expect(utc.sales?.HKD.revenueMinor).toEqual([0, 100, 200]);
  });

  it('answers a period with nothing in it as zeros, one per day', async () => {
    const got = await numbers('owner', { from: '2023-06-01', to: '2023-06-03' });
    expect(got.days).toEqual(['2023-06-01', '2023-06-02', '2023-06-03']);
    for (const currency of ['USD', 'HKD', 'JPY'] as const) {
      expect(got.sales?.[currency]).toEqual({
        orders: [0, 0, 0],
        revenueMinor: [0, 0, 0],
        totalOrders: 0,
        totalRevenueMinor: 0,
      });
    }
    expect(got.signups).toEqual({ created: [0, 0, 0], activated: [0, 0, 0], totalCreated: 0, totalActivated: 0 });
    expect(got.coupons?.claimed).toEqual([0, 0, 0]);
    expect(got.groups?.opened).toEqual([0, 0, 0]);
  });

  it('takes a single day and a whole leap year (366 days)', async () => {
    expect((await numbers('owner', { from: '2024-03-01', to: '2024-03-01' })).sales?.USD.orders).toEqual([2]);
    const year = await numbers('owner', { from: '2024-01-01', to: '2024-12-31' });
    expect(year.days).toHaveLength(366);
    expect(year.sales?.USD.totalOrders).toBe(4);
  });
});

describe('refused periods', () => {
  const refused = async (query: Record<string, string>) => {
    const res = await call(own.app, 'GET', path(query), { headers: everyone.manager });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe(4001);
    return res.json.fields;
  };
  const translated = (key: string) => {
    for (const messages of [en, zh, ja]) {
      const text = (messages.api.admin as Record<string, string>)[key.replace('api.admin.', '')];
      expect(text?.trim(), key).toBeTruthy();
    }
  };

  it('refuses a period over 366 days, with a translated message', async () => {
    const fields = await refused({ from: '2024-01-01', to: '2025-01-01' });
    expect(fields).toEqual({ from: 'api.admin.dashboardPeriodTooLong' });
    translated('api.admin.dashboardPeriodTooLong');
  });

  it('refuses a period that ends before it starts, with a translated message', async () => {
    const fields = await refused({ from: '2024-03-05', to: '2024-03-04' });
    expect(fields).toEqual({ to: 'api.admin.dashboardPeriodReversed' });
    translated('api.admin.dashboardPeriodReversed');
  });

  it('refuses missing or impossible dates and unknown time zones', async () => {
    expect(await refused({ to: '2024-03-04' })).toEqual({ from: 'api.field.required' });
    expect(await refused({ from: '2024-02-30', to: '2024-03-04' })).toEqual({ from: 'api.field.invalid' });
    expect(await refused({ from: '1999-12-31', to: '2000-01-01' })).toEqual({ from: 'api.field.invalid' });
    expect(await refused({ from: '2024-03-01', to: 'tomorrow' })).toEqual({ to: 'api.field.invalid' });
    expect(await refused({ ...MARCH, tz: 'Mars/Olympus_Mons' })).toEqual({ tz: 'api.field.invalid' });
    expect(await refused({ ...MARCH, tz: "UTC'; drop table orders; --" })).toEqual({ tz: 'api.field.invalid' });
  });
});

describe('currency digits', () => {
  it('are the ones the site prices with', async () => {
    const { MINOR_DIGITS } = await import('../../src/lib/money');
    const { CURRENCY_DIGITS } = await import('../../src/lib/admin/dashboard-schemas');
    for (const [currency, digits] of Object.entries(CURRENCY_DIGITS)) expect(MINOR_DIGITS[currency]).toBe(digits);
  });
});
