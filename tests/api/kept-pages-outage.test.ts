import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';
import { announceChange } from '../../src/server/changes/bus';
import { onLocalChange, watchRendering } from '../../src/server/changes/hooks';
import { type ChangeListener, startChangeListener } from '../../src/server/changes/listener';
import { createDatabase, type Database } from '../../src/server/db/client';
import type { PreparedDatabase } from '../../src/server/db/prepare';
import { isDependencyDown, noteDependencyDown } from '../../src/server/dependency-down';
import { withDependencyStatus } from '../../src/server/http/dependency-down-status';
import { createDocumentCache, type DocumentCache } from '../../src/server/http/document-cache';
import { startTestDatabase } from '../support/test-database';

/**
 * Kept pages through an operator's change and then an outage (docs/decisions/055-stale-kept-pages.md): the
 * production server's document cache and 503 rewrite, its change hook on the real change bus and listener, in front
 * of a stand-in for Next whose pages read a real PostgreSQL, which the test stops. Like Next after a change, the
 * stand-in keeps no old copy of its own: a page it cannot read is a 500, which the server turns into a 503.
 * A database of its own, so stopping it cannot disturb the other test files; one table is all the pages read.
 */
const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined });
let database: PreparedDatabase;
let db: Database;
let site: Server;
let cache: DocumentCache;
let listener: ChangeListener | undefined;
let changesHeard = 0;
let removeHook: () => void = () => {};
const waiting: { count: number; heard: () => void }[] = [];

/** Resolves once the server's change hook has run `count` times in all. */
function changesDropped(count: number): Promise<void> {
  if (changesHeard >= count) return Promise.resolve();
  return new Promise((heard) => waiting.push({ count, heard }));
}

const PAGES = { '/': 'Home', '/doc': 'Docs', '/about': 'About us', '/pricing': 'Pricing' };

/** A page as Next renders a prerendered one, read from the database at each render. */
const renderPage = withDependencyStatus((req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  db.execute<{ title: string }>(sql`select title from page_titles where path = ${path}`).then(
    ({ rows }) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-nextjs-prerender': '1',
        'cache-control': 's-maxage=300, stale-while-revalidate=31535700',
      });
      res.end(`<html><head><title>${rows[0]?.title}</title></head><body>${'text '.repeat(200)}</body></html>`);
    },
    (error: unknown) => {
      // What Next's onRequestError does (src/instrumentation.ts) before it answers its 500.
      if (isDependencyDown(error)) noteDependencyDown();
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>error</html>');
    },
  );
});

/** GET through node:http (fetch would add an Accept-Language, which leaves a first visit to Next). */
function get(path: string): Promise<{ status: number; marker: string | undefined; title: string }> {
  const port = (site.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          marker: res.headers['x-document-cache'] as string | undefined,
          title: /<title>(.*)<\/title>/.exec(html)?.[1] ?? '',
        });
      });
      res.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

beforeAll(async () => {
  database = await startTestDatabase(env, 'test-kept-pages');
  db = createDatabase(database.url, { max: 2 });
  await db.execute(sql`drop table if exists page_titles`);
  await db.execute(sql`create table page_titles (path text primary key, title text not null)`);
  for (const [path, title] of Object.entries(PAGES)) {
    await db.execute(sql`insert into page_titles values (${path}, ${title})`);
  }
  site = createServer((req, res) => {
    if (!cache(req, res, () => renderPage(req, res))) renderPage(req, res);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  cache = createDocumentCache({ port: (site.address() as AddressInfo).port });
  // As the production server registers it (site-server.ts); the stand-in renders nothing in the background, so
  // no second drop follows each one.
  watchRendering(() => false);
  removeHook = onLocalChange('copies', () => {
    cache.drop();
    changesHeard += 1;
    for (const wait of waiting.filter((w) => w.count <= changesHeard)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.heard();
    }
  });
  listener = startChangeListener({ url: database.url });
  // The listener's first connection drops everything (decision 040): warm the pages after it.
  await changesDropped(1);
}, 120_000);

afterAll(async () => {
  await listener?.stop();
  removeHook();
  site?.close();
  await db?.$client.end().catch(() => undefined);
  await database?.stop();
});

describe('kept pages, an operator’s change, then the database down', () => {
  it('still answers the pages kept before the change, and says so', async () => {
    for (const path of ['/', '/doc', '/about']) {
      await expect.poll(async () => (await get(path)).marker, { timeout: 10_000, interval: 20 }).toBe('hit');
    }

    await db.transaction(async (tx) => {
      await tx.execute(sql`update page_titles set title = 'Home, changed' where path = '/'`);
      await announceChange(tx, ['announcements']);
    });
    await changesDropped(2);
    // While the database answers, the change shows at once: the page is rendered again, not served from before.
    expect(await get('/')).toMatchObject({ status: 200, title: 'Home, changed' });

    await database.stop();

    // Kept before the change and not asked for since: the copy from before, said to be one.
    expect(await get('/doc')).toEqual({ status: 200, marker: 'stale-if-error', title: 'Docs' });
    expect(await get('/about')).toEqual({ status: 200, marker: 'stale-if-error', title: 'About us' });
    // Rendered after the change: still fresh.
    expect(await get('/')).toEqual({ status: 200, marker: 'hit', title: 'Home, changed' });
    // Never kept: nothing to answer with but the 503.
    expect((await get('/pricing')).status).toBe(503);
  });
});
