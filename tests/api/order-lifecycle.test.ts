import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coupons,
  mailOutbox,
  orderEvents,
  orders,
  pintuanGroups,
  pintuanMembers,
  pintuanOffers,
  saleActivities,
  saleItems,
  userCoupons,
  webhookOutbox,
} from '../../src/server/db/schema';
import { expireUnpaidOrders } from '../../src/server/orders/expiry';
import { signatureHeader } from '../../src/server/orders/signature';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { payOrder } from '../support/payments';

/**
 * The order lifecycle (docs/decisions/037-order-lifecycle.md) on a database of its own: the expiry sweep reaches
 * every unpaid order, so the shared database's would be swept too.
 */
let own: OwnDatabase;
const SECRET = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
const DAY = 86_400_000;
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'USD' };

beforeAll(async () => {
  own = await ownDatabase('lifecycle');
});
afterAll(async () => {
  await own?.drop();
});

const customer = (locale: 'en' | 'ja' = 'en') => signedInCustomer({ locale }, own.db);
type Customer = Awaited<ReturnType<typeof customer>>;
type OrderAnswer = { number: string; status: string; totalMinor: number; currency: string; payBy: string };

async function order(who: Customer, body: Record<string, unknown> = {}): Promise<OrderAnswer> {
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: { ...base, idempotencyKey: crypto.randomUUID(), ...body },
    headers: who.headers,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as OrderAnswer;
}

async function row(number: string) {
  const [found] = await own.db.select().from(orders).where(eq(orders.number, number));
  if (!found) throw new Error(`order ${number} missing`);
  return found;
}

async function saleItem(stock: number): Promise<number> {
  const [activity] = await own.db
    .insert(saleActivities)
    .values({
      name: { en: 'Lifecycle sale' },
      description: { en: 'x' },
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    })
    .returning();
  const [item] = await own.db
    .insert(saleItems)
    .values({
      activityId: activity?.id ?? 0,
      planId: 'std-1c1g',
      regionId: 'los-angeles',
      months: 12,
      salePriceCents: 3000,
      stockTotal: stock,
      stockLeft: stock,
      perUserLimit: 1,
    })
    .returning();
  return item?.id ?? 0;
}

async function heldCoupon(who: Customer): Promise<number> {
  const [coupon] = await own.db
    .insert(coupons)
    .values({
      name: { en: 'Lifecycle coupon' },
      kind: 'amount',
      amountCents: 100,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      validDays: 7,
      stockTotal: 10,
      stockLeft: 10,
      perUserLimit: 1,
    })
    .returning();
  const [held] = await own.db
    .insert(userCoupons)
    .values({ couponId: coupon?.id ?? 0, userId: who.user.id, expiresAt: new Date(Date.now() + 7 * DAY) })
    .returning();
  return held?.id ?? 0;
}

/** A group of `size` with one member who has not paid; its leader has paid unless told not to (then no member can join). */
async function group(size: number, options: { leaderPays: boolean } = { leaderPays: true }) {
  const [offer] = await own.db
    .insert(pintuanOffers)
    .values({
      name: { en: 'Lifecycle group-buy' },
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      months: 12,
      groupSize: size,
      groupPriceCents: 4500,
      groupHours: 24,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
      sort: 99,
    })
    .returning();
  const leader = await customer();
  const seat = { imageId: 'ubuntu-24.04', currency: 'USD' };
  const opened = await call(own.app, 'POST', '/api/activity/create', {
    json: { offerId: offer?.id, ...seat, idempotencyKey: crypto.randomUUID() },
    headers: leader.headers,
  });
  const groupId = (opened.json.message as { group: { id: number } }).group.id;
  const leaderOrder = (opened.json.message as { order: { number: string; totalMinor: number; currency: string } })
    .order;
  // A group opens to others when its leader has paid (docs/decisions/060-group-buy-payment.md).
  if (!options.leaderPays) return { groupId, leaderOrder: leaderOrder.number, memberOrder: undefined };
  expect((await payOrder(own.app, leaderOrder)).status).toBe(200);
  const member = await customer();
  const joined = await call(own.app, 'POST', '/api/activity/pintuan/join', {
    json: { groupId, ...seat, idempotencyKey: crypto.randomUUID() },
    headers: member.headers,
  });
  expect(joined.status).toBe(200);
  return {
    groupId,
    leaderOrder: leaderOrder.number,
    memberOrder: (joined.json.message as { order: { number: string } }).order.number,
  };
}

async function notify(
  event: { id: string; type: string; data: Record<string, unknown> },
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  const signature = options.signature ?? signatureHeader(options.secret ?? SECRET, body, options.at ?? Date.now());
  return call(own.app, 'POST', '/api/finance/order-server/pay/notify', {
    body,
    headers: { 'content-type': 'application/json', 'cirrus-signature': signature },
  });
}

describe('unpaid orders expire', () => {
  it('after the payment window, giving back sale stock, coupon and group seat exactly once, with two sweepers at once', async () => {
    const saleId = await saleItem(5);
    const buyer = await customer();
    const saleOrder = await order(buyer, { saleItemId: saleId, months: 12 });
    const holder = await customer();
    const couponId = await heldCoupon(holder);
    const couponOrder = await order(holder, { userCouponId: couponId });
    const g = await group(3, { leaderPays: false });
    const [taken] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(taken?.stockLeft).toBe(4);

    // Not yet: one second before the window ends nothing moves.
    const payBy = new Date(saleOrder.payBy).getTime();
    expect(payBy - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await expireUnpaidOrders(own.db, new Date(payBy - 1000))).expired).toBe(0);

    const at = new Date(payBy + 60_000);
    const runs = await Promise.all([expireUnpaidOrders(own.db, at, 2), expireUnpaidOrders(own.db, at, 2)]);
    let expired = runs.reduce((sum, r) => sum + r.expired, 0);
    for (let more = 1; more > 0; expired += more) more = (await expireUnpaidOrders(own.db, at)).expired;
    expect(expired).toBe(3);

    for (const number of [saleOrder.number, couponOrder.number, g.leaderOrder]) {
      expect((await row(number)).status, number).toBe('expired');
    }
    const [back] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(back?.stockLeft).toBe(5);
    const [coupon] = await own.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon?.usedAt).toBeNull();
    // The leader did not pay: the group fails; its seats are gone.
    const [failed] = await own.db.select().from(pintuanGroups).where(eq(pintuanGroups.id, g.groupId));
    expect(failed?.status).toBe('failed');
    expect(await own.db.select().from(pintuanMembers).where(eq(pintuanMembers.groupId, g.groupId))).toHaveLength(0);

    // Each change is in the history and in the outbox once.
    const saleRow = await row(saleOrder.number);
    const history = await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, saleRow.id));
    expect(history.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      'null>pending_payment',
      'pending_payment>expired',
    ]);
    const events = await own.db.select().from(webhookOutbox).where(eq(webhookOutbox.orderId, saleRow.id));
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.expired']);

    // A later sweep finds nothing more to give back.
    expect((await expireUnpaidOrders(own.db, new Date(payBy + 3_600_000))).expired).toBe(0);
    const [still] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(still?.stockLeft).toBe(5);
  });

  it('frees an unpaid member seat of a full group, which opens again', async () => {
    const g = await group(2);
    const [full] = await own.db.select().from(pintuanGroups).where(eq(pintuanGroups.id, g.groupId));
    // Every seat held, one not paid: full, not yet complete.
    expect(full).toMatchObject({ status: 'open', seatsTaken: 2 });
    await expireUnpaidOrders(own.db, new Date((await row(g.memberOrder ?? '')).payBy.getTime() + 1000));
    const [open] = await own.db.select().from(pintuanGroups).where(eq(pintuanGroups.id, g.groupId));
    expect(open).toMatchObject({ status: 'open', seatsTaken: 1, closedAt: null });
  });
});

describe('customers see and cancel their orders', () => {
  it('lists them newest first, a page at a time, and shows one with its history; others are not found', async () => {
    const who = await customer();
    const made = [await order(who), await order(who, { months: 3 }), await order(who, { months: 12 })];
    const page = await call(own.app, 'POST', '/api/finance/order-server/order/search', {
      json: { page: 1, rows: 2 },
      headers: who.headers,
    });
    const list = page.json.message as { total: number; items: OrderAnswer[] };
    expect(list.total).toBe(3);
    expect(list.items.map((o) => o.number)).toEqual([made[2]?.number, made[1]?.number]);
    const detail = await call(own.app, 'POST', '/api/finance/order-server/order/get', {
      json: { number: made[0]?.number },
      headers: who.headers,
    });
    expect(detail.json.message).toMatchObject({
      number: made[0]?.number,
      status: 'pending_payment',
      history: [{ from: null, to: 'pending_payment', reason: 'created' }],
      // What was ordered, named in every language for the order page.
      server: {
        plan: { en: expect.any(String), zh: expect.any(String), ja: expect.any(String) },
        city: { en: 'Los Angeles', zh: '洛杉矶', ja: 'ロサンゼルス' },
        image: 'Ubuntu 24.04 LTS',
        quantity: 1,
        months: 1,
      },
    });
    const stranger = await customer();
    const theirs = await call(own.app, 'POST', '/api/finance/order-server/order/get', {
      json: { number: made[0]?.number },
      headers: stranger.headers,
    });
    expect(theirs.json).toEqual({ code: 4040, message: 'api.order.notFound' });
    expect((await call(own.app, 'POST', '/api/finance/order-server/order/search', { json: {} })).status).toBe(401);
  });

  it('cancels an unpaid order once, giving its sale stock back; a paid one is refused (409)', async () => {
    const saleId = await saleItem(3);
    const who = await customer();
    const placed = await order(who, { saleItemId: saleId, months: 12 });
    const cancel = () =>
      call(own.app, 'POST', '/api/finance/order-server/order/cancel', {
        json: { number: placed.number },
        headers: who.headers,
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [item] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(item?.stockLeft).toBe(3);
    expect((await row(placed.number)).status).toBe('cancelled');

    const paidOne = await order(who);
    await notify({
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: paidOne.number, amountMinor: paidOne.totalMinor, currency: 'USD' },
    });
    const refused = await call(own.app, 'POST', '/api/finance/order-server/order/cancel', {
      json: { number: paidOne.number },
      headers: who.headers,
    });
    expect(refused.json).toEqual({ code: 4090, message: 'api.order.notCancellable' });
  });
});

describe('payment notifications from the customer centre', () => {
  it('refuse a missing, wrong or stale signature (401) and change nothing', async () => {
    const placed = await order(await customer());
    const event = {
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: placed.number, amountMinor: placed.totalMinor, currency: 'USD' },
    };
    for (const options of [
      { signature: '' },
      { secret: 'another-secret-0123456789abcdefghij' },
      { at: Date.now() - 6 * 60_000 },
      { signature: 't=1,v1=zz' },
    ]) {
      const res = await notify(event, options);
      expect(res.status, JSON.stringify(options)).toBe(401);
      expect(res.json).toEqual({ code: 4010, message: 'api.notify.badSignature' });
    }
    expect((await row(placed.number)).status).toBe('pending_payment');
  });

  it('mark an order paid once, mail the customer in their language, and answer a replay with the first answer', async () => {
    const who = await customer('ja');
    const placed = await order(who, { currency: 'JPY' });
    const event = {
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: placed.number, amountMinor: placed.totalMinor, currency: 'JPY' },
    };
    const answers = await Promise.all([notify(event), notify(event), notify(event)]);
    for (const a of answers) expect(a.json).toEqual({ code: 2000, message: { number: placed.number, status: 'paid' } });
    const paid = await row(placed.number);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    const history = await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id));
    expect(history.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    const [mail] = await own.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, who.user.email), eq(mailOutbox.kind, 'order-paid')));
    expect(mail?.subject).toContain(placed.number);
    expect(mail?.subject).toContain('お支払い');
    expect(mail?.text).toContain(`/ja/orders/${placed.number}`);
    expect(mail?.text).toContain(`￥${placed.totalMinor.toLocaleString('en-US')}`);
  });

  it('keep a late payment of an expired order and flag it for a refund', async () => {
    const placed = await order(await customer());
    await expireUnpaidOrders(own.db, new Date(new Date(placed.payBy).getTime() + 1000));
    expect((await row(placed.number)).status).toBe('expired');
    const res = await notify({
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: placed.number, amountMinor: placed.totalMinor, currency: 'USD' },
    });
    expect(res.json).toEqual({ code: 2000, message: { number: placed.number, status: 'refund_pending' } });
    const late = await row(placed.number);
    const history = await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, late.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'expired',
      toStatus: 'refund_pending',
      reason: 'paid after the order was expired',
    });
  });

  it('handle a payment after the deadline as one for an expired order, whichever of it and the sweep runs first, giving back what the order held once', async () => {
    // Another buyer's order keeps one unit held, so giving a unit back twice would show (stock is capped at total).
    const saleId = await saleItem(10);
    await order(await customer(), { saleItemId: saleId, months: 12 });
    const pay = (placed: { number: string; totalMinor: number }) =>
      notify({
        id: crypto.randomUUID(),
        type: 'payment.succeeded',
        data: { orderNumber: placed.number, amountMinor: placed.totalMinor, currency: 'USD' },
      });
    // The deadline passed a moment ago and no sweep has run yet.
    const overdue = async <Order extends { number: string }>(placed: Order) => {
      await own.db
        .update(orders)
        .set({ payBy: new Date(Date.now() - 1000) })
        .where(eq(orders.number, placed.number));
      return placed;
    };
    const late = async () => {
      const who = await customer();
      return { who, placed: await overdue(await order(who, { saleItemId: saleId, months: 12 })) };
    };

    // The payment first; the sweep after it finds nothing to do.
    const first = await late();
    const holder = await customer();
    const couponOrder = await overdue(await order(holder, { userCouponId: await heldCoupon(holder) }));
    const g = await group(4);
    const third = await customer();
    const joined = await call(own.app, 'POST', '/api/activity/pintuan/join', {
      json: { groupId: g.groupId, imageId: 'ubuntu-24.04', currency: 'USD', idempotencyKey: crypto.randomUUID() },
      headers: third.headers,
    });
    expect(joined.status).toBe(200);
    expect((await row(g.leaderOrder)).status).toBe('paid');
    const memberOrder = await overdue(await row(g.memberOrder ?? ''));
    for (const placed of [first.placed, couponOrder, memberOrder]) {
      expect((await pay(placed)).json, placed.number).toEqual({
        code: 2000,
        message: { number: placed.number, status: 'refund_pending' },
      });
    }
    expect((await expireUnpaidOrders(own.db)).expired).toBe(0);

    // The sweep first, then the payment.
    const second = await late();
    expect((await expireUnpaidOrders(own.db)).expired).toBe(1);
    expect((await pay(second.placed)).json.message).toEqual({ number: second.placed.number, status: 'refund_pending' });

    // Both at once, several times over: the sweep never sees the order paid, and nothing is given back twice.
    const racing = [await late(), await late(), await late()];
    await Promise.all([
      expireUnpaidOrders(own.db),
      ...racing.map(({ placed }) => pay(placed)),
      expireUnpaidOrders(own.db),
    ]);

    const [item] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(item?.stockLeft).toBe(9);
    const [coupon] = await own.db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, (await row(couponOrder.number)).userCouponId ?? 0));
    expect(coupon?.usedAt).toBeNull();
    // The late member's seat is freed once: the leader and the member who has not paid yet keep theirs.
    const [seats] = await own.db.select().from(pintuanGroups).where(eq(pintuanGroups.id, g.groupId));
    expect(seats).toMatchObject({ status: 'open', seatsTaken: 2 });

    for (const { who, placed } of [first, second, ...racing]) {
      const ended = await row(placed.number);
      expect({ status: ended.status, paidAt: ended.paidAt }, placed.number).toEqual({
        status: 'refund_pending',
        paidAt: null,
      });
      const history = await own.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, ended.id))
        .orderBy(asc(orderEvents.id));
      expect(history.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
        'null>pending_payment',
        'pending_payment>expired',
        'expired>refund_pending',
      ]);
      const events = await own.db
        .select()
        .from(webhookOutbox)
        .where(eq(webhookOutbox.orderId, ended.id))
        .orderBy(asc(webhookOutbox.id));
      expect(events.map((e) => [e.type, (e.payload as { order: { status: string } }).order.status])).toEqual([
        ['order.created', 'pending_payment'],
        ['order.expired', 'expired'],
        ['order.refund_pending', 'refund_pending'],
      ]);
      // The customer sees it waiting for the refund; no "paid" mail went out.
      const seen = await call(own.app, 'POST', '/api/finance/order-server/order/get', {
        json: { number: placed.number },
        headers: who.headers,
      });
      expect(seen.json.message).toMatchObject({ status: 'refund_pending' });
      const mails = await own.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, who.user.email), eq(mailOutbox.kind, 'order-paid')));
      expect(mails).toHaveLength(0);
    }
  });

  it('refuse an unknown order (404), a transition the status does not allow (409) and a wrong amount (422), changing nothing', async () => {
    const placed = await order(await customer());
    const unknown = await notify({
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: 'CC20990101FFFFFFFF', amountMinor: 1, currency: 'USD' },
    });
    expect(unknown.json).toEqual({ code: 4040, message: 'api.order.notFound' });
    const early = await notify({
      id: crypto.randomUUID(),
      type: 'provisioning.completed',
      data: { orderNumber: placed.number },
    });
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ code: 4090, message: 'api.order.illegalTransition' });
    const wrong = await notify({
      id: crypto.randomUUID(),
      type: 'payment.succeeded',
      data: { orderNumber: placed.number, amountMinor: placed.totalMinor - 1, currency: 'USD' },
    });
    expect(wrong.status).toBe(422);
    const current = await row(placed.number);
    expect(current.status).toBe('pending_payment');
    const events = await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, current.id));
    expect(events).toHaveLength(1);
  });

  it('walk a paid order through provisioning to active, each step once', async () => {
    const placed = await order(await customer());
    for (const [type, status] of [
      ['payment.succeeded', 'paid'],
      ['provisioning.started', 'provisioning'],
      ['provisioning.completed', 'active'],
    ] as const) {
      const res = await notify({
        id: crypto.randomUUID(),
        type,
        data: { orderNumber: placed.number, amountMinor: placed.totalMinor, currency: 'USD' },
      });
      expect(res.json, type).toEqual({ code: 2000, message: { number: placed.number, status } });
    }
    const done = await row(placed.number);
    const types = await own.db
      .select({ type: webhookOutbox.type })
      .from(webhookOutbox)
      .where(inArray(webhookOutbox.orderId, [done.id]));
    expect(types.map((t) => t.type)).toEqual(['order.created', 'order.paid', 'order.provisioning', 'order.active']);
  });
});
