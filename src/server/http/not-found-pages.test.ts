import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPath } from '@/lib/browser-path';
import { documentPolicy } from '@/server/http/content-security-policy';
import { createNotFoundPages, shownPath } from '@/server/http/not-found-pages';

type Pages = ReturnType<typeof createNotFoundPages>;
const require = createRequire(import.meta.url);
// The compression Next applies to every answer (next/dist/server/lib/router-server.js), wrapped around our hooks.
const compression = require('next/dist/compiled/compression') as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

/**
 * Decision 017: a 404 document from Next (the empty `__next_error__` shell) is answered with the prerendered
 * 404 page instead, under Next's own compression. The stand-in for Next answers like Next 16 does.
 */
let server: Server | undefined;
afterEach(() => server?.close());

/** The prerendered page's own inline script, which the copy's policy names by hash (decision 032). */
const PAGE_SCRIPT = '<script>self.__next_f=[]</script>';
const message = (locale: string, path: string) =>
  `<p class="mt-3" data-testid="error-message">${locale === 'zh' ? '页面不存在：' : 'Page Not Found: '}${path}</p>`;

/**
 * `copyAnswer` decides each answer for a copy of the 404 page (the server's own fetches): `ok`, a 500, or one held
 * until the promise it returns settles.
 */
async function start(options: { copyAnswer?: (cookie: string) => 'ok' | 500 | Promise<void>; wait?: boolean } = {}) {
  let port = 0;
  let pages: Pages | undefined;
  const copiesAsked: string[] = [];
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    compression()(req, res, () => {});
    const locale = /NEXT_LOCALE=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "default-src 'self'");
    if (/^(\/zh|\/ja)?\/page-not-found$/.test(path)) {
      copiesAsked.push(req.headers.cookie ?? '');
      const answer = options.copyAnswer?.(req.headers.cookie ?? '') ?? 'ok';
      if (answer === 500) {
        res.statusCode = 500;
        res.end('<html>error</html>');
        return;
      }
      if (answer !== 'ok') await answer;
      res.setHeader('cache-control', 's-maxage=300');
      res.end(`<html lang="${locale}"><body>${message(locale, path)}${PAGE_SCRIPT}</body></html>`);
      return;
    }
    if (path.startsWith('/_next/') || path.startsWith('/admin/')) {
      // Next's own paths and the back office are not the proxy's: no rewrite, and Next's own error document,
      // shared for a minute.
      res.statusCode = 404;
      res.setHeader('cache-control', 's-maxage=60, stale-while-revalidate=31535940');
      res.setHeader('x-nextjs-prerender', '1');
      res.end('<!DOCTYPE html><html id="__next_error__"><body></body></html>');
      return;
    }
    if (path === '/about') {
      res.end('<html><body>about</body></html>');
      return;
    }
    if (path === '/sized') {
      // Next's other way of answering: status and a length in one writeHead call, the body in end().
      const body = '<html id="__next_error__"></html>';
      res.writeHead(404, {
        'content-length': String(body.length),
        'x-middleware-rewrite': `http://localhost:${port}/${locale}/usd/sized`,
      });
      res.end(body);
      return;
    }
    res.statusCode = 404;
    res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.setHeader('x-middleware-rewrite', `http://localhost:${port}/${locale}/usd${path.replace(/^\/zh/, '')}`);
    res.write('<html id="__next_error__"><body>');
    res.end(`${'x'.repeat(2000)}</body></html>`);
  };
  // As src/server/http/site-server.ts: every document request is watched before Next answers it.
  server = createServer((req, res) => {
    pages?.watch(req, res);
    void next(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const made = createNotFoundPages({ port, browserPath });
  pages = made;
  const started = made.start();
  if (options.wait !== false) await started;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    answer(port, path, headers, method);
  return Object.assign(get, { pages: made, copiesAsked });
}

function answer(port: number, path: string, headers: Record<string, string>, method: string) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('server-rendered 404 pages (decision 017)', () => {
  it('answers a 404 with the prerendered page and the visitor path, gzip as Next chose', async () => {
    const get = await start();
    const res = await get('/no/such<page>', { 'accept-encoding': 'gzip', cookie: 'NEXT_LOCALE=en' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    // The copy's own scripts by hash, not Next's policy for its empty shell.
    expect(res.headers['content-security-policy']).toBe(documentPolicy(PAGE_SCRIPT));
    expect(res.headers['content-security-policy']).toContain("'sha256-");
    expect(res.headers['cache-control']).toContain('no-store');
    const html = gunzipSync(res.body).toString('utf8');
    expect(html).toContain(message('en', '/no/such&lt;page&gt;'));
    expect(html).not.toContain('__next_error__');
  });

  it('writes the path in the language of the answer, decoded as the browser shows it', async () => {
    const get = await start();
    const res = await get('/zh/%E4%B8%8D%E5%AD%98%E5%9C%A8', { cookie: 'NEXT_LOCALE=zh' });
    expect(res.status).toBe(404);
    expect(res.body.toString('utf8')).toContain(message('zh', '/zh/不存在'));
  });

  it('replaces an answer whose length was given with its status', async () => {
    const get = await start();
    const res = await get('/sized');
    expect(res.status).toBe(404);
    expect(res.body.toString('utf8')).toContain(message('en', '/sized'));
  });

  it('leaves other answers, client-navigation payloads and HEAD bodies alone', async () => {
    const get = await start();
    expect((await get('/about')).body.toString('utf8')).toBe('<html><body>about</body></html>');
    const rsc = await get('/nope', { rsc: '1' });
    expect(rsc.status).toBe(404);
    expect(rsc.body.toString('utf8')).toContain('__next_error__');
    const head = await get('/nope', {}, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  it('answers the prerendered page asked for directly as a 404 that is not shared', async () => {
    const get = await start();
    const res = await get('/zh/page-not-found', { cookie: 'NEXT_LOCALE=zh' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.toString('utf8')).toContain(message('zh', '/zh/page-not-found'));
  });

  it('shows an invalid percent-encoding as it came', () => {
    expect(shownPath(browserPath, '/ja/%E5%AD%98')).toBe('/ja/存');
    expect(shownPath(browserPath, '/bad/%E5%AD?x=1')).toBe('/bad/%E5%AD');
  });
  it('answers a path of Next’s own that does not exist with the page in the visitor’s language, not shared', async () => {
    const get = await start();
    // `/_next/%ZZ` as the server hands it to Next (page-path.ts: the `%` read literally).
    const res = await get('/_next/%25ZZ', { cookie: 'NEXT_LOCALE=zh' });
    expect(res.status).toBe(404);
    expect(res.headers['x-not-found-page']).toBe('prerendered');
    expect(res.headers['cache-control']).toContain('no-store');
    const html = res.body.toString('utf8');
    expect(html).toContain(message('zh', '/_next/%ZZ'));
    expect(html).not.toContain('__next_error__');
    // Without a cookie, English like the unprefixed site.
    expect((await get('/_next/static/chunks/gone.js')).body.toString('utf8')).toContain(
      message('en', '/_next/static/chunks/gone.js'),
    );
    // The back office's own 404 is not the storefront's.
    expect((await get('/admin/nope')).body.toString('utf8')).toContain('__next_error__');
  });
});

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the 404 pages at start-up (decision 055)', () => {
  it('asks Next once per copy when a change comes while they are fetched, and is ready once all are in', async () => {
    // The first fetches are held until the change has come; any later one until the end of the test.
    const [first, later] = [deferred(), deferred()];
    let asked = 0;
    const get = await start({ copyAnswer: () => (asked++ < 9 ? first.promise : later.promise), wait: false });
    const { pages, copiesAsked } = get;
    await expect.poll(() => copiesAsked.length).toBe(9);
    // The change listener's first connection (decision 040), while the first fetches are under way.
    pages.refresh();
    first.release();
    await pages.ready;
    // Ready means a 404 now is the prerendered page.
    const res = await get('/ja/nope', { cookie: 'NEXT_LOCALE=ja' });
    expect(res.headers['x-not-found-page']).toBe('prerendered');
    expect(pages.isReady()).toBe(true);
    // No copy was asked for a second time beside its fetch under way; the one a visitor met, fetched while the
    // change came, is asked for again now.
    later.release();
    await expect.poll(() => copiesAsked.length).toBe(10);
  });

  it('is not ready while a copy is missing, tries again, and logs each failed round once, naming the copies', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      logged.push(String(line));
    });
    // The Japanese copies fail at first; asked again, they are held until the test has looked.
    let failures = 3;
    const retried = deferred();
    const get = await start({
      copyAnswer: (cookie) => (!cookie.includes('NEXT_LOCALE=ja') ? 'ok' : failures-- > 0 ? 500 : retried.promise),
      wait: false,
    });
    const { pages, copiesAsked } = get;
    let settled = false;
    void pages.ready.then(() => {
      settled = true;
    });
    await expect.poll(() => copiesAsked.length, { timeout: 5_000 }).toBe(12);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^\[cirrus\] 404 pages not fetched: /);
    for (const copy of ['ja/usd', 'ja/hkd', 'ja/jpy']) expect(logged[0]).toContain(`${copy}: /ja/page-not-found: 500`);
    expect(settled).toBe(false);
    expect(pages.isReady()).toBe(false);
    retried.release();
    await pages.ready;
    expect(logged).toHaveLength(1);
  });
});
