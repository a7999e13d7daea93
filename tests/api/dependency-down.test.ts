import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';
import { type ApiApp, createApp } from '../../src/server/api/app';
import { createDatabase, type Database } from '../../src/server/db/client';
import { migrateAndSeed, type PreparedDatabase } from '../../src/server/db/prepare';
import { call } from '../support/api';
import { startTestDatabase } from '../support/test-database';

/**
 * The database read-only, then stopped in the middle of the file: every call that needs it answers 503 (5030)
 * with Retry-After instead of 500, and nothing already saved is lost. A database of its own, so stopping it
 * cannot disturb the other test files.
 */
const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined });
let server: PreparedDatabase;
const pools: Database[] = [];

function appOn(url: string): ApiApp {
  const db = createDatabase(url, { max: 2 });
  pools.push(db);
  return createApp({ db });
}

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  topic: 'sales',
  message: 'Do you offer GPUs in Tokyo?',
};

/** Calls that need the database, each with input that passes validation (so only the database can fail). */
const NEEDS_DATABASE: [string, string, Record<string, unknown>?][] = [
  ['GET', '/api/seniorManage/footLink/search?language=ja'],
  ['GET', '/api/cvm/area/search?language=ja'],
  ['GET', '/api/cvm/user/product?language=ja&regionId=tokyo'],
  ['GET', '/api/home/rating'],
  ['GET', '/api/doc/search?q=refund&language=ja'],
  ['POST', '/api/finance/order-server/pay/getMoneyType', {}],
  ['POST', '/api/finance/message/searchAnnounce', { language: 'ja', page: 1, row: 3 }],
  ['POST', '/api/ac/coupon/search', { language: 'ja' }],
  ['POST', '/api/home/activity/cvm/search', { language: 'ja' }],
  ['POST', '/api/activity/pintuan/cvm/search', { language: 'ja' }],
  [
    'POST',
    '/api/product/cvm/quote',
    { regionId: 'tokyo', imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'JPY' },
  ],
  ['POST', '/api/seniorManage/jobs/search', { language: 'ja' }],
  ['POST', '/api/contact', contact],
  ['POST', '/api/activate', { code: 'some-code' }],
];

beforeAll(async () => {
  server = await startTestDatabase(env, 'test-down');
  await migrateAndSeed(server.url, () => {});
}, 120_000);

afterAll(async () => {
  for (const db of pools) await db.$client.end().catch(() => undefined);
  await server?.stop();
});

describe('a database that is read-only, then down', () => {
  it('answers every call while up', async () => {
    const app = appOn(server.url);
    for (const [method, path, json] of NEEDS_DATABASE) {
      const res = await call(app, method, path, json ? { json } : {});
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await call(app, 'GET', '/api/health')).json.message).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('while read-only: reads answer, writes answer 503 with Retry-After, and health says degraded', async () => {
    const admin = createDatabase(server.url, { max: 1 });
    pools.push(admin);
    await admin.execute(sql`alter database cirrus set default_transaction_read_only = on`);
    try {
      const app = appOn(server.url);
      const health = await call(app, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.json.message).toMatchObject({ status: 'degraded', database: 'read-only' });
      expect((await call(app, 'POST', '/api/ac/coupon/search', { json: { language: 'en' } })).status).toBe(200);
      const write = await call(app, 'POST', '/api/contact', {
        json: contact,
        headers: { 'x-forwarded-for': '10.5.5.5' },
      });
      expect(write.status).toBe(503);
      expect(write.json).toEqual({ code: 5030, message: 'api.dependencyDown' });
      expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await admin.execute(sql`alter database cirrus set default_transaction_read_only = off`);
    }
  });

  it('once stopped: every call that needs it answers 503 (5030) with Retry-After; the rest still answer', async () => {
    const app = appOn(server.url);
    expect((await call(app, 'GET', '/api/health')).status).toBe(200);
    await server.stop();
    // A catalog read kept from before the stop is still answered from memory (the API's read cache).
    expect((await call(app, 'GET', '/api/cvm/area/search?language=ja')).status).toBe(200);
    // Asked in another language, nothing is kept: each needs the database.
    for (const [method, raw, body] of NEEDS_DATABASE) {
      const path = raw.replace('language=ja', 'language=zh');
      const json = body && 'language' in body ? { ...body, language: 'zh' } : body;
      const res = await call(app, method, path, json ? { json } : {});
      expect(res.status, path).toBe(503);
      expect(res.json, path).toEqual({ code: 5030, message: 'api.dependencyDown' });
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
    const health = await call(app, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).not.toBeNull();
    // No database needed: the build id, bad input, an unknown path.
    expect((await call(app, 'GET', '/api/build')).status).toBe(200);
    expect((await call(app, 'POST', '/api/contact', { json: { name: 1 } })).status).toBe(422);
    expect((await call(app, 'GET', '/api/nope')).status).toBe(404);
  });
});
