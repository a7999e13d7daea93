import { and, count, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminEn from '../../src/i18n/admin/en.json';
import adminJa from '../../src/i18n/admin/ja.json';
import adminZh from '../../src/i18n/admin/zh.json';
import { isWebAddress } from '../../src/lib/site-path';
import { createApp } from '../../src/server/api/app';
import { hashPassword } from '../../src/server/auth/password';
import { createSession } from '../../src/server/auth/sessions';
import { createDatabase } from '../../src/server/db/client';
import {
  auditLog,
  coupons,
  pintuanOffers,
  promotions,
  saleActivities,
  saleItems,
  userCoupons,
  users,
} from '../../src/server/db/schema';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { SITE_PATH_CORPUS } from '../support/site-path-corpus';
import { everyoneSignedIn, roleMatrix, signedInStaff, type Who } from '../support/staff';

/**
 * The promotion editors (docs/product/back-office-promotions.md): who may read and change them, every refusal at
 * its field with nothing saved, versions, the audit row and the announcement, and stock that is never set below
 * what customers already hold, even while they are claiming.
 */
// A database of its own: the race claims and counts every row of a coupon, and the campaigns made here would
// change the pop-up other files look at.
let own: OwnDatabase;
let app: OwnDatabase['app'];
let db: OwnDatabase['db'];
let headers: Record<Who, Record<string, string>>;

const DAY = 86_400_000;
const past = () => new Date(Date.now() - DAY).toISOString();
const future = (days = 10) => new Date(Date.now() + days * DAY).toISOString();

const couponBody = (overrides: Record<string, unknown> = {}) => ({
  name: { en: `Admin test coupon ${crypto.randomUUID()}`, zh: '后台测试优惠券', ja: '管理テストクーポン' },
  kind: 'amount',
  amountCents: 500,
  percentOff: 0,
  thresholdCents: 2000,
  products: ['standard'],
  startsAt: past(),
  endsAt: future(),
  validDays: 30,
  stockTotal: 100,
  perUserLimit: 1,
  newCustomerOnly: false,
  welcome: false,
  sort: 0,
  ...overrides,
});

const saleBody = (overrides: Record<string, unknown> = {}) => ({
  name: { en: 'Spring sale', zh: '春季特惠', ja: '春のセール' },
  description: { en: 'Cloud servers for less', zh: '云服务器特价', ja: 'クラウドサーバーがお得' },
  startsAt: past(),
  endsAt: future(),
  ...overrides,
});

const itemBody = (overrides: Record<string, unknown> = {}) => ({
  activityId: saleId,
  planId: 'std-1c1g',
  regionId: 'hong-kong',
  months: 12,
  salePriceCents: 3900,
  stockTotal: 20,
  perUserLimit: 1,
  sort: 0,
  ...overrides,
});

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  name: { en: 'Team of 3', zh: '3 人团', ja: '3 人で共同購入' },
  planId: 'std-1c1g',
  regionId: 'hong-kong',
  months: 12,
  groupSize: 3,
  groupPriceCents: 4000,
  groupHours: 24,
  startsAt: past(),
  endsAt: future(),
  sort: 0,
  rules: { en: 'One group per account.', zh: '每个账户限开一团。', ja: '1 アカウントにつき 1 グループまで。' },
  ...overrides,
});

const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  slug: `spring-${crypto.randomUUID().slice(0, 8)}`,
  title: { en: 'Spring campaign', zh: '春季活动', ja: '春のキャンペーン' },
  subtitle: { en: 'Save on servers', zh: '服务器优惠', ja: 'サーバーがお得' },
  body: { en: 'All spring long.', zh: '整个春季。', ja: '春の間ずっと。' },
  ctaPath: '/activity/vps',
  ctaLabel: { en: 'Shop now', zh: '立即购买', ja: '今すぐ購入' },
  accent: '#0284c7',
  imageUrl: '/images/spring.png',
  popup: false,
  startsAt: past(),
  endsAt: future(),
  sort: 5,
  ...overrides,
});

type Row = { id: number; version: number } & Record<string, unknown>;

async function insertCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      name: { en: `Seeded test coupon ${crypto.randomUUID()}` },
      kind: 'amount',
      amountCents: 300,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      validDays: 7,
      stockTotal: 10,
      stockLeft: 10,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('coupon insert failed');
  return row;
}

/** Rows made for the matrix's saves: each caller changes a fresh one at version 1. */
const fresh: { coupons: number[]; sales: number[]; items: number[]; offers: number[]; campaigns: number[] } = {
  coupons: [],
  sales: [],
  items: [],
  offers: [],
  campaigns: [],
};
let saleId = 0;

beforeAll(async () => {
  own = await ownDatabase('admin_promotions');
  app = own.app;
  db = own.db;
  headers = await everyoneSignedIn(app, db);
  const [sale] = await db
    .insert(saleActivities)
    .values({
      name: { en: 'Matrix sale' },
      description: { en: 'For the role matrix' },
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    })
    .returning();
  saleId = sale?.id ?? 0;
  for (let i = 0; i < 6; i += 1) {
    fresh.coupons.push((await insertCoupon()).id);
    const [s] = await db
      .insert(saleActivities)
      .values({
        name: { en: `S${i}` },
        description: { en: 'd' },
        startsAt: new Date(),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    fresh.sales.push(s?.id ?? 0);
    const [item] = await db
      .insert(saleItems)
      .values({
        activityId: saleId,
        planId: 'std-1c1g',
        regionId: 'hong-kong',
        months: 12,
        salePriceCents: 3000,
        stockTotal: 5,
        stockLeft: 5,
      })
      .returning();
    fresh.items.push(item?.id ?? 0);
    const [offer] = await db
      .insert(pintuanOffers)
      .values({
        name: { en: `O${i}` },
        planId: 'std-1c1g',
        regionId: 'hong-kong',
        months: 12,
        groupSize: 2,
        groupPriceCents: 1000,
        groupHours: 24,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    fresh.offers.push(offer?.id ?? 0);
  }
  // Twelve: six to change, six to delete.
  for (let i = 0; i < 12; i += 1) {
    const [campaign] = await db
      .insert(promotions)
      .values({
        slug: `matrix-${i}-${Date.now()}`,
        title: { en: 'T' },
        subtitle: { en: 'S' },
        body: { en: 'B' },
        ctaPath: '/',
        ctaLabel: { en: 'Go' },
        accent: '#000000',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    fresh.campaigns.push(campaign?.id ?? 0);
  }
});

afterAll(async () => {
  await own?.drop();
});

const next = (list: number[]) => {
  const id = list.shift();
  if (id === undefined) throw new Error('the matrix ran out of fresh rows');
  return id;
};

describe('who may read and change promotions', () => {
  const READERS: Who[] = ['owner', 'manager', 'editor', 'support'];
  const WRITERS: Who[] = ['owner', 'manager'];
  roleMatrix(
    () => app,
    () => headers,
    [
      { name: 'read the plans the forms offer', allowed: READERS, request: () => ['GET', '/api/admin/choices/plans'] },
      { name: 'list coupons', allowed: READERS, request: () => ['GET', '/api/admin/coupons?offer=welcome'] },
      {
        name: 'count the welcome claims',
        allowed: READERS,
        request: () => ['GET', '/api/admin/coupons/welcome-claims'],
      },
      { name: 'read a coupon', allowed: READERS, request: () => ['GET', `/api/admin/coupons/${fresh.coupons[0]}`] },
      { name: 'create a coupon', allowed: WRITERS, request: () => ['POST', '/api/admin/coupons', couponBody()] },
      {
        name: 'change a coupon',
        allowed: WRITERS,
        request: () => ['PUT', `/api/admin/coupons/${next(fresh.coupons)}`, { ...couponBody(), version: 1 }],
      },
      { name: 'list sales', allowed: READERS, request: () => ['GET', '/api/admin/sales?sort=endsAt&dir=asc'] },
      { name: 'read a sale', allowed: READERS, request: () => ['GET', `/api/admin/sales/${saleId}`] },
      { name: 'create a sale', allowed: WRITERS, request: () => ['POST', '/api/admin/sales', saleBody()] },
      {
        name: 'change a sale',
        allowed: WRITERS,
        request: () => ['PUT', `/api/admin/sales/${next(fresh.sales)}`, { ...saleBody(), version: 1 }],
      },
      {
        name: 'add a sale item',
        allowed: WRITERS,
        request: () => ['POST', '/api/admin/sale-items', itemBody()],
      },
      { name: 'read a sale item', allowed: READERS, request: () => ['GET', `/api/admin/sale-items/${fresh.items[0]}`] },
      {
        name: 'list a sale’s items',
        allowed: READERS,
        request: () => ['GET', `/api/admin/sale-items?sale=${saleId}`],
      },
      {
        name: 'change a sale item',
        allowed: WRITERS,
        request: () => ['PUT', `/api/admin/sale-items/${next(fresh.items)}`, { ...itemBody(), version: 1 }],
      },
      { name: 'list group-buy offers', allowed: READERS, request: () => ['GET', '/api/admin/pintuan-offers?q=team'] },
      {
        name: 'read a group-buy offer',
        allowed: READERS,
        request: () => ['GET', `/api/admin/pintuan-offers/${fresh.offers[0]}`],
      },
      {
        name: 'create a group-buy offer',
        allowed: WRITERS,
        request: () => ['POST', '/api/admin/pintuan-offers', offerBody()],
      },
      {
        name: 'change a group-buy offer',
        allowed: WRITERS,
        request: () => ['PUT', `/api/admin/pintuan-offers/${next(fresh.offers)}`, { ...offerBody(), version: 1 }],
      },
      { name: 'list campaigns', allowed: READERS, request: () => ['GET', '/api/admin/campaigns?sort=sort&dir=asc'] },
      {
        name: 'read a campaign',
        allowed: READERS,
        request: () => ['GET', `/api/admin/campaigns/${fresh.campaigns[0]}`],
      },
      { name: 'create a campaign', allowed: WRITERS, request: () => ['POST', '/api/admin/campaigns', campaignBody()] },
      {
        name: 'change a campaign',
        allowed: WRITERS,
        request: () => ['PUT', `/api/admin/campaigns/${next(fresh.campaigns)}`, { ...campaignBody(), version: 1 }],
      },
      {
        name: 'delete a campaign',
        allowed: WRITERS,
        request: () => ['DELETE', `/api/admin/campaigns/${next(fresh.campaigns)}?version=1`],
      },
    ],
  );
});

/** A save as a manager. */
const save = (method: string, path: string, json?: Record<string, unknown>) =>
  call(app, method, `/api/admin${path}`, { json, headers: headers.manager });

async function auditRows(kind: string, entityId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));
}

describe('coupons', () => {
  it('creates and changes a coupon, with its version, its audit rows and the change announced', async () => {
    const listener = new pg.Client({ connectionString: own.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('LISTEN cirrus_changes');
    try {
      const created = await save('POST', '/coupons', couponBody({ stockTotal: 40, perUserLimit: 2 }));
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const row = created.json.message as Row;
      expect(row).toMatchObject({ version: 1, stockTotal: 40, stockLeft: 40, claimed: 0, perUserLimit: 2 });

      const changed = await save('PUT', `/coupons/${row.id}`, {
        ...couponBody({ kind: 'percent', percentOff: 15, stockTotal: 50, perUserLimit: 2 }),
        version: 1,
      });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      // The other kind's value is not kept: the site never shows a stale amount, and the answer says there is none.
      expect(changed.json.message).toMatchObject({ version: 2, kind: 'percent', percentOff: 15, amountCents: null });
      const [kept] = await db.select().from(coupons).where(eq(coupons.id, row.id));
      expect(kept).toMatchObject({ kind: 'percent', percentOff: 15, amountCents: 0 });
      expect(changed.json.message).toMatchObject({ stockTotal: 50, stockLeft: 50 });

      const stale = await save('PUT', `/coupons/${row.id}`, { ...couponBody(), version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.json).toMatchObject({ code: 4090, message: 'api.admin.staleVersion', current: { version: 2 } });

      const audit = await auditRows('coupon', row.id);
      expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
      expect(audit[0]?.before).toMatchObject({ version: 1, kind: 'amount' });
      expect(audit[0]?.after).toMatchObject({ version: 2, kind: 'percent' });

      await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(heard.every((payload) => JSON.parse(payload).kinds.includes('promotions'))).toBe(true);
    } finally {
      await listener.end();
    }
  });

  it('lists the welcome bundle with how many accounts claimed it', async () => {
    const res = await call(app, 'GET', '/api/admin/coupons?offer=welcome&rows=50', { headers: headers.support });
    const page = res.json.message as { items: Row[] };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((c) => c.welcome === true)).toBe(true);
    const claims = await call(app, 'GET', '/api/admin/coupons/welcome-claims', { headers: headers.support });
    expect(claims.json.message).toEqual({ claims: expect.any(Number) });
  });

  it('makes a welcome coupon without the schedule, stock and limit the bundle does not use', async () => {
    const { startsAt: _s, endsAt: _e, stockTotal: _t, perUserLimit: _p, ...bundle } = couponBody({ welcome: true });
    const made = await save('POST', '/coupons', bundle);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const row = made.json.message as Row;
    expect(row).toMatchObject({ welcome: true, version: 1 });
    // Changed without them, it keeps what it had.
    const changed = await save('PUT', `/coupons/${row.id}`, { ...bundle, validDays: 60, version: 1 });
    expect(changed.json.message).toMatchObject({ validDays: 60, stockTotal: row.stockTotal, startsAt: row.startsAt });
    // A coupon of the centre still needs them.
    const centre = await save('POST', '/coupons', { ...bundle, welcome: false });
    expect(centre.json.fields).toEqual({
      startsAt: 'api.field.required',
      endsAt: 'api.field.required',
      stockTotal: 'api.field.required',
      perUserLimit: 'api.field.required',
    });
  });

  it('keeps a coupon in the welcome bundle or out of it as it was made, refusing a move at the field', async () => {
    const coupon = await insertCoupon();
    const moved = await save('PUT', `/coupons/${coupon.id}`, { ...couponBody({ welcome: true }), version: 1 });
    expect(moved.status).toBe(422);
    expect(moved.json.fields).toEqual({ welcome: 'api.admin.fixedField' });
    const [row] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ welcome: false, version: 1 });
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a negative value', { amountCents: -100 }, { amountCents: 'api.field.invalid' }],
    ['an absurd value', { amountCents: 50_000_000 }, { amountCents: 'api.field.tooBig' }],
    ['an absurd threshold', { thresholdCents: 9_000_000_000 }, { thresholdCents: 'api.field.tooBig' }],
    [
      'a percent coupon over 100 %',
      { kind: 'percent', percentOff: 150 },
      { percentOff: 'api.admin.promotionsPercentRange' },
    ],
    ['a percent coupon of 0 %', { kind: 'percent', percentOff: 0 }, { percentOff: 'api.admin.promotionsPercentRange' }],
    ['an amount coupon worth nothing', { amountCents: 0 }, { amountCents: 'api.admin.promotionsAmountRequired' }],
    [
      'a schedule that ends before it starts',
      { startsAt: future(5), endsAt: future(2) },
      { endsAt: 'api.admin.promotionsEndsBeforeStart' },
    ],
    [
      'a per-account limit above the stock',
      { stockTotal: 3, perUserLimit: 5 },
      { perUserLimit: 'api.admin.promotionsLimitAboveStock' },
    ],
    ['a negative stock', { stockTotal: -1 }, { stockTotal: 'api.field.invalid' }],
    [
      'a product line that does not exist',
      { products: ['no-such-line'] },
      { products: 'api.admin.promotionsProductUnknown' },
    ],
  ];
  for (const [what, change, fields] of refusals) {
    it(`refuses ${what} at its field, saving nothing`, async () => {
      const before = await db.select({ n: count() }).from(coupons);
      const res = await save('POST', '/coupons', couponBody(change));
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual(fields);
      expect(await db.select({ n: count() }).from(coupons)).toEqual(before);
    });
  }

  it('raises or lowers the stock while claims run, never below what is claimed', async () => {
    const coupon = await insertCoupon({ stockTotal: 10, stockLeft: 6 });
    const body = (stockTotal: number, version: number) => ({
      ...couponBody({ stockTotal, perUserLimit: 1 }),
      name: coupon.name,
      version,
    });
    const below = await save('PUT', `/coupons/${coupon.id}`, body(3, 1));
    expect(below.status).toBe(422);
    expect(below.json).toMatchObject({
      code: 4001,
      fields: { stockTotal: 'api.admin.promotionsStockBelowClaimed' },
      claimed: 4,
    });
    const [unchanged] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(unchanged).toMatchObject({ stockTotal: 10, stockLeft: 6, version: 1 });
    expect(await auditRows('coupon', coupon.id)).toEqual([]);

    const exact = await save('PUT', `/coupons/${coupon.id}`, body(4, 1));
    expect(exact.json.message).toMatchObject({ stockTotal: 4, stockLeft: 0, claimed: 4, state: 'soldOut' });
    const raised = await save('PUT', `/coupons/${coupon.id}`, body(25, 2));
    expect(raised.json.message).toMatchObject({ stockTotal: 25, stockLeft: 21, claimed: 4, state: 'active' });
  });

  it('keeps claimed within the stock when the stock is lowered during 200 concurrent claims', async () => {
    // A pool as large as the claims can use, so they truly run side by side with the change.
    const wide = createDatabase(own.url, { max: 40 });
    const wideApp = createApp({ db: wide });
    try {
      const created = await save('POST', '/coupons', couponBody({ stockTotal: 150, perUserLimit: 1 }));
      const coupon = created.json.message as Row;
      const hash = await hashPassword('abc123');
      const stamp = Date.now().toString(36);
      const people = await db
        .insert(users)
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            email: `race${stamp}${i}@example.com`,
            username: `race${stamp}${i}`,
            passwordHash: hash,
            status: 'active' as const,
            locale: 'en' as const,
            activatedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      const sessions = await Promise.all(people.map((p) => createSession(db, p.id)));

      const started = Date.now();
      // Lowered to 120 (below the 150 on offer) once the 40th claim has answered, while the others are still
      // under way: the change and the claims meet on the coupon's row.
      let answered = 0;
      let lowerNow: () => void = () => {};
      const midway = new Promise<void>((resolve) => {
        lowerNow = resolve;
      });
      const claims = sessions.map((s) =>
        call(wideApp, 'POST', '/api/ac/coupon/receive', {
          json: { couponId: coupon.id },
          headers: { cookie: `sid=${s.sessionToken}`, 'x-csrf-token': s.csrfToken },
        }).then((answer) => {
          answered += 1;
          if (answered === 40) lowerNow();
          return answer;
        }),
      );
      // Through a pool of its own, as from another instance: behind the claims' queue it would come too late.
      const lowered = midway.then(() =>
        call(app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
          json: { ...couponBody({ stockTotal: 120, perUserLimit: 1 }), name: coupon.name, version: 1 },
          headers: headers.manager,
        }),
      );
      let pendingAtLower = 0;
      void midway.then(() => {
        pendingAtLower = sessions.length - answered;
      });
      const [answers, lower] = await Promise.all([Promise.all(claims), lowered]);
      expect(Date.now() - started).toBeLessThan(90_000);
      // The change came while claims were still waiting: it met them, rather than following them.
      expect(pendingAtLower).toBeGreaterThan(0);

      const granted = answers.filter((a) => a.json.code === 2000).length;
      // Granted, sold out, or (on a machine too busy to give a request a connection within the pool's wait) the
      // database unavailable before anything was taken; the counts below show a refused claim took nothing.
      const others = answers
        .filter((a) => a.json.code !== 2000 && a.json.code !== 4100 && a.json.code !== 5030)
        .map((a) => a.json);
      expect(others).toEqual([]);
      expect(granted).toBeGreaterThan(0);
      const [row] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
      const [held] = await db.select({ n: count() }).from(userCoupons).where(eq(userCoupons.couponId, coupon.id));
      if (!row) throw new Error('coupon gone');
      // Every granted claim is a held coupon and a unit taken from the stock; none beyond the stock.
      expect(held?.n).toBe(granted);
      expect(row.stockTotal - row.stockLeft).toBe(granted);
      expect(row.stockLeft).toBeGreaterThanOrEqual(0);
      expect(granted).toBeLessThanOrEqual(row.stockTotal);
      if (lower.status === 200) {
        expect(row.stockTotal).toBe(120);
        const after = lower.json.message as { stockTotal: number; claimed: number };
        expect(after.stockTotal).toBeGreaterThanOrEqual(after.claimed);
        expect(granted).toBeLessThanOrEqual(120);
      } else {
        expect(lower.status).toBe(422);
        expect(lower.json.fields).toEqual({ stockTotal: 'api.admin.promotionsStockBelowClaimed' });
        expect(row.stockTotal).toBe(150);
      }
    } finally {
      await wide.$client.end();
    }
  }, 120_000);
});

describe('VPS sales', () => {
  it('creates a sale with an item, and changes the item’s stock without going below what is sold', async () => {
    const sale = (await save('POST', '/sales', saleBody())).json.message as Row;
    expect(sale.version).toBe(1);
    const added = await save('POST', '/sale-items', itemBody({ activityId: sale.id, stockTotal: 8 }));
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const item = added.json.message as Row;
    expect(item).toMatchObject({ stockTotal: 8, stockLeft: 8, sold: 0 });
    // Three sold, as orders take them.
    await db.update(saleItems).set({ stockLeft: 5 }).where(eq(saleItems.id, item.id));

    const below = await save('PUT', `/sale-items/${item.id}`, {
      ...itemBody({ activityId: sale.id, stockTotal: 2 }),
      version: 1,
    });
    expect(below.status).toBe(422);
    expect(below.json).toMatchObject({ fields: { stockTotal: 'api.admin.promotionsStockBelowClaimed' }, claimed: 3 });
    const changed = await save('PUT', `/sale-items/${item.id}`, {
      ...itemBody({ activityId: sale.id, stockTotal: 12, salePriceCents: 3500 }),
      version: 1,
    });
    expect(changed.json.message).toMatchObject({ stockTotal: 12, stockLeft: 9, sold: 3, version: 2 });
    // An item stays in the sale it was added to.
    const moved = await save('PUT', `/sale-items/${item.id}`, { ...itemBody({ activityId: saleId }), version: 2 });
    expect(moved.status).toBe(422);
    expect(moved.json.fields).toEqual({ activityId: 'api.admin.fixedField' });

    const read = await call(app, 'GET', `/api/admin/sale-items?sale=${sale.id}`, { headers: headers.editor });
    expect((read.json.message as { items: Row[] }).items).toEqual([
      expect.objectContaining({ id: item.id, activityId: sale.id, sold: 3 }),
    ]);
    const list = await call(app, 'GET', '/api/admin/sales?q=spring', { headers: headers.support });
    expect((list.json.message as { items: Row[] }).items).toContainEqual(
      expect.objectContaining({ id: sale.id, items: 1, sold: 3, stock: 12 }),
    );
    expect((await auditRows('saleItem', item.id)).map((a) => a.action)).toEqual(['update', 'create']);

    // The public sale list shows the new price and what is left.
    const running = await call(app, 'POST', '/api/home/activity/cvm/search', { json: { language: 'en' } });
    const shown = (running.json.message as { items: Row[] }[]).flatMap((s) => s.items).find((i) => i.id === item.id);
    expect(shown).toMatchObject({ salePriceCents: 3500, stockTotal: 12, stockLeft: 9 });
  });

  const refusals: [string, string, Record<string, unknown>, Record<string, string>][] = [
    ['a negative price', 'item', { salePriceCents: -1 }, { salePriceCents: 'api.field.tooSmall' }],
    ['an absurd price', 'item', { salePriceCents: 1_000_000_000 }, { salePriceCents: 'api.field.tooBig' }],
    [
      'a limit above the stock',
      'item',
      { stockTotal: 2, perUserLimit: 3 },
      { perUserLimit: 'api.admin.promotionsLimitAboveStock' },
    ],
    [
      'a plan not sold in the region',
      'item',
      { regionId: 'no-such-region' },
      { regionId: 'api.admin.promotionsPlanRegionUnknown' },
    ],
    ['a term that is not sold', 'item', { months: 5 }, { months: 'api.field.invalid' }],
    ['no plan chosen', 'item', { planId: '' }, { planId: 'api.field.required' }],
    [
      'a sale that ends before it starts',
      'sale',
      { startsAt: future(3), endsAt: future(1) },
      { endsAt: 'api.admin.promotionsEndsBeforeStart' },
    ],
  ];
  for (const [what, kind, change, fields] of refusals) {
    it(`refuses ${what}`, async () => {
      const before = await db.select({ n: count() }).from(kind === 'item' ? saleItems : saleActivities);
      const res =
        kind === 'item'
          ? await save('POST', '/sale-items', itemBody(change))
          : await save('POST', '/sales', saleBody(change));
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual(fields);
      expect(await db.select({ n: count() }).from(kind === 'item' ? saleItems : saleActivities)).toEqual(before);
    });
  }

  it('refuses an item of a sale that does not exist, at its field', async () => {
    const before = await db.select({ n: count() }).from(saleItems);
    const res = await save('POST', '/sale-items', itemBody({ activityId: 999999 }));
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ activityId: 'api.field.invalid' });
    expect(await db.select({ n: count() }).from(saleItems)).toEqual(before);
  });
});

describe('group-buy offers', () => {
  it('creates and changes an offer with its rules in three languages', async () => {
    const created = await save('POST', '/pintuan-offers', offerBody());
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const offer = created.json.message as Row;
    expect(offer.rules).toEqual({
      en: 'One group per account.',
      zh: '每个账户限开一团。',
      ja: '1 アカウントにつき 1 グループまで。',
    });
    const cleared = await save('PUT', `/pintuan-offers/${offer.id}`, {
      ...offerBody({ rules: { en: '', zh: '', ja: '' }, groupSize: 4 }),
      version: 1,
    });
    expect(cleared.json.message).toMatchObject({ rules: null, groupSize: 4, version: 2 });
  });

  it('shows an offer’s own rules on the site in the visitor’s language, one a line, English where one is missing', async () => {
    const created = await save(
      'POST',
      '/pintuan-offers',
      offerBody({
        rules: { en: 'One group per account.\nNo refunds after the group fills.', zh: '每个账户限开一团。', ja: '' },
      }),
    );
    const offer = created.json.message as Row;
    const find = (language: string) =>
      call(app, 'POST', '/api/activity/pintuan/cvm/search/buyID', { json: { id: offer.id, language } });
    expect(((await find('zh')).json.message as { rules: string[] }).rules).toEqual(['每个账户限开一团。']);
    expect(((await find('ja')).json.message as { rules: string[] }).rules).toEqual([
      'One group per account.',
      'No refunds after the group fills.',
    ]);
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      // Hong Kong adds 20 % to std-1c1g's $5.00 a month: $72.00 for 12 months, less 15 %, is $61.20.
      'a group price not below the plan’s regular price for the region and term',
      { groupPriceCents: 6120 },
      { groupPriceCents: 'api.admin.promotionsGroupPriceNotLower' },
    ],
    ['a group of one', { groupSize: 1 }, { groupSize: 'api.field.tooSmall' }],
    ['a negative price', { groupPriceCents: -5 }, { groupPriceCents: 'api.field.tooSmall' }],
    [
      'rules translated without English',
      { rules: { en: '', zh: '规则', ja: '' } },
      { 'rules.en': 'api.field.required' },
    ],
    [
      'an offer that ends before it starts',
      { startsAt: future(3), endsAt: past() },
      { endsAt: 'api.admin.promotionsEndsBeforeStart' },
    ],
  ];
  for (const [what, change, fields] of refusals) {
    it(`refuses ${what}`, async () => {
      const res = await save('POST', '/pintuan-offers', offerBody(change));
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual(fields);
    });
  }
});

describe('campaigns: the pop-up and the banner', () => {
  it('creates, changes and deletes a campaign, the image a site path or an http(s) address', async () => {
    const created = await save('POST', '/campaigns', campaignBody({ imageUrl: 'https://cdn.example.com/spring.png' }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const campaign = created.json.message as Row;
    expect(campaign.imageUrl).toBe('https://cdn.example.com/spring.png');
    const none = await save('PUT', `/campaigns/${campaign.id}`, {
      ...campaignBody({ slug: campaign.slug, imageUrl: '' }),
      version: 1,
    });
    expect(none.json.message).toMatchObject({ imageUrl: null, version: 2 });
    const taken = await save('POST', '/campaigns', campaignBody({ slug: campaign.slug }));
    expect(taken.status).toBe(422);
    expect(taken.json.fields).toEqual({ slug: 'api.admin.promotionsSlugTaken' });
    const staleDelete = await save('DELETE', `/campaigns/${campaign.id}?version=1`);
    expect(staleDelete.status).toBe(409);
    expect((await save('DELETE', `/campaigns/${campaign.id}?version=2`)).status).toBe(200);
    expect((await auditRows('promotion', campaign.id)).map((a) => a.action)).toEqual(['delete', 'update', 'create']);
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'a script as the image link',
      { imageUrl: 'javascript:alert(1)' },
      { imageUrl: 'api.admin.promotionsImageInvalid' },
    ],
    ['an ftp image link', { imageUrl: 'ftp://example.com/a.png' }, { imageUrl: 'api.admin.promotionsImageInvalid' }],
    [
      'another site as the image path',
      { imageUrl: '//evil.example/a.png' },
      { imageUrl: 'api.admin.promotionsImageInvalid' },
    ],
    [
      'a link that is not a site path',
      { ctaPath: 'https://elsewhere.example' },
      { ctaPath: 'api.admin.promotionsPathInvalid' },
    ],
    ['an accent that is not a colour', { accent: 'red' }, { accent: 'api.admin.promotionsAccentInvalid' }],
    [
      'a schedule that ends before it starts',
      { startsAt: future(2), endsAt: future(1) },
      { endsAt: 'api.admin.promotionsEndsBeforeStart' },
    ],
    ['a title without English', { title: { en: '', zh: '标题', ja: '' } }, { 'title.en': 'api.field.required' }],
  ];
  for (const [what, change, fields] of refusals) {
    it(`refuses ${what}`, async () => {
      const res = await save('POST', '/campaigns', campaignBody(change));
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.fields).toEqual(fields);
    });
  }

  it('puts the running pop-up campaign with its image on the site', async () => {
    await db.update(promotions).set({ popup: false });
    const created = await save(
      'POST',
      '/campaigns',
      campaignBody({ popup: true, imageUrl: '/images/popup-test.png', title: { en: 'Pop-up now' } }),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { currentPopupPromotion } = await import('../../src/server/api/promotions/queries');
    const shown = await currentPopupPromotion(db, 'en');
    expect(shown).toMatchObject({ title: 'Pop-up now', imageUrl: '/images/popup-test.png' });
  });

  it('shows the pop-up the screen names as live, and says of every other campaign why it is not', async () => {
    await db.update(promotions).set({ popup: false });
    const { currentPopupPromotion } = await import('../../src/server/api/promotions/queries');
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const made = async (title: string, change: Record<string, unknown>) => {
      const res = await save('POST', '/campaigns', campaignBody({ title: { en: title }, sort: 7, ...change }));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.message as Row;
    };
    const running = await made('Running pop-up', { popup: true, startsAt: hours(-48) });
    // The same sort, started later: it comes first, as on the campaigns page, rather than staying hidden.
    const newer = await made('Newer pop-up', { popup: true, startsAt: hours(-1) });
    const page = await made('Page only', { startsAt: hours(-2) });
    const later = await made('Later pop-up', { popup: true, sort: 0, startsAt: hours(24) });
    const over = await made('Over', { popup: true, sort: 0, startsAt: hours(-72), endsAt: hours(-24) });
    expect((await currentPopupPromotion(db, 'en'))?.title).toBe('Newer pop-up');

    const list = (await save('GET', '/campaigns?rows=100')).json.message as { items: Row[] };
    const shown = (row: Row) => {
      const found = list.items.find((r) => r.id === row.id);
      return [found?.shown, (found?.shownInstead as { en?: string } | null)?.en ?? null];
    };
    expect(shown(newer)).toEqual(['popup', null]);
    expect(shown(running)).toEqual(['behind', 'Newer pop-up']);
    expect(shown(page)).toEqual(['page', null]);
    expect(shown(later)).toEqual(['upcoming', null]);
    expect(shown(over)).toEqual(['ended', null]);
    const one = (await save('GET', `/campaigns/${running.id}`)).json.message as Row;
    expect(one).toMatchObject({ shown: 'behind', shownInstead: { en: 'Newer pop-up' } });
  });
});

describe('a campaign button or picture that is not a path on this site (docs/decisions/053-site-paths.md)', () => {
  /** The campaign the cases change. */
  let pathCampaign: Row;
  beforeAll(async () => {
    pathCampaign = (await save('POST', '/campaigns', campaignBody())).json.message as Row;
  });

  it.each(
    SITE_PATH_CORPUS.refused.map((e) => [JSON.stringify(e.value), e] as const),
  )('refuses %s as the button link and the picture, created or changed', async (_, { value, why }) => {
    const created = await save('POST', '/campaigns', campaignBody({ ctaPath: value }));
    expect(created.status, why).toBe(422);
    expect(created.json.fields, why).toEqual({ ctaPath: 'api.admin.promotionsPathInvalid' });
    const picture = await save('POST', '/campaigns', campaignBody({ imageUrl: value }));
    if (isWebAddress(value, ['http:', 'https:'])) expect(picture.status, why).toBe(200);
    else expect(picture.json.fields, why).toEqual({ imageUrl: 'api.admin.promotionsImageInvalid' });
    const changed = await save('PUT', `/campaigns/${pathCampaign.id}`, {
      ...campaignBody({ slug: pathCampaign.slug, ctaPath: value }),
      version: pathCampaign.version,
    });
    expect(changed.status, why).toBe(422);
    expect(changed.json.fields, why).toEqual({ ctaPath: 'api.admin.promotionsPathInvalid' });
  });

  it('keeps every path of the corpus that stays on the site, as typed', async () => {
    for (const { value, why } of SITE_PATH_CORPUS.accepted) {
      const saved = await save('PUT', `/campaigns/${pathCampaign.id}`, {
        ...campaignBody({ slug: pathCampaign.slug, ctaPath: value }),
        version: pathCampaign.version,
      });
      expect(saved.status, `${why}: ${JSON.stringify(saved.json)}`).toBe(200);
      expect(saved.json.message, why).toMatchObject({ ctaPath: value.trim() });
      pathCampaign = saved.json.message as Row;
    }
  });

  it('says why in every language', () => {
    for (const messages of [adminEn, adminZh, adminJa]) {
      const api = messages.api.admin as Record<string, string>;
      expect(api.promotionsPathInvalid).toMatch(/\/activity\/vps/);
      expect(api.promotionsImageInvalid).toMatch(/https:\/\//);
    }
  });

  it('sends the button of a row saved before the check to the campaigns page, and drops its picture', async () => {
    const [row] = await db
      .insert(promotions)
      .values({
        slug: `before-${crypto.randomUUID().slice(0, 8)}`,
        title: { en: 'Saved before the check' },
        subtitle: { en: 's' },
        body: { en: 'b' },
        ctaPath: '/.//evil.example',
        ctaLabel: { en: 'Go' },
        accent: '#0284c7',
        imageUrl: '/%2F%2Fevil.example/a.png',
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const { listCurrentPromotions } = await import('../../src/server/api/promotions/queries');
    const shown = (await listCurrentPromotions(db, 'en')).find((p) => p.slug === row?.slug);
    expect(shown).toMatchObject({ ctaPath: '/activity/promotion', imageUrl: null });
    await db.delete(promotions).where(eq(promotions.id, row?.id ?? 0));
  });
});

describe('a scheduled campaign', () => {
  it('is the next moment every instance drops what it keeps, without anyone writing then', async () => {
    const { NEXT_SCHEDULED_CHANGE } = await import('../../src/server/changes/listener');
    const soon = new Date(Date.now() + 90_000);
    await save('POST', '/campaigns', campaignBody({ startsAt: soon.toISOString(), endsAt: future(3) }));
    const result = await db.$client.query<{ ms: number }>(NEXT_SCHEDULED_CHANGE);
    const ms = Number(result.rows[0]?.ms);
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(90_000);
  });
});

describe('what the API answers, it takes back', () => {
  // A row as read, sent back unchanged with its version, saves: the answer's nulls (a campaign without a picture,
  // the other kind's value of a coupon, an offer without rules) are values the input takes.
  it.each([
    ['coupons', () => save('POST', '/coupons', couponBody())],
    [
      'coupons',
      () => save('POST', '/coupons', couponBody({ kind: 'percent', percentOff: 10, amountCents: undefined })),
    ],
    ['sales', () => save('POST', '/sales', saleBody())],
    ['sale-items', () => save('POST', '/sale-items', itemBody())],
    ['pintuan-offers', () => save('POST', '/pintuan-offers', offerBody({ rules: { en: '', zh: '', ja: '' } }))],
    ['campaigns', () => save('POST', '/campaigns', campaignBody({ imageUrl: '' }))],
  ] as const)('%s', async (name, make) => {
    const made = await make();
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const { id } = made.json.message as Row;
    const read = (await call(app, 'GET', `/api/admin/${name}/${id}`, { headers: headers.manager })).json.message as Row;
    const again = await save('PUT', `/${name}/${id}`, read);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const { version: _before, ...same } = read;
    expect(again.json.message).toMatchObject({ ...same, version: read.version + 1 });
  });
});

describe('what the forms choose from', () => {
  it('offers each plan with the regions it is sold in, and coupons the product lines and domains', async () => {
    const plans = await call(app, 'GET', '/api/admin/choices/plans', { headers: headers.support });
    const plan = (plans.json.message as { items: { id: string; lists: { regions: string[] } }[] }).items.find(
      (p) => p.id === 'std-1c1g',
    );
    expect(plan?.lists.regions).toContain('hong-kong');
    const products = await call(app, 'GET', '/api/admin/choices/couponProducts', { headers: headers.support });
    const ids = (products.json.message as { items: { id: string }[] }).items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['standard', 'domain']));
    const sales = await call(app, 'GET', '/api/admin/choices/sales', { headers: headers.support });
    expect((sales.json.message as { items: { id: string }[] }).items).toContainEqual(
      expect.objectContaining({ id: String(saleId) }),
    );
  });
});

describe('reading is not changing', () => {
  it('refuses a save from support without touching the row', async () => {
    const coupon = await insertCoupon();
    const res = await call(app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      json: { ...couponBody(), version: 1 },
      headers: (await signedInStaff(app, db, 'support')).headers,
    });
    expect(res.status).toBe(403);
    const [row] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.version).toBe(1);
  });
});
