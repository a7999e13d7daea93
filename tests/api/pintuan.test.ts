import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/money';
import { mailOutbox, orders, pintuanGroups, pintuanMembers, pintuanOffers } from '../../src/server/db/schema';
import { expireUnpaidOrders } from '../../src/server/orders/expiry';
import { startExpiryWorker, sweepExpiredGroups } from '../../src/server/pintuan/expiry';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { payOrder } from '../support/payments';

const app = testApp();
const HOUR = 3_600_000;

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type GroupAnswer = {
  group: {
    id: number;
    status: string;
    size: number;
    seatsTaken: number;
    seatsLeft: number;
    members: { name: string }[];
  };
  order: { id: number; number: string; status: string; currency: string; totalMinor: number; payBy: string };
};

/** A running offer of the seeded std-1c1g plan in Hong Kong, 12 months, at $45.00 a seat. */
async function offer(groupSize: number, groupHours = 24): Promise<number> {
  const now = Date.now();
  const [row] = await testDb()
    .insert(pintuanOffers)
    .values({
      name: { en: 'Test group-buy', zh: '测试拼团', ja: 'テスト共同購入' },
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      months: 12,
      groupSize,
      groupPriceCents: 4500,
      groupHours,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 30 * 24 * HOUR),
      sort: 99,
    })
    .returning({ id: pintuanOffers.id });
  if (!row) throw new Error('offer insert failed');
  return row.id;
}

const seat = (extra: Record<string, unknown> = {}) => ({
  imageId: 'ubuntu-24.04',
  currency: 'USD',
  idempotencyKey: crypto.randomUUID(),
  ...extra,
});

function open(who: Customer, offerId: number, extra: Record<string, unknown> = {}) {
  return call(app, 'POST', '/api/activity/create', { json: { offerId, ...seat(extra) }, headers: who.headers });
}

function join(who: Customer, groupId: number, extra: Record<string, unknown> = {}) {
  return call(app, 'POST', '/api/activity/pintuan/join', { json: { groupId, ...seat(extra) }, headers: who.headers });
}

/** A group opened and paid by its leader: open to others (docs/decisions/060-group-buy-payment.md). */
async function openedGroup(size: number): Promise<{ leader: Customer; groupId: number; offerId: number }> {
  const offerId = await offer(size);
  const leader = await signedInCustomer();
  const res = await open(leader, offerId);
  expect(res.json.code).toBe(2000);
  const { group, order } = res.json.message as GroupAnswer;
  expect((await payOrder(app, order)).json.code).toBe(2000);
  return { leader, groupId: group.id, offerId };
}

async function groupRow(id: number) {
  const [row] = await testDb().select().from(pintuanGroups).where(eq(pintuanGroups.id, id));
  if (!row) throw new Error(`group ${id} missing`);
  return row;
}

describe('group-buy offers and groups (docs/decisions/013-group-buy.md)', () => {
  it('a fresh site has the seeded demo groups to join, leaders masked', async () => {
    const res = await call(app, 'POST', '/api/activity/pintuan/getCanJoin', { json: {} });
    const groups = res.json.message as { id: number; leader: string; seatsLeft: number }[];
    expect(groups.map((g) => g.leader)).toEqual(expect.arrayContaining(['mei.****', 'kenj****']));
    const count = await call(app, 'POST', '/api/activity/pintuan/getCanJoinCount', { json: {} });
    expect(count.json.message).toBeGreaterThanOrEqual(2);
  });

  it('lists the seeded offers with group and single prices', async () => {
    const res = await call(app, 'POST', '/api/activity/pintuan/cvm/search', { json: { language: 'zh' } });
    expect(res.json.code).toBe(2000);
    const offers = res.json.message as {
      name: string;
      groupSize: number;
      groupPriceCents: number;
      singlePriceCents: number;
    }[];
    expect(offers.length).toBeGreaterThanOrEqual(4);
    expect(offers.map((o) => o.name)).toContain('香港标准型 1核 1GB · 12 个月 · 2 人团');
    for (const o of offers) expect(o.groupPriceCents).toBeLessThan(o.singlePriceCents);
  });

  it('finds one offer by id, and answers 4040 for an unknown one', async () => {
    const id = await offer(3);
    const found = await call(app, 'POST', '/api/activity/pintuan/cvm/search/buyID', { json: { id } });
    expect(found.json.message).toMatchObject({ id, groupSize: 3, planId: 'std-1c1g', running: true });
    const unknown = await call(app, 'POST', '/api/activity/pintuan/cvm/search/buyID', { json: { id: 99_999_999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 4040, message: 'api.pintuan.offerNotFound' });
  });

  it("an offer's comparison price is the plan's regular price as the quote charges it, in every currency", async () => {
    const id = await offer(3);
    const found = await call(app, 'POST', '/api/activity/pintuan/cvm/search/buyID', { json: { id } });
    const answer = found.json.message as {
      groupPriceCents: number;
      singlePriceCents: number;
      prices: { currency: string; groupMinor: number; singleMinor: number }[];
    };
    expect(answer.prices.map((p) => p.currency).sort()).toEqual(['HKD', 'JPY', 'USD']);
    for (const price of answer.prices) {
      const quote = await call(app, 'POST', '/api/product/cvm/quote', {
        json: {
          regionId: 'hong-kong',
          planId: 'std-1c1g',
          imageId: 'ubuntu-24.04',
          months: 12,
          currency: price.currency,
        },
      });
      expect(price.singleMinor, price.currency).toBe((quote.json.message as { totalMinor: number }).totalMinor);
    }
    // Hong Kong adds 20 % to std-1c1g's $5.00 a month: $72.00 for 12 months, less the 15 % term discount.
    expect(answer.singlePriceCents).toBe(6120);
    expect(answer.prices.find((p) => p.currency === 'USD')).toEqual({
      currency: 'USD',
      groupMinor: 4500,
      singleMinor: 6120,
    });
  });

  it('opening a group needs a login', async () => {
    const res = await call(app, 'POST', '/api/activity/create', { json: { offerId: 1, ...seat() } });
    expect(res.json.code).toBe(4010);
  });

  it('opens a group: the leader has an order pending payment at the group price, priced by the server', async () => {
    const offerId = await offer(3);
    const leader = await signedInCustomer();
    const res = await open(leader, offerId, { currency: 'HKD', totalMinor: 1, groupPriceCents: 1 });
    expect(res.json.code).toBe(2000);
    const { group, order } = res.json.message as GroupAnswer;
    // Pending until its leader pays (docs/decisions/060-group-buy-payment.md).
    expect(group).toMatchObject({ status: 'pending', size: 3, seatsTaken: 1, seatsLeft: 2 });
    expect(group.members).toEqual([
      expect.objectContaining({ leader: true, paid: false, name: expect.stringMatching(/\*{4}$/) }),
    ]);
    // $45.00 at 7.78 HKD per USD.
    expect(order).toMatchObject({ status: 'pending_payment', currency: 'HKD', totalMinor: 35010 });

    // The same idempotency key answers with the same order and group; nothing new is made.
    const key = crypto.randomUUID();
    const other = await offer(2);
    const first = await open(leader, other, { idempotencyKey: key });
    const again = await open(leader, other, { idempotencyKey: key });
    expect((again.json.message as GroupAnswer).order.id).toBe((first.json.message as GroupAnswer).order.id);
    expect((again.json.message as GroupAnswer).group.id).toBe((first.json.message as GroupAnswer).group.id);
    // One open group per leader and offer.
    const second = await open(leader, other);
    expect(second.json).toEqual({ code: 4090, message: 'api.pintuan.alreadyLeading' });
  });

  it('lists joinable groups and counts them; the group page shows members masked', async () => {
    const { groupId, offerId, leader } = await openedGroup(3);
    const list = await call(app, 'POST', '/api/activity/pintuan/getCanJoin', { json: { offerId } });
    expect(list.json.message).toEqual([
      expect.objectContaining({ id: groupId, seatsLeft: 2, leader: `${leader.user.username.slice(0, 4)}****` }),
    ]);
    const count = await call(app, 'POST', '/api/activity/pintuan/getCanJoinCount', { json: { offerId } });
    expect(count.json.message).toBe(1);
    const page = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', { json: { groupId } });
    const answer = page.json.message as { group: { members: { name: string }[] }; viewer: { reason: string } };
    expect(JSON.stringify(answer)).not.toContain(leader.user.email);
    expect(answer.viewer).toMatchObject({ signedIn: false, canJoin: false, reason: 'loginRequired' });
    const mine = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', {
      json: { groupId },
      headers: leader.headers,
    });
    expect((mine.json.message as { viewer: unknown }).viewer).toMatchObject({ role: 'leader', reason: 'ownGroup' });
  });

  it('an unknown group is 4040, a malformed id 4001', async () => {
    const unknown = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', {
      json: { groupId: 99_999_999 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 4040, message: 'api.pintuan.groupNotFound' });
    const joinUnknown = await join(await signedInCustomer(), 99_999_999);
    expect(joinUnknown.json).toEqual({ code: 4040, message: 'api.pintuan.groupNotFound' });
    const malformed = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', {
      json: { groupId: 'abc' },
    });
    expect(malformed.json.code).toBe(4001);
  });
});

describe('joining a group (docs/decisions/013-group-buy.md rules)', () => {
  it('a joiner gets an order at the group price and holds a seat; the group refuses joins when full and succeeds when every seat is paid', async () => {
    const { groupId } = await openedGroup(2);
    const joiner = await signedInCustomer();
    const res = await join(joiner, groupId, { currency: 'JPY' });
    expect(res.json.code).toBe(2000);
    const { group, order } = res.json.message as GroupAnswer;
    expect(group).toMatchObject({ status: 'open', seatsTaken: 2, seatsLeft: 0 });
    expect(group.members.map((m) => (m as { paid?: boolean }).paid)).toEqual([true, false]);
    // $45.00 at 154.2 JPY per USD, rounded to whole yen.
    expect(order).toMatchObject({ status: 'pending_payment', currency: 'JPY', totalMinor: 6939 });

    const late = await join(await signedInCustomer(), groupId);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ code: 4100, message: 'api.pintuan.groupFull' });

    expect((await payOrder(app, order)).json.code).toBe(2000);
    expect(await groupRow(groupId)).toMatchObject({ status: 'succeeded', closedAt: expect.any(Date) });
  });

  it('a leader cannot join their own group', async () => {
    const { leader, groupId } = await openedGroup(3);
    const res = await join(leader, groupId);
    expect(res.json).toEqual({ code: 4090, message: 'api.pintuan.ownGroup' });
    expect((await groupRow(groupId)).seatsTaken).toBe(1);
  });

  it('joining twice is refused and changes nothing', async () => {
    const { groupId } = await openedGroup(4);
    const joiner = await signedInCustomer();
    expect((await join(joiner, groupId)).json.code).toBe(2000);
    const ordersBefore = await testDb().select().from(orders).where(eq(orders.userId, joiner.user.id));
    const again = await join(joiner, groupId);
    expect(again.json).toEqual({ code: 4090, message: 'api.pintuan.alreadyJoined' });
    expect((await groupRow(groupId)).seatsTaken).toBe(2);
    expect(await testDb().select().from(orders).where(eq(orders.userId, joiner.user.id))).toHaveLength(
      ordersBefore.length,
    );
  });

  it('an expired group is refused even before the sweep has run', async () => {
    const { groupId } = await openedGroup(3);
    await testDb()
      .update(pintuanGroups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pintuanGroups.id, groupId));
    const res = await join(await signedInCustomer(), groupId);
    expect(res.json).toEqual({ code: 4100, message: 'api.pintuan.groupExpired' });
    const page = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', { json: { groupId } });
    expect((page.json.message as { group: { status: string } }).group.status).toBe('failed');
    const list = await call(app, 'POST', '/api/activity/pintuan/getCanJoin', { json: { rows: 50 } });
    expect((list.json.message as { id: number }[]).map((g) => g.id)).not.toContain(groupId);
  });

  it('needs a login and the CSRF token to join', async () => {
    const { groupId } = await openedGroup(3);
    const joiner = await signedInCustomer();
    expect((await call(app, 'POST', '/api/activity/pintuan/join', { json: { groupId, ...seat() } })).json.code).toBe(
      4010,
    );
    const noCsrf = await call(app, 'POST', '/api/activity/pintuan/join', {
      json: { groupId, ...seat() },
      headers: { cookie: joiner.headers.cookie },
    });
    expect(noCsrf.json.code).toBe(4030);
  });
});

describe('races (docs/product/targets.md#promotions)', () => {
  it('40 concurrent joins by different customers fill a 5-seat group exactly', async () => {
    const { groupId } = await openedGroup(5);
    const joiners = await Promise.all(Array.from({ length: 40 }, () => signedInCustomer()));
    const answers = await Promise.all(joiners.map((j) => join(j, groupId)));
    const codes = answers.map((a) => a.json.code);
    // The leader holds one seat: four joiners get in, everyone else is told the group is full.
    expect(codes.filter((c) => c === 2000)).toHaveLength(4);
    expect(codes.filter((c) => c !== 2000).every((c) => c === 4100)).toBe(true);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const group = await groupRow(groupId);
    // Every seat is held; the group succeeds when they are paid.
    expect(group).toMatchObject({ seatsTaken: 5, status: 'open' });
    const members = await testDb().select().from(pintuanMembers).where(eq(pintuanMembers.groupId, groupId));
    expect(members).toHaveLength(5);
    // Only the seated joiners have orders.
    const joinerOrders = await testDb()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          joiners.map((j) => j.user.id),
        ),
      );
    expect(joinerOrders).toHaveLength(4);
  });

  it('the same customer joining 10 times at once gets one seat and one order', async () => {
    const { groupId } = await openedGroup(5);
    const joiner = await signedInCustomer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(joiner, groupId)));
    const codes = answers.map((a) => a.json.code);
    expect(codes.filter((c) => c === 2000)).toHaveLength(1);
    expect(
      answers.filter((a) => a.json.code !== 2000).every((a) => a.json.message === 'api.pintuan.alreadyJoined'),
    ).toBe(true);
    expect((await groupRow(groupId)).seatsTaken).toBe(2);
    expect(await testDb().select().from(orders).where(eq(orders.userId, joiner.user.id))).toHaveLength(1);
  });

  it('the same join request repeated with one idempotency key makes one order', async () => {
    const { groupId } = await openedGroup(5);
    const joiner = await signedInCustomer();
    const idempotencyKey = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(joiner, groupId, { idempotencyKey })));
    // A repeat either answers with the very same order (the key already made it) or says "already joined".
    const ok = answers.filter((a) => a.json.code === 2000).map((a) => (a.json.message as GroupAnswer).order.id);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok).size).toBe(1);
    for (const a of answers.filter((a) => a.json.code !== 2000))
      expect(a.json.message).toBe('api.pintuan.alreadyJoined');
    expect((await groupRow(groupId)).seatsTaken).toBe(2);
    expect(await testDb().select().from(orders).where(eq(orders.userId, joiner.user.id))).toHaveLength(1);
  });
});

describe('expiry sweep (docs/decisions/013-group-buy.md)', () => {
  it('fails a short group when its time is up: unpaid orders cancelled, paid ones wait for a refund; a full group is left alone', async () => {
    const short = await openedGroup(3);
    const joiner = await signedInCustomer();
    expect((await join(joiner, short.groupId)).json.code).toBe(2000);
    // The leader has paid; the joiner has not.
    const [leaderSeat] = await testDb()
      .select()
      .from(pintuanMembers)
      .where(and(eq(pintuanMembers.groupId, short.groupId), eq(pintuanMembers.leader, true)));
    const full = await openedGroup(2);
    const fullJoin = await join(await signedInCustomer(), full.groupId);
    expect((await payOrder(app, (fullJoin.json.message as GroupAnswer).order)).json.code).toBe(2000);
    const expiresAt = (await groupRow(short.groupId)).expiresAt;

    // Before the end: nothing happens.
    const early = await sweepExpiredGroups(testDb(), new Date(expiresAt.getTime() - 1000));
    expect(early.failedGroupIds).not.toContain(short.groupId);
    expect((await groupRow(short.groupId)).status).toBe('open');

    const later = new Date(expiresAt.getTime() + 1000);
    const result = await sweepExpiredGroups(testDb(), later);
    expect(result.failedGroupIds).toContain(short.groupId);
    expect(result.failedGroupIds).not.toContain(full.groupId);
    expect(await groupRow(short.groupId)).toMatchObject({ status: 'failed', closedAt: later });
    expect((await groupRow(full.groupId)).status).toBe('succeeded');
    const seats = await testDb().select().from(pintuanMembers).where(eq(pintuanMembers.groupId, short.groupId));
    const cancelled = await testDb()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          seats.map((s) => s.orderId),
        ),
      );
    expect(cancelled).toHaveLength(2);
    expect(cancelled.find((o) => o.id === leaderSeat?.orderId)?.status).toBe('refund_pending');
    expect(cancelled.find((o) => o.id !== leaderSeat?.orderId)?.status).toBe('cancelled');

    // Running it again finds nothing left to do for that group.
    const again = await sweepExpiredGroups(testDb(), later);
    expect(again.failedGroupIds).not.toContain(short.groupId);
  });

  it('concurrent sweeps (several instances) handle each group once', async () => {
    const groups = await Promise.all(Array.from({ length: 6 }, () => openedGroup(3)));
    const ids = groups.map((g) => g.groupId);
    const latest = Math.max(...(await Promise.all(ids.map(async (id) => (await groupRow(id)).expiresAt.getTime()))));
    const at = new Date(latest + 1000);
    const runs = await Promise.all(Array.from({ length: 4 }, () => sweepExpiredGroups(testDb(), at, 2)));
    const handled = runs.flatMap((r) => r.failedGroupIds).filter((id) => ids.includes(id));
    // Each group failed by exactly one run (a run may pick up fewer than all: the rest are left to later runs).
    expect(new Set(handled).size).toBe(handled.length);
    for (;;) {
      const more = await sweepExpiredGroups(testDb(), at);
      handled.push(...more.failedGroupIds.filter((id) => ids.includes(id)));
      if (more.failedGroupIds.length === 0) break;
    }
    expect(handled.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await groupRow(id)).status).toBe('failed');
  });

  it('the worker sweeps at start, so groups that ran out while the server was down fail at once', async () => {
    const { groupId } = await openedGroup(3);
    const expiresAt = (await groupRow(groupId)).expiresAt;
    const worker = startExpiryWorker(testDb(), { intervalMs: 60_000, now: () => new Date(expiresAt.getTime() + 1) });
    try {
      await expect.poll(async () => (await groupRow(groupId)).status, { timeout: 5000 }).toBe('failed');
    } finally {
      await worker.stop();
    }
  });
});

describe('paying for a group-buy (docs/decisions/060-group-buy-payment.md)', () => {
  type Viewer = {
    role: string | null;
    reason: string | null;
    seat: { number: string; status: string; totalMinor: number; payBy: string; payUrl: string } | null;
  };
  const viewerOf = async (groupId: number, who?: Customer) =>
    (
      await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', {
        json: { groupId },
        headers: who?.headers,
      })
    ).json.message as { group: { status: string; expiresAt: string }; viewer: Viewer };

  it('a group waits for its leader to pay, exactly as long as the leader may pay, told by mail and on its page', async () => {
    const offerId = await offer(3, 48);
    const leader = await signedInCustomer();
    const opened = (await open(leader, offerId)).json.message as GroupAnswer;
    const row = await groupRow(opened.group.id);
    expect(row).toMatchObject({ status: 'pending', openedAt: null });
    // Its time is the leader's payment window, to the millisecond: it cannot fail while the leader may still pay.
    expect(row.expiresAt.toISOString()).toBe(opened.order.payBy);

    // Nobody can join it, nor find it in the lists.
    const joiner = await signedInCustomer();
    const refused = await join(joiner, opened.group.id);
    expect(refused.json).toEqual({ code: 4090, message: 'api.pintuan.groupPending' });
    const list = await call(app, 'POST', '/api/activity/pintuan/getCanJoin', { json: { offerId } });
    expect(list.json.message).toEqual([]);

    // The leader sees what to pay, by when and where, on every visit.
    const mine = await viewerOf(opened.group.id, leader);
    expect(mine.viewer).toMatchObject({
      role: 'leader',
      seat: { number: opened.order.number, status: 'pending_payment', totalMinor: 4500, payBy: opened.order.payBy },
    });
    expect(mine.viewer.seat?.payUrl).toContain(opened.order.number);
    // And by mail, in their language, with the amount and the deadline.
    const [mail] = await testDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, leader.user.id), eq(mailOutbox.kind, 'group-seat')));
    expect(mail?.subject).toContain('$45.00');
    expect(mail?.text).toContain(opened.order.number);
    expect(mail?.text).toContain(`/activity/pintuan/part-vps/${opened.group.id}`);

    // One second before the deadline, neither sweep ends anything.
    const payBy = new Date(opened.order.payBy).getTime();
    await expireUnpaidOrders(testDb(), new Date(payBy - 1000));
    await sweepExpiredGroups(testDb(), new Date(payBy - 1000));
    expect((await groupRow(opened.group.id)).status).toBe('pending');

    // The leader pays: the group opens, with the offer's 48 hours to fill from then.
    const paidAt = Date.now();
    expect((await payOrder(app, opened.order, paidAt)).json.code).toBe(2000);
    const open_ = await groupRow(opened.group.id);
    expect(open_.status).toBe('open');
    expect(open_.openedAt).not.toBeNull();
    expect(open_.expiresAt.getTime() - (open_.openedAt?.getTime() ?? 0)).toBe(48 * HOUR);
    expect((await viewerOf(opened.group.id, leader)).viewer.seat?.status).toBe('paid');

    // A member holds a seat while paying, never past the group's end, and keeps the way to pay after a reload.
    const joined = (await join(joiner, opened.group.id)).json.message as GroupAnswer;
    expect(new Date(joined.order.payBy).getTime()).toBeLessThanOrEqual(open_.expiresAt.getTime());
    const reloaded = await viewerOf(opened.group.id, joiner);
    expect(reloaded.viewer).toMatchObject({ role: 'member', seat: { number: joined.order.number } });
    const memberMail = await testDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, joiner.user.id), eq(mailOutbox.kind, 'group-seat')));
    expect(memberMail).toHaveLength(1);
  });

  it('a member joining near the end must pay before the group ends', async () => {
    const { groupId } = await openedGroup(3);
    const end = new Date(Date.now() + 5 * 60_000);
    await testDb().update(pintuanGroups).set({ expiresAt: end }).where(eq(pintuanGroups.id, groupId));
    const joined = (await join(await signedInCustomer(), groupId)).json.message as GroupAnswer;
    expect(joined.order.payBy).toBe(end.toISOString());
  });

  it('a leader who does not pay ends the group when their time is up, not before', async () => {
    const offerId = await offer(2);
    const leader = await signedInCustomer();
    const opened = (await open(leader, offerId)).json.message as GroupAnswer;
    const payBy = new Date(opened.order.payBy).getTime();
    await expireUnpaidOrders(testDb(), new Date(payBy + 1000));
    expect(await groupRow(opened.group.id)).toMatchObject({ status: 'failed', openedAt: null });
    const page = await viewerOf(opened.group.id, leader);
    expect(page.group.status).toBe('failed');
    // The way to pay is gone with the seat: the order has expired.
    expect(page.viewer).toMatchObject({ role: 'leader', seat: null });
  });

  it('a group that fails refunds every paid member and cancels the unpaid', async () => {
    const { groupId } = await openedGroup(4);
    const paying = (await join(await signedInCustomer(), groupId)).json.message as GroupAnswer;
    const unpaid = (await join(await signedInCustomer(), groupId)).json.message as GroupAnswer;
    await payOrder(app, paying.order);
    const expiresAt = (await groupRow(groupId)).expiresAt;
    await sweepExpiredGroups(testDb(), new Date(expiresAt.getTime() + 1000));
    const seats = await testDb()
      .select({ leader: pintuanMembers.leader, id: orders.id, status: orders.status })
      .from(pintuanMembers)
      .innerJoin(orders, eq(orders.id, pintuanMembers.orderId))
      .where(eq(pintuanMembers.groupId, groupId));
    expect(seats.find((s) => s.leader)?.status).toBe('refund_pending');
    expect(seats.find((s) => s.id === paying.order.id)?.status).toBe('refund_pending');
    expect(seats.find((s) => s.id === unpaid.order.id)?.status).toBe('cancelled');
  });
});

describe('who is billed for a seat (docs/decisions/066-tax.md)', () => {
  const ordersOf = (who: Customer) => testDb().select().from(orders).where(eq(orders.userId, who.user.id));

  it('an account without a billing country is refused at the field, and nothing is made', async () => {
    const offerId = await offer(3);
    const leader = await signedInCustomer({ billingCountry: null });
    const res = await open(leader, offerId);
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ billingCountry: 'api.billing.countryRequired' });
    expect(await ordersOf(leader)).toEqual([]);
    const groups = await testDb().select().from(pintuanGroups).where(eq(pintuanGroups.offerId, offerId));
    expect(groups).toEqual([]);
    // So is a member's join, and a tax id that is not one, at its own field.
    const { groupId } = await openedGroup(3);
    const member = await signedInCustomer({ billingCountry: null });
    expect((await join(member, groupId)).json.fields).toEqual({ billingCountry: 'api.billing.countryRequired' });
    const malformed = await join(member, groupId, { billingCountry: 'DE', billingTaxId: 'DE123' });
    expect(malformed.status).toBe(422);
    expect(malformed.json.fields).toEqual({ billingTaxId: 'api.billing.taxIdMalformed' });
    expect(await ordersOf(member)).toEqual([]);
  });

  it('the country the group-buy page sends is taxed, kept on the account, and the seat is paid with its tax', async () => {
    const offerId = await offer(3);
    const leader = await signedInCustomer({ billingCountry: null, locale: 'ja' });
    const res = await open(leader, offerId, { currency: 'JPY', billingCountry: 'JP' });
    expect(res.json.code).toBe(2000);
    const { group } = res.json.message as GroupAnswer;
    const [row] = await ordersOf(leader);
    expect(row?.taxMinor).toBe(Math.round((row?.totalMinor ?? 0) / 10));
    expect(row?.billingProfile).toMatchObject({ country: 'JP' });
    const profile = await call(app, 'GET', '/api/account/billing-profile', { headers: leader.headers });
    expect(profile.json.message).toMatchObject({ billingCountry: 'JP' });
    // The amount to pay on the group's page and in the mail is the total with tax.
    const page = await call(app, 'POST', '/api/activity/pintuan/getCanJoinByGroupId', {
      json: { groupId: group.id },
      headers: leader.headers,
    });
    const seatOrder = (page.json.message as { viewer: { seat: { totalMinor: number } } }).viewer.seat;
    expect(seatOrder.totalMinor).toBe(row?.totalInclTaxMinor);
    const mails = await testDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, leader.user.email));
    const seatMail = mails.find((m) => m.text.includes('テスト共同購入'));
    const yen = { type: 'JPY', rate: 1, digits: 0 };
    expect(seatMail?.text).toContain(formatMoney(row?.totalInclTaxMinor ?? 0, yen, 'ja'));
    expect(seatMail?.text).not.toContain(formatMoney(row?.totalMinor ?? 0, yen, 'ja'));
  });
});
