import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { mailOutbox } from '../../src/server/db/schema';
import { forgetOutboxReading } from '../../src/server/metrics/database';
import { countKeptAnswer, MAX_LABEL_VALUES, observePageRequest } from '../../src/server/metrics/registry';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

// GET /api/metrics (docs/decisions/052-metrics.md). A database of its own: the outbox gauges count every row.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let own: OwnDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  own = await ownDatabase('metrics');
  app = createApp({ db: own.db, metricsToken: TOKEN });
});
afterAll(() => own?.drop());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function scrape(): Promise<string> {
  const res = await call(app, 'GET', '/api/metrics', { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return res.text;
}

/** The value of one series, labels compared as a set; undefined when the scrape has no such series. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const same =
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => found[key] === value);
    if (same) return Number(match[3]);
  }
  return undefined;
}

describe('GET /api/metrics', () => {
  it('does not exist without a token configured', async () => {
    const off = createApp({ db: own.db, metricsToken: null });
    const res = await call(off, 'GET', '/api/metrics', { headers: bearer(TOKEN) });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 4040, message: 'api.notFound' });
  });

  it('refuses a missing or wrong token with 401 and the envelope', async () => {
    for (const headers of [{}, bearer('wrong'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await call(app, 'GET', '/api/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ code: 4010, message: 'api.unauthorized' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.text).not.toContain('storefront_');
    }
  });

  it('lists the metrics in the text format with the right token', async () => {
    const res = await call(app, 'GET', '/api/metrics', { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const name of [
      'storefront_api_requests_total',
      'storefront_api_request_duration_seconds',
      'storefront_page_requests_total',
      'storefront_page_request_duration_seconds',
      'storefront_kept_answers_total',
      'storefront_outbox_pending',
      'storefront_outbox_oldest_pending_age_seconds',
      'storefront_db_pool_connections',
      'storefront_db_pool_waiting_queries',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(res.text).toContain(`# TYPE ${name} `);
    }
    expect(sample(res.text, 'storefront_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  // Prometheus's own check of the exposition (names, types, help, units); CI installs it (.ci/run).
  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('passes `promtool check metrics` (skipped only where promtool is not installed)', async () => {
    await call(app, 'GET', '/api/cvm/area/search?language=en');
    observePageRequest('page', 200, 0.02);
    countKeptAnswer('document', true);
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('');
    expect(checked.status).toBe(0);
  });

  it('counts a request under its route pattern and status class, never the raw URL', async () => {
    const region = { method: 'GET', route: '/api/cvm/area/search', status_class: '2xx' };
    const item = { method: 'GET', route: '/api/admin/announcements/:id', status_class: '4xx' };
    const unknown = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    const before = await scrape();
    expect((await call(app, 'GET', '/api/cvm/area/search?language=en')).status).toBe(200);
    // Kept by the read cache: answered by its middleware, still counted under the route.
    expect((await call(app, 'GET', '/api/cvm/area/search?language=en')).status).toBe(200);
    expect((await call(app, 'GET', '/api/admin/announcements/12345')).status).toBe(401);
    expect((await call(app, 'GET', '/api/no/such/path/42')).status).toBe(404);
    const after = await scrape();
    const delta = (labels: Record<string, string>, name = 'storefront_api_requests_total') =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta(region)).toBe(2);
    expect(delta(item)).toBe(1);
    expect(delta(unknown)).toBe(1);
    expect(delta(region, 'storefront_api_request_duration_seconds_count')).toBe(2);
    expect(after).not.toContain('12345');
    expect(after).not.toContain('/api/no/such');
  });

  it('shows what the front server reports: pages and kept answers', async () => {
    observePageRequest('/[locale]/doc/article/[slug]', 200, 0.012);
    countKeptAnswer('document', true);
    countKeptAnswer('document', false);
    const text = await scrape();
    expect(
      sample(text, 'storefront_page_requests_total', { route: '/[locale]/doc/article/[slug]', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'storefront_kept_answers_total', { kind: 'document', result: 'hit' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'storefront_kept_answers_total', { kind: 'document', result: 'miss' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('bounds the label values a caller gives', async () => {
    for (let i = 0; i < MAX_LABEL_VALUES + 50; i++) observePageRequest(`/made-up/${i}`, 200, 0.001);
    const text = await scrape();
    expect(sample(text, 'storefront_page_requests_total', { route: 'other', status_class: '2xx' })).toBeGreaterThan(0);
    expect(text).not.toContain(`/made-up/${MAX_LABEL_VALUES + 49}"`);
  });

  it('reflects a pending mail in the outbox gauges', async () => {
    forgetOutboxReading();
    const start = sample(await scrape(), 'storefront_outbox_pending', { outbox: 'mail' }) ?? 0;
    await own.db.insert(mailOutbox).values({
      kind: 'test',
      recipient: 'metrics@example.com',
      subject: 'Waiting',
      text: 'Waiting',
      html: '<p>Waiting</p>',
      createdAt: new Date(Date.now() - 3_600_000),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    // A reading is reused for a few seconds, so scrapes cannot load the database.
    expect(sample(await scrape(), 'storefront_outbox_pending', { outbox: 'mail' })).toBe(start);
    forgetOutboxReading();
    const text = await scrape();
    expect(sample(text, 'storefront_outbox_pending', { outbox: 'mail' })).toBe(start + 1);
    expect(sample(text, 'storefront_outbox_oldest_pending_age_seconds', { outbox: 'mail' })).toBeGreaterThanOrEqual(
      3_590,
    );
    expect(sample(text, 'storefront_outbox_pending', { outbox: 'webhook' })).toBeGreaterThanOrEqual(0);
  });
});
