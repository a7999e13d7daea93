import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, orders, userCoupons } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';

const app = testApp();
// Seeded: std-1c1g is $5.00/month with a 25 GB disk in Los Angeles (no regional adjustment); HKD 7.78 and JPY
// 154.2 per USD. Regions, terms, licences and hourly billing: tests/api/pricing-model.test.ts.
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g' };
type QuoteAnswer = {
  totalMinor: number;
  subtotalMinor: number;
  discountMinor: number;
  lines: { key: string; amountMinor: number }[];
};

async function quote(body: Record<string, unknown>, language = 'en') {
  return call(app, 'POST', '/api/product/cvm/quote', { json: body, headers: { cookie: `NEXT_LOCALE=${language}` } });
}

describe('prices in three currencies (docs/decisions/009-pricing-and-orders.md)', () => {
  it('converts each line and rounds per currency; the total is the sum of the rounded lines', async () => {
    const usd = (await quote({ ...base, currency: 'USD' })).json.message as QuoteAnswer;
    const hkd = (await quote({ ...base, currency: 'HKD' })).json.message as QuoteAnswer;
    const jpy = (await quote({ ...base, currency: 'JPY' })).json.message as QuoteAnswer;
    expect(usd.totalMinor).toBe(500);
    expect(hkd.totalMinor).toBe(3890);
    expect(jpy.totalMinor).toBe(771);

    const full = (
      await quote({
        ...base,
        currency: 'JPY',
        months: 12,
        quantity: 3,
        dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
        snapshotPolicyId: 'daily-7',
      })
    ).json.message as QuoteAnswer;
    expect(full.lines.map((l) => l.key)).toEqual(['plan', 'disk.0', 'snapshot', 'term']);
    expect(full.totalMinor).toBe(full.lines.reduce((sum, l) => sum + l.amountMinor, 0));
    expect(full.lines[0]?.amountMinor).toBe(771 * 12 * 3);
  });

  it('ignores a price or total sent by the client', async () => {
    const res = await quote({ ...base, currency: 'USD', totalMinor: 1, price: 0 });
    expect((res.json.message as QuoteAnswer).totalMinor).toBe(500);
  });
});

describe('incompatible combinations are refused with the field named', () => {
  it.each([
    [
      'an image not offered in the region',
      { ...base, regionId: 'seoul', imageId: 'windows-2022', planId: 'std-2c4g' },
      'imageId',
    ],
    ['a disk below the image minimum', { ...base, imageId: 'windows-2022' }, 'imageId'],
    ['an unknown region', { ...base, regionId: 'atlantis' }, 'regionId'],
    ['bandwidth above the plan limit', { ...base, bandwidthTierId: 'bw-500' }, 'bandwidthTierId'],
    [
      'a data disk size off the step',
      { ...base, dataDisks: [{ diskId: 'disk-nvme', sizeGb: 7 }] },
      'dataDisks.0.sizeGb',
    ],
    ['a billing period not offered', { ...base, months: 5 }, 'months'],
  ])('%s', async (_, body, field) => {
    const res = await quote({ currency: 'USD', ...body });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe(4001);
    expect(Object.keys(res.json.fields ?? {})).toContain(field);
  });
});

describe('order creation', () => {
  const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call(app, 'POST', '/api/home/coupon-server/order/create', { json: { ...base, currency: 'HKD', ...body }, headers });

  it('needs a login and the CSRF token', async () => {
    expect((await create({}, { idempotencyKey: crypto.randomUUID() })).status).toBe(401);
    const { headers } = await signedInCustomer();
    const res = await create({ cookie: headers.cookie }, { idempotencyKey: crypto.randomUUID() });
    expect(res.status).toBe(403);
  });

  it('stores an order pending payment in the chosen currency, with the rate used', async () => {
    const { headers, user } = await signedInCustomer();
    const res = await create(headers, { idempotencyKey: crypto.randomUUID(), months: 3 });
    expect(res.json.code).toBe(2000);
    const order = res.json.message as {
      number: string;
      status: string;
      totalMinor: number;
      currency: string;
      payUrl: string;
    };
    // Three months: 5 % off the term (11,670 - 584).
    expect(order).toMatchObject({ status: 'pending_payment', currency: 'HKD', totalMinor: 3890 * 3 - 584 });
    expect(order.payUrl).toContain(order.number);
    const [row] = await testDb().select().from(orders).where(eq(orders.userId, user.id));
    expect(Number(row?.rate)).toBe(7.78);
  });

  it('gives one order for the same idempotency key, even at the same moment', async () => {
    const { headers, user } = await signedInCustomer();
    const idempotencyKey = crypto.randomUUID();
    const answers = await Promise.all([
      create(headers, { idempotencyKey }),
      create(headers, { idempotencyKey }),
      create(headers, { idempotencyKey }),
    ]);
    const numbers = new Set(answers.map((a) => (a.json.message as { number: string }).number));
    expect(numbers.size).toBe(1);
    expect(await testDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('refuses the same key with another request (422), and answers the same key and request with the first order', async () => {
    const { headers, user } = await signedInCustomer();
    const idempotencyKey = crypto.randomUUID();
    const first = await create(headers, { idempotencyKey, months: 1 });
    expect(first.status).toBe(200);
    const other = await create(headers, { idempotencyKey, months: 12 });
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      code: 4001,
      message: 'api.idempotencyMismatch',
      fields: { idempotencyKey: 'api.idempotencyMismatch' },
    });
    const again = await create(headers, { idempotencyKey, months: 1 });
    expect(again.status).toBe(200);
    expect(again.json.message).toEqual(first.json.message);
    expect(await testDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('creates 50 orders from 50 concurrent requests with distinct keys', async () => {
    const { headers, user } = await signedInCustomer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create(headers, { idempotencyKey: crypto.randomUUID() })),
    );
    expect(answers.every((a) => a.json.code === 2000)).toBe(true);
    expect(await testDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(50);
  });

  it('applies a held coupon once', async () => {
    const { headers, user } = await signedInCustomer();
    const [coupon] = await testDb()
      .insert(coupons)
      .values({
        name: { en: 'Test $2 off' },
        kind: 'amount',
        amountCents: 200,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000),
        validDays: 7,
        stockTotal: 10,
        stockLeft: 10,
      })
      .returning();
    const [held] = await testDb()
      .insert(userCoupons)
      .values({ couponId: coupon?.id ?? 0, userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const first = await create(headers, {
      idempotencyKey: crypto.randomUUID(),
      currency: 'USD',
      userCouponId: held?.id,
    });
    expect(first.json.message).toMatchObject({ subtotalMinor: 500, discountMinor: 200, totalMinor: 300 });
    const second = await create(headers, {
      idempotencyKey: crypto.randomUUID(),
      currency: 'USD',
      userCouponId: held?.id,
    });
    expect(second.status).toBe(422);
    expect(second.json.fields).toEqual({ userCouponId: 'api.order.couponUnavailable' });
  });
});

describe('VPS sale (docs/product/states.md#vps-sale)', () => {
  async function saleItem(stock: number, perUserLimit = 1) {
    const { saleActivities, saleItems } = await import('../../src/server/db/schema');
    const [activity] = await testDb()
      .insert(saleActivities)
      .values({
        name: { en: 'Test sale' },
        description: { en: 'Test' },
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const [item] = await testDb()
      .insert(saleItems)
      .values({
        activityId: activity?.id ?? 0,
        planId: 'std-1c1g',
        regionId: base.regionId,
        months: 12,
        salePriceCents: 3000,
        stockTotal: stock,
        stockLeft: stock,
        perUserLimit,
      })
      .returning();
    return item?.id ?? 0;
  }
  const sale = (headers: Record<string, string>, saleItemId: number) =>
    call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: { ...base, months: 12, currency: 'USD', saleItemId, idempotencyKey: crypto.randomUUID() },
      headers,
    });

  it('lists running sales with sale and regular prices', async () => {
    const res = await call(app, 'POST', '/api/home/activity/cvm/search', { json: { language: 'ja' } });
    const sales = res.json.message as {
      items: { salePriceCents: number; originalPriceCents: number; stockLeft: number }[];
    }[];
    expect(sales.length).toBeGreaterThan(0);
    for (const item of sales.flatMap((s) => s.items)) expect(item.salePriceCents).toBeLessThan(item.originalPriceCents);
  });

  it('charges the sale price, keeps the per-user limit, and takes stock only for created orders', async () => {
    const id = await saleItem(5);
    const { headers } = await signedInCustomer();
    const first = await sale(headers, id);
    expect(first.json.message).toMatchObject({ totalMinor: 3000 });
    const second = await sale(headers, id);
    expect(second.json).toMatchObject({ code: 4090, message: 'api.sale.limitReached' });
    const { saleItems } = await import('../../src/server/db/schema');
    const [row] = await testDb().select().from(saleItems).where(eq(saleItems.id, id));
    expect(row?.stockLeft).toBe(4);
  });

  it('sells exactly the stock under concurrent purchases', async () => {
    const id = await saleItem(3);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signedInCustomer()));
    const answers = await Promise.all(buyers.map((b) => sale(b.headers, id)));
    expect(answers.filter((a) => a.json.code === 2000)).toHaveLength(3);
    expect(answers.filter((a) => a.json.code === 4100)).toHaveLength(9);
    expect(await testDb().select().from(orders).where(eq(orders.saleItemId, id))).toHaveLength(3);
  });
});

describe('the purchase page price (docs/product/targets.md#performance)', () => {
  it('quotes the default configuration exactly as the quote call does, and gives null for one it cannot price', async () => {
    const { quoteForPage } = await import('../../src/server/api/orders/pricing');
    // The Japanese page starts billed in Japan (docs/decisions/066-tax.md), so its first HTML carries the tax line.
    const config = { ...base, dataDisks: [], quantity: 1, months: 1, currency: 'JPY', billingCountry: 'JP' };
    const page = await quoteForPage(testDb(), config, 'ja');
    const call = (await quote(config, 'ja')).json.message as QuoteAnswer & Record<string, unknown>;
    expect(page?.configJson).toBe(JSON.stringify(config));
    expect(page?.quote).toEqual({
      lines: call.lines,
      subtotalMinor: call.subtotalMinor,
      discountMinor: call.discountMinor,
      totalMinor: call.totalMinor,
      billingCountry: 'JP',
      taxLines: call.taxLines,
      taxMinor: call.taxMinor,
      totalInclTaxMinor: call.totalInclTaxMinor,
    });
    expect(page?.quote.totalMinor).toBe(771);
    expect(page?.quote.taxLines?.[0]?.name).toBe('消費税');
    expect(await quoteForPage(testDb(), { ...config, planId: 'no-such-plan' }, 'ja')).toBeNull();
    expect(await quoteForPage(testDb(), { ...config, currency: 'EUR' }, 'ja')).toBeNull();
  });
});
