import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import type { Readiness } from '../../src/server/api/context';
import { call, testApp, testDb } from '../support/api';

const app = testApp();
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

describe('API envelope and errors (docs/design.md#api-contract)', () => {
  it('answers an unknown /api path with the 4040 envelope and 404', async () => {
    const res = await call(app, 'GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 4040, message: 'api.notFound' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call(app, 'GET', '/api/finance/order-server/pay/getMoneyType');
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ code: 4050, message: 'api.methodNotAllowed' });
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over 100 KB with 413', async () => {
    const res = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      body: JSON.stringify({ page: 1, row: 3, language: 'en', padding: 'x'.repeat(101 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: 4130, message: 'api.payloadTooLarge' });
  });

  it('answers malformed JSON with 4001 and 400', async () => {
    const res = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      body: '{"page": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 4001, message: 'api.malformedJson' });
  });

  it('names every invalid field in a 4001 / 422 envelope', async () => {
    const res = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: { page: 0, row: 'many', language: 'fr' },
    });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe(4001);
    expect(res.json.message).toBe('api.invalidInput');
    expect(Object.keys(res.json.fields ?? {}).sort()).toEqual(['language', 'page', 'row']);
  });

  it.each([
    ['a JSON array', '[1,2,3]'],
    ['a bare number', '42'],
    ['null', 'null'],
    ['deeply nested junk', '{"page":{"$gt":1}}'],
  ])('never answers %s with a 500', async (_, body) => {
    const res = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json.code).toBe(4001);
  });
});

describe('currency list', () => {
  it('lists USD, HKD and JPY with their rate per USD', async () => {
    const res = await call(app, 'POST', '/api/finance/order-server/pay/getMoneyType');
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    const list = res.json.message as { type: string; rate: number }[];
    expect(list.map((c) => c.type)).toEqual(['USD', 'HKD', 'JPY']);
    expect(list[0]?.rate).toBe(1);
    for (const c of list) expect(c.rate).toBeGreaterThan(0);
  });
});

describe('announcement list (docs/product/api.md#site-and-shell)', () => {
  it('takes the request parameter as a JSON string and answers code 2000 with the list', async () => {
    const res = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: JSON.stringify({ page: 1, row: 3, language: 'en' }),
    });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    const list = res.json.message as { id: number; title: string; publishedAt: string }[];
    expect(list).toHaveLength(3);
    for (const item of list) {
      expect(item.id).toBeGreaterThan(0);
      expect(item.title.length).toBeGreaterThan(5);
    }
    const dates = list.map((a) => Date.parse(a.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers in the requested language', async () => {
    const zh = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: { param: JSON.stringify({ page: 1, row: 3, language: 'zh' }) },
    });
    const ja = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: { page: 1, row: 3, language: 'ja-JP' },
    });
    expect((zh.json.message as { title: string }[]).every((a) => HAN.test(a.title))).toBe(true);
    expect((ja.json.message as { title: string }[]).some((a) => KANA.test(a.title))).toBe(true);
  });

  it('pages through the list', async () => {
    const first = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: { page: 1, row: 2, language: 'en' },
    });
    const second = await call(app, 'POST', '/api/finance/message/searchAnnounce', {
      json: { page: 2, row: 2, language: 'en' },
    });
    const ids = (r: typeof first) => (r.json.message as { id: number }[]).map((a) => a.id);
    expect(ids(first)).toHaveLength(2);
    expect(ids(second)).toHaveLength(2);
    expect(ids(first).some((id) => ids(second).includes(id))).toBe(false);
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(4);
  });
});

describe('footer links, build id and health', () => {
  it('lists footer links with translated names', async () => {
    const en = await call(app, 'GET', '/api/seniorManage/footLink/search?language=en');
    const zh = await call(app, 'GET', '/api/seniorManage/footLink/search', { headers: { cookie: 'NEXT_LOCALE=zh' } });
    expect(en.json.code).toBe(2000);
    const enLinks = en.json.message as { name: string; link: string }[];
    const zhLinks = zh.json.message as { name: string; link: string }[];
    expect(enLinks.length).toBeGreaterThan(3);
    expect(zhLinks.map((l) => l.link)).toEqual(enLinks.map((l) => l.link));
    expect(zhLinks.some((l) => HAN.test(l.name))).toBe(true);
  });

  it('answers the build id', async () => {
    const res = await call(app, 'GET', '/api/build');
    expect(res.json.code).toBe(2000);
    expect(typeof (res.json.message as { buildId: string }).buildId).toBe('string');
  });

  it('reports health 200 while the database answers', async () => {
    const res = await call(app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 2000, message: { status: 'ok', database: 'up' } });
  });

  it('reports health 503 until the server in front can answer every page (its 404 pages in)', async () => {
    let readiness: Readiness = 'starting';
    const starting = createApp({ db: testDb(), readiness: () => readiness });
    for (const path of ['/api/health', '/api/health?from=balancer', '/api/health/ready']) {
      const res = await call(starting, 'GET', path);
      expect(res.status, path).toBe(503);
      expect(res.json, path).toEqual({ code: 5030, message: 'api.starting' });
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
    readiness = 'ready';
    expect((await call(starting, 'GET', '/api/health')).status).toBe(200);
    expect((await call(starting, 'GET', '/api/health/ready')).json).toMatchObject({
      code: 2000,
      message: { status: 'ok', database: 'up' },
    });
  });

  it('reports readiness 503 from the moment the server stops, while it is still alive', async () => {
    let readiness: Readiness = 'ready';
    const stopping = createApp({ db: testDb(), readiness: () => readiness });
    expect((await call(stopping, 'GET', '/api/health/ready')).status).toBe(200);
    readiness = 'draining';
    for (const path of ['/api/health/ready', '/api/health']) {
      const res = await call(stopping, 'GET', path);
      expect(res.status, path).toBe(503);
      expect(res.json, path).toEqual({ code: 5030, message: 'api.draining' });
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
    const live = await call(stopping, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ code: 2000, message: { status: 'live' } });
  });

  it('reports readiness 503 while the database lacks a migration this build ships', async () => {
    const db = testDb();
    const [newest] = (
      await db.execute<{ id: number; createdAt: string }>(
        sql`select id, created_at as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    if (!newest) throw new Error('no migration recorded');
    // As if the newest migration had not run yet: its record set back before every migration this build ships.
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${newest.id}`);
    try {
      const res = await call(app, 'GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ code: 5030, message: 'api.migrationsPending' });
      expect((await call(app, 'GET', '/api/health/live')).status).toBe(200);
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest.createdAt} where id = ${newest.id}`,
      );
    }
    expect((await call(app, 'GET', '/api/health/ready')).status).toBe(200);
  });
});
