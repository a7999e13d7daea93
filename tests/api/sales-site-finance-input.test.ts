import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import ja from '../../src/i18n/messages/ja.json';
import zh from '../../src/i18n/messages/zh.json';
import { MAX_BODY_BYTES } from '../../src/server/api/app';
import { orders, saleActivities, saleItems } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';

/**
 * Bad input to the sales, site and finance routes, and to buying from a sale (docs/product/errors.md,
 * docs/decisions/034-hostile-input.md): each is a 4xx `{code, message}` whose message and field keys exist in
 * every language, never a 500, and a refused purchase leaves the sale's stock and the orders as they were.
 */
const app = testApp();
const DAY = 86_400_000;
const json = { 'content-type': 'application/json' };

/** The text of an i18n key such as `api.sale.unavailable` in one language's messages, if there is one. */
function textOf(messages: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

type Answer = Awaited<ReturnType<typeof call>>;

/** A refusal as the house answers one: the status, its business code, and keys every language translates. */
function expectRefused(res: Answer, status: number, label: string) {
  expect(res.status, label).toBe(status);
  // A 4xxx business code (an invalid-input 4001 may go out as 400 or 422).
  expect(res.json?.code, label).toBeGreaterThanOrEqual(4000);
  expect(res.json?.code, label).toBeLessThan(5000);
  const keys = [res.json.message as string, ...Object.values(res.json.fields ?? {})];
  for (const key of keys) {
    expect(key, label).toMatch(/^(api|validation|domain)\./);
    for (const [language, messages] of Object.entries({ en, zh, ja })) {
      expect(typeof textOf(messages, key), `${label}: ${key} in ${language}`).toBe('string');
    }
  }
}

const tooLarge = JSON.stringify({ language: 'en', padding: 'x'.repeat(MAX_BODY_BYTES + 1) });

/** Bodies no POST route here takes: malformed, of the wrong shape, too large, or not JSON at all. */
const badBodies: { label: string; body: string; headers?: Record<string, string>; status: number }[] = [
  { label: 'malformed JSON', body: '{"language":', status: 400 },
  { label: 'an array', body: '[1,2]', status: 422 },
  { label: 'a string', body: '"en"', status: 422 },
  { label: 'null', body: 'null', status: 422 },
  { label: 'a body over the limit', body: tooLarge, status: 413 },
  { label: 'a text/plain form', body: '{}', headers: { 'content-type': 'text/plain' }, status: 415 },
  { label: 'another site', body: '{}', headers: { origin: 'https://evil.example' }, status: 403 },
];

describe('POST /api/home/activity/cvm/search (running sales)', () => {
  const path = '/api/home/activity/cvm/search';

  it('refuses a language of the wrong type or length as a field error, not a 500', async () => {
    for (const language of [5, true, ['en'], { en: 1 }, 'x'.repeat(17)]) {
      const res = await call(app, 'POST', path, { json: { language } });
      expectRefused(res, 422, JSON.stringify(language));
      expect(res.json.fields?.language).toBeDefined();
    }
  });

  it('answers an unknown language in the fallback language rather than refusing it', async () => {
    const res = await call(app, 'POST', path, { json: { language: 'xx-YY' } });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.message)).toBe(true);
  });

  it('refuses malformed, mis-shaped, too-large, non-JSON and cross-site bodies', async () => {
    for (const { label, body, headers, status } of badBodies) {
      const res = await call(app, 'POST', path, { body, headers: { ...json, ...headers } });
      expectRefused(res, status, label);
    }
  });

  it('is a POST: a GET is 405 naming the method it takes', async () => {
    const res = await call(app, 'GET', path);
    expectRefused(res, 405, 'GET');
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('site routes', () => {
  it('refuses a footer language of the wrong length and control characters in the query', async () => {
    const long = await call(app, 'GET', `/api/seniorManage/footLink/search?language=${'x'.repeat(17)}`);
    expectRefused(long, 422, 'long language');
    expect(long.json.fields?.language).toBeDefined();
    const control = await call(app, 'GET', '/api/seniorManage/footLink/search?language=en%00');
    expect(control.status).toBeGreaterThanOrEqual(400);
    expect(control.status).toBeLessThan(500);
    expectRefused(control, control.status, 'control character');
  });

  it('answers an unknown footer language in the fallback language', async () => {
    const res = await call(app, 'GET', '/api/seniorManage/footLink/search?language=xx');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.message)).toBe(true);
  });

  it('takes only GET (and HEAD) on its reads: other methods are 405 with Allow', async () => {
    for (const path of ['/api/health', '/api/build', '/api/seniorManage/footLink/search']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await call(app, method, path, { json: {} });
        expectRefused(res, 405, `${method} ${path}`);
        expect(res.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
      }
    }
  });

  it('answers a path no route has with a 404 envelope', async () => {
    for (const path of ['/api/seniorManage/footLink/search/1', '/api/health/deep', '/api/nope']) {
      expectRefused(await call(app, 'GET', path), 404, path);
    }
  });
});

describe('POST /api/finance/order-server/pay/getMoneyType (currencies)', () => {
  const path = '/api/finance/order-server/pay/getMoneyType';

  it('refuses malformed, mis-shaped, too-large, non-JSON and cross-site bodies', async () => {
    for (const { label, body, headers, status } of badBodies) {
      const res = await call(app, 'POST', path, { body, headers: { ...json, ...headers } });
      expectRefused(res, status, label);
    }
  });

  it('is a POST: a GET is 405', async () => {
    expectRefused(await call(app, 'GET', path), 405, 'GET');
  });

  it('still lists the currencies for an empty body', async () => {
    const res = await call(app, 'POST', path, { body: '', headers: json });
    expect(res.status).toBe(200);
    expect((res.json.message as { type: string }[]).map((c) => c.type)).toContain('USD');
  });
});

describe('buying from a sale: a refused order takes no stock and saves no order', () => {
  const create = '/api/home/coupon-server/order/create';

  /** A sale item of this test only (running, or ended), so seeded stock is never touched. */
  async function saleItem(options: { ended?: boolean } = {}) {
    const now = Date.now();
    const [activity] = await testDb()
      .insert(saleActivities)
      .values({
        name: { en: `Refusal test sale ${crypto.randomUUID()}`, zh: '拒绝测试促销', ja: '拒否テストセール' },
        description: { en: 'x', zh: 'x', ja: 'x' },
        startsAt: new Date(now - 10 * DAY),
        endsAt: new Date(options.ended ? now - DAY : now + 10 * DAY),
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
    if (!item) throw new Error('sale item insert failed');
    return item;
  }

  async function unchanged(itemId: number) {
    const [row] = await testDb().select().from(saleItems).where(eq(saleItems.id, itemId));
    expect(row?.stockLeft).toBe(5);
    expect(await testDb().select().from(orders).where(eq(orders.saleItemId, itemId))).toHaveLength(0);
  }

  const order = (itemId: unknown, extra: Record<string, unknown> = {}) => ({
    regionId: 'hong-kong',
    imageId: 'ubuntu-24.04',
    planId: 'std-1c1g',
    months: 12,
    currency: 'USD',
    saleItemId: itemId,
    idempotencyKey: crypto.randomUUID(),
    ...extra,
  });

  it('refuses a visitor who is not signed in (401) and a signed-in call without its CSRF token (403)', async () => {
    const item = await saleItem();
    expectRefused(await call(app, 'POST', create, { json: order(item.id) }), 401, 'no session');
    const { headers } = await signedInCustomer();
    const { 'x-csrf-token': _, ...withoutToken } = headers;
    expectRefused(await call(app, 'POST', create, { json: order(item.id), headers: withoutToken }), 403, 'no csrf');
    const wrong = { ...headers, 'x-csrf-token': 'not-the-token' };
    expectRefused(await call(app, 'POST', create, { json: order(item.id), headers: wrong }), 403, 'wrong csrf');
    await unchanged(item.id);
  });

  it('refuses an unknown or ended sale item, another plan or region, and more than one server', async () => {
    const item = await saleItem();
    const ended = await saleItem({ ended: true });
    const { headers } = await signedInCustomer();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['unknown item', order(2_147_483_647), 'saleItemId', 'api.sale.unavailable'],
      ['ended sale', order(ended.id), 'saleItemId', 'api.sale.unavailable'],
      ['another plan', order(item.id, { planId: 'std-2c4g' }), 'saleItemId', 'api.sale.mismatch'],
      ['another term', order(item.id, { months: 1 }), 'saleItemId', 'api.sale.mismatch'],
      ['two servers', order(item.id, { quantity: 2 }), 'quantity', 'api.sale.oneAtATime'],
    ];
    for (const [label, body, field, key] of cases) {
      const res = await call(app, 'POST', create, { json: body, headers });
      expectRefused(res, 422, label);
      expect(res.json.fields?.[field], label).toBe(key);
    }
    await unchanged(item.id);
    await unchanged(ended.id);
  });

  it('refuses a sale item id of the wrong type or beyond the column, and a body over the limit', async () => {
    const item = await saleItem();
    const { headers } = await signedInCustomer();
    for (const value of ['abc', 1.5, -1, 0, 2_147_483_648, null, [item.id]]) {
      const res = await call(app, 'POST', create, { json: order(value), headers });
      expectRefused(res, 422, JSON.stringify(value));
      expect(res.json.fields?.saleItemId, JSON.stringify(value)).toBeDefined();
    }
    const big = JSON.stringify(order(item.id, { padding: 'x'.repeat(MAX_BODY_BYTES + 1) }));
    expectRefused(await call(app, 'POST', create, { body: big, headers: { ...json, ...headers } }), 413, 'too large');
    await unchanged(item.id);
  });
});
