import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { browserPath } from '@/lib/browser-path';
import { documentPolicy } from '@/server/http/content-security-policy';
import { createNotFoundPages, shownPath } from '@/server/http/not-found-pages';

type Pages = {
  start: () => Promise<void>;
  watch: (req: IncomingMessage, res: ServerResponse) => void;
  isDirectRequest: (req: IncomingMessage) => boolean;
};
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

async function start() {
  let port = 0;
  let pages: Pages | undefined;
  const next = (req: IncomingMessage, res: ServerResponse) => {
    compression()(req, res, () => {});
    const locale = /NEXT_LOCALE=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "default-src 'self'");
    if (/^(\/zh|\/ja)?\/page-not-found$/.test(path)) {
      res.setHeader('cache-control', 's-maxage=300');
      res.end(`<html lang="${locale}"><body>${message(locale, path)}${PAGE_SCRIPT}</body></html>`);
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
    next(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  pages = createNotFoundPages({ port, browserPath });
  await pages.start();
  return (path: string, headers: Record<string, string> = {}, method = 'GET') => answer(port, path, headers, method);
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
});
