import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentCache } from '@/server/http/document-cache';
import { createDocumentPreparer } from '@/server/http/kept-document';

/**
 * The document fast path (docs/product/targets.md#performance) in front of a stand-in for Next that answers like Next does: prerendered
 * pages with `x-nextjs-prerender` and a shared max-age, the page in the language of the locale cookie.
 */
let server: Server | undefined;
afterEach(() => server?.close());

/**
 * What the stand-in for Next does now: `down`, its renders fail as a page's does with the database down; `hold`,
 * its answers wait for the promise.
 */
type NextState = { down: boolean; moved: Set<string>; hold?: Promise<void> };

async function start(options: { now?: () => number; nextCache?: () => string; state?: NextState } = {}) {
  const calls: { url: string; cookie: string }[] = [];
  let port = 0;
  let cache: ReturnType<typeof createDocumentCache> | undefined;
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    calls.push({ url: req.url ?? '', cookie: req.headers.cookie ?? '' });
    if (options.state?.hold) await options.state.hold;
    if (options.state?.down) {
      // What the server makes of Next's 500 when the render needed the database (dependency-down-status.ts).
      res.writeHead(503, { 'retry-after': '5', 'cache-control': 'private, no-cache, no-store, max-age=0' });
      res.end('<html>temporarily unavailable</html>');
      return;
    }
    if (options.state?.moved.has(req.url ?? '')) {
      res.writeHead(308, { location: '/elsewhere' });
      res.end();
      return;
    }
    const locale = /NEXT_LOCALE=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
    if (req.url === '/product/vps' && locale === 'zh') {
      res.writeHead(307, { location: '/zh/product/vps' });
      res.end();
      return;
    }
    if (req.url?.startsWith('/dynamic')) {
      res.writeHead(200, { 'cache-control': 'private, no-cache, no-store', 'content-type': 'text/html' });
      res.end(`dynamic ${req.headers.cookie ?? ''}`);
      return;
    }
    res.writeHead(200, [
      ['Content-Type', 'text/html; charset=utf-8'],
      ['x-nextjs-prerender', '1'],
      ['x-nextjs-cache', options.nextCache?.() ?? 'HIT'],
      ['Cache-Control', 's-maxage=300, stale-while-revalidate=31535700'],
      ['ETag', `"page-${locale}"`],
      ['Vary', 'rsc, Accept-Encoding'],
      ['Set-Cookie', `NEXT_LOCALE=${locale}; Path=/`],
      ['Set-Cookie', 'second=1; Path=/'],
    ]);
    const scripts = req.url?.startsWith('/scripted')
      ? '<script src="/_next/static/chunks/a1.js" async=""></script><script src="/_next/static/chunks/b2.js" async=""></script>'
      : '';
    res.end(`<html lang="${locale}"><head>${scripts}</head>${'page body '.repeat(500)}#${calls.length}</html>`);
  };
  server = createServer((req, res) => {
    if (!cache?.(req, res, () => void next(req, res))) void next(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // As site-server.ts passes it; these pages link no stylesheet, so only their scripts change.
  cache = createDocumentCache({ port, now: options.now, prepareDocument: createDocumentPreparer('.next') });
  // node:http rather than fetch: fetch adds an Accept-Language of its own.
  const get = (path: string, headers: Record<string, string> = {}) => answer(port, path, headers);
  // The copy is fetched beside the first answer; wait until it is in.
  const settle = async (path: string, headers: Record<string, string> = {}) => {
    for (let i = 0; i < 50; i += 1) {
      const res = await get(path, headers);
      await res.arrayBuffer();
      if (res.headers.get('x-document-cache')) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never cached');
  };
  return { calls, get, settle, drop: () => cache?.drop() };
}

type Answer = {
  status: number;
  headers: { get: (name: string) => string | null; getSetCookie: () => string[] };
  text: () => Promise<string>;
  arrayBuffer: () => Promise<Buffer>;
};

function answer(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'identity', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get: (name) => {
                const value = res.headers[name.toLowerCase()];
                return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
              },
              getSetCookie: () => res.headers['set-cookie'] ?? [],
            },
            text: async () => body.toString(),
            arrayBuffer: async () => body,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('document fast path', () => {
  it('serves a prerendered page from memory after the first answer, with Next headers and cookies', async () => {
    const { calls, get, settle } = await start();
    const first = await get('/product/vps');
    expect(first.headers.get('x-document-cache')).toBeNull();
    await first.text();
    await settle('/product/vps');
    const before = calls.length;
    const hit = await get('/product/vps?utm=1');
    expect(hit.headers.get('x-document-cache')).toBe('hit');
    expect(await hit.text()).toContain('<html lang="en">');
    expect(hit.headers.get('cache-control')).toBe('s-maxage=300, stale-while-revalidate=31535700');
    expect(hit.headers.getSetCookie()).toEqual(['NEXT_LOCALE=en; Path=/', 'second=1; Path=/']);
    expect(hit.headers.get('vary')).toBe('rsc, Accept-Encoding');
    // Next's internal markers stay behind: they say nothing to a browser and cost a header each per answer.
    expect(hit.headers.get('x-nextjs-prerender')).toBeNull();
    expect(hit.headers.get('x-nextjs-cache')).toBeNull();
    expect(calls.length).toBe(before);
  });

  it('answers brotli, gzip or identity by Accept-Encoding, each with its own ETag, and 304 on a match', async () => {
    const { get, settle } = await start();
    await settle('/doc');
    const identity = await get('/doc');
    const text = await identity.text();
    const br = await get('/doc', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(text.length / 5);
    expect(brotliDecompressSync(brBody).toString()).toBe(text);
    const gz = await get('/doc', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const etags = new Set([identity, br, gz].map((r) => r.headers.get('etag')));
    expect(etags.size).toBe(3);
    const again = await get('/doc', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('keeps languages and currencies apart, and leaves first visits with Accept-Language to Next', async () => {
    const { calls, get, settle } = await start();
    await settle('/about', { cookie: 'NEXT_LOCALE=ja' });
    const ja = await get('/about', { cookie: 'NEXT_LOCALE=ja; sid=secret' });
    expect(ja.headers.get('x-document-cache')).toBe('hit');
    expect(await ja.text()).toContain('lang="ja"');
    const zh = await get('/about', { cookie: 'NEXT_LOCALE=zh; sid=secret' });
    expect(zh.headers.get('x-document-cache')).toBeNull();
    expect(await zh.text()).toContain('lang="zh"');
    const withCurrency = await get('/about', { cookie: 'NEXT_LOCALE=ja; currency=USD' });
    expect(withCurrency.headers.get('x-document-cache')).toBeNull();
    await withCurrency.text();
    const browser = await get('/about', { 'accept-language': 'en-US,zh-CN;q=0.9' });
    expect(browser.headers.get('x-document-cache')).toBeNull();
    await browser.text();
    // A miss is Next's with the visitor's own cookies; the copy is asked for with only the key's cookies.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const zhCalls = calls.filter((c) => c.cookie.includes('NEXT_LOCALE=zh'));
    expect(zhCalls.map((c) => c.cookie).sort()).toEqual(['NEXT_LOCALE=zh', 'NEXT_LOCALE=zh; sid=secret']);
  });

  it('serves first visits whose Accept-Language cannot change the language from the same copy', async () => {
    const { get, settle } = await start();
    await settle('/about');
    // Only English named: next-intl can pick nothing but English, so the copy made without the header fits.
    for (const header of ['en-US,en;q=0.9', 'en', 'en-GB;q=0.8, en-US']) {
      const res = await get('/about', { 'accept-language': header });
      expect(res.headers.get('x-document-cache'), header).toBe('hit');
      expect(await res.text()).toContain('lang="en"');
    }
    // Another language named: Next may redirect to /zh or /ja, so it answers.
    for (const header of ['zh-CN', 'en-US,ja;q=0.5', 'fr', '*', '']) {
      const res = await get('/about', { 'accept-language': header });
      expect(res.headers.get('x-document-cache'), header).toBeNull();
      await res.text();
    }
    // A /zh or /ja path is settled by its prefix, whatever the header says.
    await settle('/zh/about');
    const prefixed = await get('/zh/about', { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(prefixed.headers.get('x-document-cache')).toBe('hit');
    await prefixed.text();
  });

  it('keeps the page as the server prepares it, with its scripts for after the first paint', async () => {
    const { get, settle } = await start();
    await settle('/scripted');
    const html = await (await get('/scripted')).text();
    expect(html).not.toContain('<script src=');
    expect(html).toContain('["/_next/static/chunks/a1.js","/_next/static/chunks/b2.js"]');
    expect(html.indexOf('first-contentful-paint')).toBeLessThan(html.indexOf('</head>'));
  });

  it('never caches client navigations, unknown cookie values or pages Next marks private', async () => {
    const { calls, get, settle } = await start();
    await settle('/jobs');
    const variants: Record<string, string>[] = [
      { rsc: '1' },
      { 'next-router-prefetch': '1' },
      { cookie: 'NEXT_LOCALE=xx' },
      // Next's cookie parser lets the last of two win and decodes escapes: such headers are Next's to read.
      { cookie: 'NEXT_LOCALE=en; NEXT_LOCALE=zh' },
      { cookie: 'currency=USD; a=1; currency=JPY' },
      { cookie: 'NEXT_LOCALE=%65n' },
    ];
    for (const headers of variants) {
      const res = await get('/jobs', headers);
      expect(res.headers.get('x-document-cache')).toBeNull();
      await res.text();
    }
    await (await get('/dynamic/page')).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const count = calls.length;
    const dynamic = await get('/dynamic/page', { cookie: 'NEXT_LOCALE=en; sid=abc' });
    expect(dynamic.headers.get('x-document-cache')).toBeNull();
    expect(await dynamic.text()).toBe('dynamic NEXT_LOCALE=en; sid=abc');
    // Known not cacheable: the path now goes straight to Next, without a second fetch for a copy.
    expect(calls.length).toBe(count + 1);
  });

  it('reads the locale and currency cookies as Next does, among other cookies', async () => {
    const { get, settle } = await start();
    await settle('/pricing', { cookie: 'NEXT_LOCALE=ja; currency=HKD' });
    for (const cookie of [
      'NEXT_LOCALE=ja; currency=HKD',
      'sid=1;   currency=hkd;NEXT_LOCALE=ja',
      'x_NEXT_LOCALE=en; NEXT_LOCALE=ja; currency=HKD; xcurrency=USD',
    ]) {
      const res = await get('/pricing', { cookie });
      expect(res.headers.get('x-document-cache'), cookie).toBe('hit');
      expect(await res.text()).toContain('lang="ja"');
    }
    // A value inside another cookie's value is not the cookie.
    const other = await get('/pricing', { cookie: 'note=NEXT_LOCALE=ja; currency=HKD' });
    expect(other.headers.get('x-document-cache')).toBeNull();
    await other.text();
  });

  it('keeps a redirect for one language from stopping the copy of the same path in another', async () => {
    const { get, settle } = await start();
    const redirect = await get('/product/vps', { cookie: 'NEXT_LOCALE=zh' });
    expect(redirect.status).toBe(307);
    await redirect.text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await get('/product/vps', { cookie: 'NEXT_LOCALE=zh' });
    expect([again.status, again.headers.get('x-document-cache')]).toEqual([307, null]);
    await again.text();
    await settle('/product/vps', { cookie: 'NEXT_LOCALE=en' });
  });

  it('serves a copy past its max-age once as stale while asking Next again', async () => {
    let clock = 1_000_000;
    const { calls, get, settle } = await start({ now: () => clock });
    await settle('/');
    clock += 301_000;
    const before = calls.length;
    const stale = await get('/');
    expect(stale.headers.get('x-document-cache')).toBe('stale');
    await stale.text();
    // The refill runs beside the stale answer; poll until the fresh copy is in (a loaded machine is slow).
    let state: string | null = 'stale';
    for (let i = 0; i < 100 && state !== 'hit'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await get('/');
      state = res.headers.get('x-document-cache');
      await res.text();
    }
    expect(state).toBe('hit');
    // Next was asked once more, however many stale answers went out meanwhile.
    expect(calls.length).toBe(before + 1);
  });

  it('keeps its own copy while Next answers with its stale one, and takes the regenerated page after', async () => {
    let clock = 1_000_000;
    let nextCache = 'HIT';
    const { calls, get, settle } = await start({ now: () => clock, nextCache: () => nextCache });
    await settle('/');
    const kept = await (await get('/')).text();
    const poll = async (until: (state: string | null, body: string) => boolean) => {
      for (let i = 0; i < 100; i += 1) {
        const res = await get('/');
        const state = res.headers.get('x-document-cache');
        const body = await res.text();
        if (until(state, body)) return { state, body };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('never settled');
    };

    clock += 301_000;
    nextCache = 'STALE';
    const asked = calls.length;
    // Next's own old copy comes back: ours stays, fresh for one more second.
    const during = await poll((state) => state === 'hit');
    expect(calls.length).toBe(asked + 1);
    expect(during.body).toBe(kept);

    clock += 1_001;
    nextCache = 'HIT';
    const after = await poll((state, body) => state === 'hit' && body !== kept);
    expect(after.body).toContain(`#${asked + 2}`);
    expect(calls.length).toBe(asked + 2);
  });
});

describe('kept pages after an operator’s change (decision 055)', () => {
  it('renders a page again on its next request, once for the requests that arrive together', async () => {
    const { calls, get, settle, drop } = await start();
    await settle('/');
    const before = await (await get('/')).text();
    drop();
    const asked = calls.length;
    const answers = await Promise.all([get('/'), get('/'), get('/', { 'accept-encoding': 'br' })]);
    // Nobody gets the page from before the change while the database answers.
    for (const res of answers) expect(res.headers.get('x-document-cache')).toBe('hit');
    const [first, second] = await Promise.all(answers.slice(0, 2).map((res) => res.text()));
    expect(first).not.toBe(before);
    expect(second).toBe(first);
    expect(calls.length).toBe(asked + 1);
  });

  it('renders the page once more when another change comes while it is rendered', async () => {
    let release: () => void = () => {};
    const state: NextState = { down: false, moved: new Set() };
    const { calls, get, settle, drop } = await start({ state });
    await settle('/');
    drop();
    state.hold = new Promise((resolve) => {
      release = resolve;
    });
    const asked = calls.length;
    const answer = get('/');
    await expect.poll(() => calls.length).toBe(asked + 1);
    // The settle pass a second after each change (decision 040): the render under way may show what was before.
    drop();
    state.hold = undefined;
    release();
    const res = await answer;
    expect(res.headers.get('x-document-cache')).toBe('hit');
    expect(await res.text()).toContain(`#${asked + 2}`);
    expect(calls.length).toBe(asked + 2);
  });

  it('answers the copy from before, marked stale-if-error, when the page cannot be rendered', async () => {
    let clock = 1_000_000;
    const state: NextState = { down: false, moved: new Set() };
    const { calls, get, settle, drop } = await start({ now: () => clock, state });
    await settle('/about');
    const before = await (await get('/about')).text();
    drop();
    state.down = true;
    const asked = calls.length;
    const during = await get('/about');
    expect(during.status).toBe(200);
    expect(during.headers.get('x-document-cache')).toBe('stale-if-error');
    // Not for a shared cache, which would keep it past the outage.
    expect(during.headers.get('cache-control')).toBe('private, no-cache');
    expect(await during.text()).toBe(before);
    const gz = await get('/about', { 'accept-encoding': 'gzip' });
    expect([gz.headers.get('x-document-cache'), gz.headers.get('content-encoding')]).toEqual([
      'stale-if-error',
      'gzip',
    ]);
    expect(gunzipSync(await gz.arrayBuffer()).toString()).toBe(before);
    // One failed render per page until the retry a few seconds later, not one per request.
    expect(calls.length).toBe(asked + 1);
    const again = await get('/about', { 'if-none-match': during.headers.get('etag') ?? '' });
    expect([again.status, again.headers.get('x-document-cache')]).toEqual([304, 'stale-if-error']);
    clock += 5_001;
    expect((await get('/about')).headers.get('x-document-cache')).toBe('stale-if-error');
    expect(calls.length).toBe(asked + 2);
    // Once the page renders again, the copy from before is never answered again.
    clock += 5_001;
    state.down = false;
    const back = await get('/about');
    expect(back.headers.get('x-document-cache')).toBe('hit');
    expect(back.headers.get('cache-control')).toBe('s-maxage=300, stale-while-revalidate=31535700');
    expect(await back.text()).not.toBe(before);
  });

  it('hands the request to Next when the page is no longer one to keep', async () => {
    const state: NextState = { down: false, moved: new Set() };
    const { get, settle, drop } = await start({ state });
    await settle('/doc/article/old');
    drop();
    state.moved.add('/doc/article/old');
    const moved = await get('/doc/article/old');
    expect([moved.status, moved.headers.get('location'), moved.headers.get('x-document-cache')]).toEqual([
      308,
      '/elsewhere',
      null,
    ]);
  });

  it('keeps a page on the fast path when a refill fails while a dependency is down', async () => {
    let clock = 1_000_000;
    const state: NextState = { down: false, moved: new Set() };
    const { calls, get, settle } = await start({ now: () => clock, state });
    await settle('/jobs');
    clock += 301_000;
    state.down = true;
    const asked = calls.length;
    const stale = await get('/jobs');
    expect(stale.headers.get('x-document-cache')).toBe('stale');
    await stale.text();
    await expect.poll(() => calls.length).toBe(asked + 1);
    // The failed refill neither takes the page off the fast path nor is asked again at once.
    const still = await get('/jobs');
    expect([still.status, still.headers.get('x-document-cache')]).toEqual([200, 'stale']);
    expect(calls.length).toBe(asked + 1);
  });
});
