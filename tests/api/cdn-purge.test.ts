import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeptReads } from '../../src/server/api/api-front';
import { apiTags, pageTags } from '../../src/server/cdn/tags';
import { announceChange } from '../../src/server/changes/bus';
import { listenConnection, stopListenConnection } from '../../src/server/changes/connection';
import { cdnPurges, footerLinks } from '../../src/server/db/schema';
import { type BackgroundJobs, startBackgroundJobs } from '../../src/server/jobs/background';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { signedInStaff } from '../support/staff';

/**
 * A CDN in front (docs/decisions/073-cdn-purge-by-tag.md): shareable answers carry their tags, and an operator's
 * change reaches a local purge receiver, shaped as Cloudflare's purge_cache, within a second of its commit, retried
 * while the receiver refuses. A database of its own: the sender takes every purge queued there.
 */
const receiver = await vi.hoisted(async () => {
  const { createServer } = await import('node:http');
  const state = {
    port: 0,
    /** What the next purges are answered: a status, used up one per request; then 200. */
    refusals: [] as number[],
    received: [] as { at: number; tags: string[]; authorization: string | undefined; status: number }[],
    waiting: [] as (() => void)[],
    server: createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const status = state.refusals.shift() ?? 200;
        const { tags } = JSON.parse(body) as { tags: string[] };
        state.received.push({ at: Date.now(), tags, authorization: req.headers.authorization, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ success: status === 200 }));
        for (const wake of state.waiting.splice(0)) wake();
      });
    }),
  };
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.port = (state.server.address() as { port: number }).port;
  // Read once by the configuration (src/env.ts), before anything imports it.
  process.env.CDN_PURGE_URL = `http://127.0.0.1:${state.port}/client/v4/zones/test/purge_cache`;
  process.env.CDN_PURGE_TOKEN = 'cdn-token-for-the-tests';
  return state;
});

/** Resolves once the receiver got `count` purges in all. */
async function purgesReceived(count: number): Promise<void> {
  while (receiver.received.length < count) {
    await new Promise<void>((resolve) => receiver.waiting.push(resolve));
  }
}

let own: OwnDatabase;
let jobs: BackgroundJobs | undefined;

beforeAll(async () => {
  own = await ownDatabase('cdn');
});
afterAll(async () => {
  await jobs?.stop();
  await stopListenConnection();
  receiver.server.close();
  await own?.drop();
});

describe('tags on what a CDN may keep', () => {
  it('a kept catalog read carries its tags, from the app and on the connection; a private answer none', async () => {
    const url = '/api/cvm/area/search?language=en';
    const res = await call(own.app, 'GET', url);
    expect(res.status).toBe(200);
    expect(res.headers.get('surrogate-key')).toBe('site catalog prices');
    expect(res.headers.get('cache-tag')).toBe('site,catalog,prices');
    // The same read, answered from the read cache on the connection (src/server/api/api-front.ts).
    const wire = createKeptReads(own.app)({ url, headers: { host: 'localhost' } }, Date.now());
    expect(wire?.head.toString('latin1')).toMatch(/\r\nsurrogate-key: site catalog prices\r\n/);
    expect(wire?.head.toString('latin1')).toMatch(/\r\ncache-tag: site,catalog,prices\r\n/);

    const health = await call(own.app, 'GET', '/api/health/live');
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('surrogate-key')).toBeNull();
  });

  it('pages are tagged by what they show, the shell on every one, an unknown page with everything', () => {
    expect(pageTags('/ja/product/vps')).toEqual(['site', 'announcements', 'promotions', 'footer', 'catalog', 'prices']);
    expect(pageTags('/jobs?x=1')).toEqual(['site', 'announcements', 'promotions', 'footer', 'jobs']);
    expect(pageTags('/zh')).toContain('reviews');
    expect(pageTags('/somewhere/new')).toHaveLength(10);
    expect(apiTags('/api/activity/live')).toEqual(['site', 'promotions']);
  });
});

describe('purges', () => {
  it('an operator’s change is purged by its tags within a second of its commit', async () => {
    jobs = startBackgroundJobs(own.db, own.url);
    const owner = await signedInStaff(own.app, own.db, 'owner');
    // The jobs process listens for wake-ups once its connection is up (it is set after its LISTEN).
    await vi.waitFor(() => expect(listenConnection(own.url).client()).toBeDefined());
    const before = receiver.received.length;
    const made = await call(own.app, 'POST', '/api/admin/footer-links', {
      json: { name: { en: 'Status page' }, link: '/doc', sort: 90 },
      headers: owner.headers,
    });
    const committed = Date.now();
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    await purgesReceived(before + 1);
    const purge = receiver.received[before];
    expect(purge).toMatchObject({ tags: ['footer'], authorization: 'Bearer cdn-token-for-the-tests', status: 200 });
    expect((purge?.at ?? Infinity) - committed).toBeLessThan(1000);
    await vi.waitFor(async () => expect(await own.db.$count(cdnPurges)).toBe(0));
  });

  it('a refused purge is sent again until the CDN takes it; a change rolled back queues none', async () => {
    receiver.refusals.push(503, 429);
    const before = receiver.received.length;
    await own.db.transaction(async (tx) => {
      await tx.update(footerLinks).set({ sort: 91 }).where(eq(footerLinks.sort, 90));
      await announceChange(tx, ['footer', 'prices']);
    });
    await purgesReceived(before + 3);
    expect(receiver.received.slice(before).map((p) => [p.status, p.tags.join(' ')])).toEqual([
      [503, 'footer prices'],
      [429, 'footer prices'],
      [200, 'footer prices'],
    ]);
    await vi.waitFor(async () => expect(await own.db.$count(cdnPurges)).toBe(0));

    await expect(
      own.db.transaction(async (tx) => {
        await announceChange(tx, ['articles']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await own.db.$count(cdnPurges)).toBe(0);
  }, 15_000);
});
