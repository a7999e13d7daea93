import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, userCoupons } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

const app = testApp();
const DAY = 86_400_000;

type Listed = {
  id: number;
  name: string;
  state: string;
  held: number;
  stockLeft: number;
  products: string[];
};

/** A coupon of this test only (unique name), so seeded stock is never touched. Active for ten days by default. */
async function makeCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}, db = testDb()) {
  const [row] = await db
    .insert(coupons)
    .values({
      name: { en: `Test coupon ${crypto.randomUUID()}`, zh: '测试优惠券', ja: 'テストクーポン' },
      kind: 'amount',
      amountCents: 200,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      validDays: 7,
      stockTotal: 10,
      stockLeft: 10,
      perUserLimit: 1,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('coupon insert failed');
  return row;
}

async function stockOf(id: number) {
  const [row] = await testDb().select({ stockLeft: coupons.stockLeft }).from(coupons).where(eq(coupons.id, id));
  return row?.stockLeft;
}

async function claimsOf(couponId: number) {
  return testDb().select().from(userCoupons).where(eq(userCoupons.couponId, couponId));
}

const search = (json: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/ac/coupon/search', { json, headers });
const receive = (headers: Record<string, string>, couponId: unknown) =>
  call(app, 'POST', '/api/ac/coupon/receive', { json: { couponId }, headers });
const listed = async (json: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const res = await search(json, headers);
  expect(res.json.code).toBe(2000);
  return res.json.message as Listed[];
};

describe('POST /api/ac/coupon/search', () => {
  it('lists the centre coupons with their state, without the welcome bundle or long-ended ones', async () => {
    const active = await makeCoupon({ kind: 'percent', amountCents: 0, percentOff: 12, products: ['standard'] });
    const upcoming = await makeCoupon({ startsAt: new Date(Date.now() + 2 * DAY) });
    const soldOut = await makeCoupon({ stockLeft: 0 });
    const endedRecently = await makeCoupon({
      startsAt: new Date(Date.now() - 20 * DAY),
      endsAt: new Date(Date.now() - 2 * DAY),
    });
    const endedLongAgo = await makeCoupon({
      startsAt: new Date(Date.now() - 60 * DAY),
      endsAt: new Date(Date.now() - 31 * DAY),
    });

    const list = await listed();
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get(active.id)).toEqual({
      id: active.id,
      name: active.name.en,
      kind: 'percent',
      amountCents: 0,
      percentOff: 12,
      thresholdCents: 0,
      products: ['standard'],
      startsAt: active.startsAt.toISOString(),
      endsAt: active.endsAt.toISOString(),
      validDays: 7,
      stockTotal: 10,
      stockLeft: 10,
      perUserLimit: 1,
      newCustomerOnly: false,
      state: 'active',
      held: 0,
    });
    expect(byId.get(upcoming.id)?.state).toBe('upcoming');
    expect(byId.get(soldOut.id)?.state).toBe('soldOut');
    expect(byId.get(endedRecently.id)?.state).toBe('ended');
    expect(byId.has(endedLongAgo.id)).toBe(false);

    // Whatever else the shared database holds, every coupon listed is in one of the four states.
    for (const coupon of list) expect(['active', 'ended', 'soldOut', 'upcoming']).toContain(coupon.state);
  });

  it('answers in the requested language and narrows to a product', async () => {
    const forDomains = await makeCoupon({ products: ['domain'] });
    const forAll = await makeCoupon({ products: [] });
    const zh = await listed({ language: 'zh' });
    expect(zh.find((c) => c.id === forDomains.id)?.name).toBe('测试优惠券');

    const storage = await listed({ product: 'storage' });
    expect(storage.some((c) => c.id === forDomains.id)).toBe(false);
    expect(storage.some((c) => c.id === forAll.id)).toBe(true);
    expect(storage.every((c) => c.products.length === 0 || c.products.includes('storage'))).toBe(true);
    expect((await listed({ product: 'domain' })).some((c) => c.id === forDomains.id)).toBe(true);
  });

  it('refuses a malformed filter', async () => {
    const res = await search({ product: 5 });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe(4001);
  });
});

describe('POST /api/ac/coupon/receive', () => {
  it('claims one: stock goes down, the coupon is held for validDays from now and shows as held', async () => {
    const coupon = await makeCoupon({ validDays: 7 });
    const { headers, user } = await signedInCustomer();
    const before = Date.now();
    const res = await receive(headers, coupon.id);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    const claimed = res.json.message as { userCouponId: number; expiresAt: string; stockLeft: number; held: number };
    expect(claimed.userCouponId).toEqual(expect.any(Number));
    // The numbers as the claim left them, for the page to show at once.
    expect(claimed).toMatchObject({ stockLeft: 9, held: 1 });
    const expires = Date.parse(claimed.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    expect(await stockOf(coupon.id)).toBe(9);
    const rows = await claimsOf(coupon.id);
    expect(rows.map((r) => [r.id, r.userId])).toEqual([[claimed.userCouponId, user.id]]);

    const mine = (await listed({}, { cookie: headers.cookie })).find((c) => c.id === coupon.id);
    expect(mine).toMatchObject({ held: 1, stockLeft: 9 });
    // Someone else, or nobody, holds none.
    expect((await listed()).find((c) => c.id === coupon.id)?.held).toBe(0);
  });

  it('needs a login and the CSRF token', async () => {
    const coupon = await makeCoupon();
    const anonymous = await receive({}, coupon.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ code: 4010, message: 'api.unauthorized' });
    const { headers } = await signedInCustomer();
    const noCsrf = await receive({ cookie: headers.cookie }, coupon.id);
    expect(noCsrf.status).toBe(403);
    expect(await stockOf(coupon.id)).toBe(10);
  });

  it.each([
    ['not an id', 'abc', 422, 4001, 'api.invalidInput'],
    ['an unknown coupon', 2_147_483_647, 404, 4040, 'api.coupon.unknown'],
  ])('refuses %s', async (_, couponId, status, code, message) => {
    const { headers } = await signedInCustomer();
    const res = await receive(headers, couponId);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ code, message });
  });

  it.each([
    ['not started', { startsAt: new Date(Date.now() + DAY) }, 409, 4090, 'api.coupon.notStarted'],
    [
      'expired',
      { startsAt: new Date(Date.now() - 5 * DAY), endsAt: new Date(Date.now() - 1000) },
      409,
      4090,
      'api.coupon.expired',
    ],
    ['sold out', { stockLeft: 0 }, 409, 4100, 'api.coupon.soldOut'],
  ])('refuses a coupon that is %s, taking nothing', async (_, overrides, status, code, message) => {
    const coupon = await makeCoupon(overrides);
    const { headers } = await signedInCustomer();
    const res = await receive(headers, coupon.id);
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ code, message });
    expect(await stockOf(coupon.id)).toBe(coupon.stockLeft);
    expect(await claimsOf(coupon.id)).toHaveLength(0);
  });

  it('keeps new-customer coupons for customers without orders', async () => {
    const coupon = await makeCoupon({ newCustomerOnly: true, perUserLimit: 2 });
    const { headers } = await signedInCustomer();
    expect((await receive(headers, coupon.id)).json.code).toBe(2000);
    const order = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'hong-kong',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        currency: 'USD',
        idempotencyKey: crypto.randomUUID(),
      },
      headers,
    });
    expect(order.json.code).toBe(2000);
    const res = await receive(headers, coupon.id);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: 4030, message: 'api.coupon.newCustomersOnly' });
    expect(await stockOf(coupon.id)).toBe(9);
  });

  it('changes nothing when a claim is repeated past the per-account limit', async () => {
    const coupon = await makeCoupon({ perUserLimit: 1 });
    const { headers } = await signedInCustomer();
    expect((await receive(headers, coupon.id)).json.code).toBe(2000);
    const again = await receive(headers, coupon.id);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 4090, message: 'api.coupon.alreadyHeld' });
    expect(await stockOf(coupon.id)).toBe(9);
    expect(await claimsOf(coupon.id)).toHaveLength(1);

    const twice = await makeCoupon({ perUserLimit: 2 });
    expect((await receive(headers, twice.id)).json.code).toBe(2000);
    expect((await receive(headers, twice.id)).json.message).toMatchObject({ held: 2, stockLeft: 8 });
    expect((await receive(headers, twice.id)).json.code).toBe(4090);
    expect(await stockOf(twice.id)).toBe(8);
  });

  it('issues exactly the stock to 60 concurrent claims from 30 customers, never twice to one', async () => {
    const coupon = await makeCoupon({ stockTotal: 20, stockLeft: 20, perUserLimit: 1 });
    const customers = [];
    for (let i = 0; i < 30; i += 1) customers.push(await signedInCustomer());
    const answers = await Promise.all(
      customers.flatMap(({ headers }) => [receive(headers, coupon.id), receive(headers, coupon.id)]),
    );
    const codes = answers.map((a) => a.json.code);
    expect(codes.filter((code) => code === 2000)).toHaveLength(20);
    expect(codes.every((code) => code === 2000 || code === 4090 || code === 4100)).toBe(true);

    expect(await stockOf(coupon.id)).toBe(0);
    const rows = await claimsOf(coupon.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(20);
  });

  it('offers a claimed coupon to the configurator, and order creation spends it once', async () => {
    const coupon = await makeCoupon({ amountCents: 200, products: ['standard'] });
    const { headers, user } = await signedInCustomer();
    const { userCouponId } = (await receive(headers, coupon.id)).json.message as { userCouponId: number };

    const mine = await call(app, 'GET', '/api/home/coupon-server/mine', { headers: { cookie: headers.cookie } });
    expect(mine.json.code).toBe(2000);
    expect(mine.json.message).toEqual([
      expect.objectContaining({ userCouponId, name: coupon.name.en, amountCents: 200 }),
    ]);

    const order = (idempotencyKey: string) =>
      call(app, 'POST', '/api/home/coupon-server/order/create', {
        json: {
          regionId: 'los-angeles',
          imageId: 'ubuntu-24.04',
          planId: 'std-1c1g',
          currency: 'USD',
          userCouponId,
          idempotencyKey,
        },
        headers,
      });
    const first = await order(crypto.randomUUID());
    expect(first.json.message).toMatchObject({ subtotalMinor: 500, discountMinor: 200, totalMinor: 300 });
    const second = await order(crypto.randomUUID());
    expect(second.status).toBe(422);
    expect(second.json.fields).toEqual({ userCouponId: 'api.order.couponUnavailable' });
    const [held] = await testDb()
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.userId, user.id)));
    expect(held?.usedAt).toBeInstanceOf(Date);
  });
});

// The welcome bundle hands out every welcome coupon of the database (src/server/api/accounts/welcome.ts): a
// welcome coupon of this file's own goes in a database of its own, so no other file's bundle grows.
describe('welcome coupons', () => {
  let own: OwnDatabase;
  let welcomeId: number;

  beforeAll(async () => {
    own = await ownDatabase('coupons_welcome');
    welcomeId = (await makeCoupon({ welcome: true }, own.db)).id;
  });
  afterAll(async () => {
    await own?.drop();
  });

  it('are on /welcome-signup only, not in the coupon centre', async () => {
    const res = await call(own.app, 'POST', '/api/ac/coupon/search', { json: {} });
    expect(res.json.code).toBe(2000);
    expect((res.json.message as Listed[]).some((c) => c.id === welcomeId)).toBe(false);
  });

  it('are not handed out there either', async () => {
    const { headers } = await signedInCustomer({}, own.db);
    const res = await call(own.app, 'POST', '/api/ac/coupon/receive', { json: { couponId: welcomeId }, headers });
    expect(res.json).toEqual({ code: 4040, message: 'api.coupon.unknown' });
  });
});
