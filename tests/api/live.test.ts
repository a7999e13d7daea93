import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveNumbersChanged } from '../../src/server/api/live/cache';
import type { LiveNumbers } from '../../src/server/api/live/queries';
import { coupons, pintuanOffers, saleActivities, saleItems } from '../../src/server/db/schema';
import { expireUnpaidOrders } from '../../src/server/orders/expiry';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { payOrder } from '../support/payments';

// GET /api/activity/live and /api/activity/live/mine (docs/decisions/035-live-promotion-numbers.md).

const app = testApp();
const DAY = 86_400_000;

const live = async (headers: Record<string, string> = {}) => {
  const res = await call(app, 'GET', '/api/activity/live', { headers });
  expect(res.json.code).toBe(2000);
  return { res, numbers: res.json.message as LiveNumbers };
};
const mine = async (headers: Record<string, string>) => {
  const res = await call(app, 'GET', '/api/activity/live/mine', { headers });
  expect(res.json.code).toBe(2000);
  return { res, numbers: res.json.message as LiveNumbers };
};

/** A centre coupon of this file only, so no other test's claims move its stock. */
async function makeCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(coupons)
    .values({
      name: { en: `Live coupon ${crypto.randomUUID()}` },
      kind: 'amount',
      amountCents: 300,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      validDays: 7,
      stockTotal: 20,
      stockLeft: 20,
      perUserLimit: 2,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('coupon insert failed');
  return row;
}

/** A running sale item of the seeded std-1c1g plan in Hong Kong, 12 months. */
async function makeSaleItem(stock: number, perUserLimit = 1) {
  const [activity] = await testDb()
    .insert(saleActivities)
    .values({
      name: { en: 'Live sale' },
      description: { en: 'Test' },
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
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
      stockTotal: stock,
      stockLeft: stock,
      perUserLimit,
    })
    .returning();
  if (!item) throw new Error('sale item insert failed');
  return item;
}

const claim = (headers: Record<string, string>, couponId: number) =>
  call(app, 'POST', '/api/ac/coupon/receive', { json: { couponId }, headers });

describe('GET /api/activity/live', () => {
  it('answers the stock of every centre coupon and running sale item, and the seats of joinable groups', async () => {
    const coupon = await makeCoupon({ stockLeft: 7 });
    const soldOut = await makeCoupon({ stockLeft: 0 });
    const item = await makeSaleItem(9);
    liveNumbersChanged();
    const { res, numbers } = await live();
    expect(numbers.coupons).toContainEqual({ id: coupon.id, stockLeft: 7, state: 'active' });
    expect(numbers.coupons).toContainEqual({ id: soldOut.id, stockLeft: 0, state: 'soldOut' });
    const welcome = await testDb().select({ id: coupons.id }).from(coupons).where(eq(coupons.welcome, true));
    for (const w of welcome) expect(numbers.coupons.map((c) => c.id)).not.toContain(w.id);
    expect(numbers.saleItems).toContainEqual({ id: item.id, stockLeft: 9 });
    // The seeded demo groups (decision 013), as the group-buy list shows them.
    const joinable = await call(app, 'POST', '/api/activity/pintuan/getCanJoin', { json: { rows: 50 } });
    const listed = joinable.json.message as { id: number; seatsLeft: number; seatsTaken: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(numbers.groups).toEqual(listed.map((g) => ({ id: g.id, seatsTaken: g.seatsTaken, seatsLeft: g.seatsLeft })));
    expect(numbers.mine).toBeNull();
    // The same for everyone: a shared cache may keep it as briefly as the server does, a browser not at all.
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
  });

  it('is kept briefly, yet a claim shows in the very next answer', async () => {
    const coupon = await makeCoupon({ stockLeft: 5 });
    liveNumbersChanged();
    expect((await live()).numbers.coupons).toContainEqual({ id: coupon.id, stockLeft: 5, state: 'active' });
    // A change the API did not make (an operator's, another instance's) shows once the kept answer expires.
    await testDb().update(coupons).set({ stockLeft: 4 }).where(eq(coupons.id, coupon.id));
    expect((await live()).numbers.coupons).toContainEqual({ id: coupon.id, stockLeft: 5, state: 'active' });
    // A claim through this process drops the kept answer at once.
    const { headers } = await signedInCustomer();
    const claimed = await claim(headers, coupon.id);
    expect(claimed.json.message).toMatchObject({ stockLeft: 3, held: 1 });
    expect((await live()).numbers.coupons).toContainEqual({ id: coupon.id, stockLeft: 3, state: 'active' });
  });

  it('a sale order and a group opened show in the very next answer too', async () => {
    const item = await makeSaleItem(4);
    liveNumbersChanged();
    expect((await live()).numbers.saleItems).toContainEqual({ id: item.id, stockLeft: 4 });
    const buyer = await signedInCustomer();
    const order = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'hong-kong',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        months: 12,
        currency: 'USD',
        saleItemId: item.id,
        idempotencyKey: crypto.randomUUID(),
      },
      headers: buyer.headers,
    });
    expect(order.json.code).toBe(2000);
    expect((await live()).numbers.saleItems).toContainEqual({ id: item.id, stockLeft: 3 });

    const [offer] = await testDb()
      .insert(pintuanOffers)
      .values({
        name: { en: 'Live group-buy' },
        planId: 'std-1c1g',
        regionId: 'hong-kong',
        months: 12,
        groupSize: 3,
        groupPriceCents: 4500,
        groupHours: 1,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const opened = await call(app, 'POST', '/api/activity/create', {
      json: { offerId: offer?.id, imageId: 'ubuntu-24.04', currency: 'USD', idempotencyKey: crypto.randomUUID() },
      headers: buyer.headers,
    });
    expect(opened.json.code).toBe(2000);
    const groupId = (opened.json.message as { group: { id: number } }).group.id;
    // Not joinable until its leader pays (docs/decisions/060-group-buy-payment.md); the payment opens it at once.
    expect((await live()).numbers.groups.map((g) => g.id)).not.toContain(groupId);
    await payOrder(
      app,
      (opened.json.message as { order: { number: string; totalMinor: number; currency: string } }).order,
    );
    // An hour to fill: it ends before the seeded demo groups, well within the answer's first groups.
    expect((await live()).numbers.groups).toContainEqual({ id: groupId, seatsTaken: 1, seatsLeft: 2 });
  });

  it('refuses fields it does not take (each would be another kept answer)', async () => {
    const res = await call(app, 'GET', '/api/activity/live?cachebust=1');
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 4001, message: 'api.invalidInput' });
  });
});

describe('GET /api/activity/live/mine', () => {
  it('needs a session', async () => {
    const res = await call(app, 'GET', '/api/activity/live/mine');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 4010 });
  });

  it('answers fresh numbers with what the visitor holds: coupons, sale items, groups, the welcome bundle', async () => {
    const coupon = await makeCoupon({ stockLeft: 6, perUserLimit: 2 });
    const item = await makeSaleItem(5);
    const customer = await signedInCustomer();
    liveNumbersChanged();
    const before = await mine(customer.headers);
    expect(before.res.headers.get('cache-control')).toBe('no-store');
    expect(before.numbers.mine).toEqual({ welcome: 'open', coupons: [], saleItems: [], groups: [] });
    expect(before.numbers.coupons).toContainEqual({ id: coupon.id, stockLeft: 6, state: 'active' });

    // Never kept: a change made outside the API shows at once.
    await testDb().update(coupons).set({ stockLeft: 5 }).where(eq(coupons.id, coupon.id));
    expect((await mine(customer.headers)).numbers.coupons).toContainEqual({
      id: coupon.id,
      stockLeft: 5,
      state: 'active',
    });

    expect((await claim(customer.headers, coupon.id)).json.code).toBe(2000);
    expect((await claim(customer.headers, coupon.id)).json.code).toBe(2000);
    const order = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'hong-kong',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        months: 12,
        currency: 'USD',
        saleItemId: item.id,
        idempotencyKey: crypto.randomUUID(),
      },
      headers: customer.headers,
    });
    expect(order.json.code).toBe(2000);
    expect((await call(app, 'POST', '/api/welcome/claim', { json: {}, headers: customer.headers })).json.code).toBe(
      2000,
    );

    const after = (await mine(customer.headers)).numbers;
    expect(after.mine).toMatchObject({
      welcome: 'claimed',
      coupons: [{ id: coupon.id, held: 2 }],
      saleItems: [{ id: item.id, bought: 1 }],
      groups: [],
    });
    expect(after.coupons).toContainEqual({ id: coupon.id, stockLeft: 3, state: 'active' });
    expect(after.saleItems).toContainEqual({ id: item.id, stockLeft: 4 });
    // Another customer's answer holds nothing of this one's.
    const other = await signedInCustomer();
    expect((await mine(other.headers)).numbers.mine).toEqual({
      welcome: 'open',
      coupons: [],
      saleItems: [],
      groups: [],
    });
  });

  it('a sale order that ended unpaid no longer counts toward the limit, here as on the order path', async () => {
    const item = await makeSaleItem(5, 1);
    const buyer = await signedInCustomer();
    const place = () =>
      call(app, 'POST', '/api/home/coupon-server/order/create', {
        json: {
          regionId: 'hong-kong',
          imageId: 'ubuntu-24.04',
          planId: 'std-1c1g',
          months: 12,
          currency: 'USD',
          saleItemId: item.id,
          idempotencyKey: crypto.randomUUID(),
        },
        headers: buyer.headers,
      });
    const first = await place();
    expect(first.json.code).toBe(2000);
    expect((await mine(buyer.headers)).numbers.mine?.saleItems).toEqual([{ id: item.id, bought: 1 }]);
    const payBy = new Date((first.json.message as { payBy: string }).payBy);
    await expireUnpaidOrders(testDb(), new Date(payBy.getTime() + 1000));
    // The expired order gave its item back: "limit reached" must not stay on.
    expect((await mine(buyer.headers)).numbers.mine?.saleItems).toEqual([]);
    expect((await place()).json.code).toBe(2000);
    expect((await mine(buyer.headers)).numbers.mine?.saleItems).toEqual([{ id: item.id, bought: 1 }]);
  });

  it('names the groups the visitor leads or sits in, and a welcome offer out of reach', async () => {
    const [offer] = await testDb()
      .insert(pintuanOffers)
      .values({
        name: { en: 'Live group-buy for members' },
        planId: 'std-1c1g',
        regionId: 'hong-kong',
        months: 12,
        groupSize: 3,
        groupPriceCents: 4500,
        groupHours: 24,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const offerId = offer?.id ?? 0;
    const seat = () => ({ imageId: 'ubuntu-24.04', currency: 'USD', idempotencyKey: crypto.randomUUID() });
    const leader = await signedInCustomer();
    const opened = await call(app, 'POST', '/api/activity/create', {
      json: { offerId, ...seat() },
      headers: leader.headers,
    });
    const groupId = (opened.json.message as { group: { id: number } }).group.id;
    // A group waiting for its leader's payment is the leader's already.
    expect((await mine(leader.headers)).numbers.mine?.groups).toEqual([{ id: groupId, offerId, role: 'leader' }]);
    await payOrder(
      app,
      (opened.json.message as { order: { number: string; totalMinor: number; currency: string } }).order,
    );
    const member = await signedInCustomer({ activatedAt: new Date(Date.now() - 40 * DAY) });
    const joined = await call(app, 'POST', '/api/activity/pintuan/join', {
      json: { groupId, ...seat() },
      headers: member.headers,
    });
    expect(joined.json.code).toBe(2000);
    expect((await mine(leader.headers)).numbers.mine?.groups).toEqual([{ id: groupId, offerId, role: 'leader' }]);
    const answer = (await mine(member.headers)).numbers;
    expect(answer.mine?.groups).toEqual([{ id: groupId, offerId, role: 'member' }]);
    expect(answer.groups).toContainEqual({ id: groupId, seatsTaken: 2, seatsLeft: 1 });
    expect(answer.mine?.welcome).toBe('notNew');
  });
});
