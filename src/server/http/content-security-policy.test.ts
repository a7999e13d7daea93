import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BASE_POLICY,
  documentPolicy,
  inlineScriptHashes,
  noncePolicy,
  policy,
  watch,
} from '@/server/http/content-security-policy';
import { createDocumentCache } from '@/server/http/document-cache';
import { createDocumentPreparer } from '@/server/http/kept-document';

const require = createRequire(import.meta.url);
// The compression Next applies to every answer (next/dist/server/lib/router-server.js), wrapped around our hooks.
const compression = require('next/dist/compiled/compression') as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

/** The source a browser computes for an inline script's text (CSP Level 3, SHA-256 of its UTF-8). */
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The sources of a policy's script-src directive. */
const scriptSrc = (value: string | string[] | undefined) =>
  String(value ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? [];

describe('inline script hashes (docs/decisions/032-content-security-policy.md)', () => {
  it('names each inline script the browser runs, once, in document order', () => {
    const html = [
      '<html><head><script>self.a=1</script>',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script id="_R_">(globalThis.T=[]).push(1)</script>',
      '</head><body><script type="module">import "/m.js"</script>',
      '<script data-src="x">self.b=2</script>',
      '<SCRIPT TYPE="text/javascript">self.c=3</SCRIPT >',
      '<script>self.a=1</script>',
      '<script type="text/plain">not code</script></body></html>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.a=1'),
      sha('(globalThis.T=[]).push(1)'),
      sha('import "/m.js"'),
      sha('self.b=2'),
      sha('self.c=3'),
    ]);
  });

  it('hashes the text as the parser hands it over: line breaks as LF, UTF-8, character references as written', () => {
    expect(inlineScriptHashes('<script>a=1;\r\nb="日本語";\rc="&amp;"</script>')).toEqual([
      sha('a=1;\nb="日本語";\nc="&amp;"'),
    ]);
    expect(inlineScriptHashes('<script></script>')).toEqual([sha('')]);
  });

  it('gives the same hashes for the document as bytes, read without decoding UTF-8', () => {
    const html = '<p>価格</p><script>a="日本語\u0000";\r\nb=1</script><script type="module">x="中文"</script>';
    expect(inlineScriptHashes(Buffer.from(html, 'utf8'))).toEqual(inlineScriptHashes(html));
    expect(inlineScriptHashes(html)).toEqual([sha('a="日本語\uFFFD";\nb=1'), sha('x="中文"')]);
  });

  it('ends a script where the tokenizer does, not at a longer name', () => {
    expect(inlineScriptHashes('<script>x="</scripts>"</script/><p>')).toEqual([sha('x="</scripts>"')]);
  });

  it('puts the hashes into script-src and never unsafe-inline', () => {
    const value = documentPolicy('<script>self.a=1</script>');
    expect(scriptSrc(value)).toEqual(["'self'", sha('self.a=1'), 'https://*.googletagmanager.com']);
    expect(value).toContain("style-src 'self' 'unsafe-inline'");
    expect(value).toContain("object-src 'none'");
    for (const v of [value, BASE_POLICY, noncePolicy('abc'), policy()])
      expect(scriptSrc(v)).not.toContain("'unsafe-inline'");
    expect(scriptSrc(BASE_POLICY)).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(scriptSrc(noncePolicy('abc'))).toContain("'nonce-abc'");
  });

  it('costs well under a millisecond per 100 KB of document, paid once per kept copy', () => {
    const chunk = `<script>self.__next_f.push([1,"${'x'.repeat(8000)}"])</script><div>${'y'.repeat(2000)}</div>`;
    const html = `<html><head></head><body>${chunk.repeat(10)}</body></html>`;
    const start = performance.now();
    for (let i = 0; i < 20; i += 1) inlineScriptHashes(html);
    // A loose bound for a busy two-core machine; the measured cost is in the decision.
    expect((performance.now() - start) / 20).toBeLessThan(10);
  });
});

let server: Server | undefined;
afterEach(() => server?.close());

type Answer = { status: number; headers: IncomingMessage['headers']; body: Buffer };

function answer(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const PRERENDERED = `<html><head><script>self.__next_f=[]</script></head><body>${'page '.repeat(600)}<script>self.__next_f.push([1,"a"])</script></body></html>`;

/**
 * A stand-in for Next behind the server's hook, as site-server.ts arms it: Next's compression around the
 * hook, the policy of next.config.ts set first, a prerendered page from its cache (no nonce, one write), and a
 * page rendered per request that writes the request's nonce on its scripts and streams in parts.
 */
async function startNext() {
  const seen: { nonce: string | undefined; csp: string | undefined }[] = [];
  server = createServer((req, res) => {
    watch(req, res);
    compression()(req, res, () => {});
    res.setHeader('content-security-policy', BASE_POLICY);
    const csp = req.headers['content-security-policy'];
    const nonce = /'nonce-([^']+)'/.exec(String(csp ?? ''))?.[1];
    seen.push({ nonce, csp: typeof csp === 'string' ? csp : undefined });
    const path = req.url ?? '/';
    if (path === '/prerendered') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-prerender', '1');
      res.setHeader('etag', '"p1"');
      if (req.headers['if-none-match'] === '"p1"') {
        res.statusCode = 304;
        res.end();
        return;
      }
      // Next writes no body for HEAD.
      res.end(req.method === 'HEAD' ? undefined : PRERENDERED);
      return;
    }
    if (path === '/dynamic') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' });
      res.write(`<html><head><script nonce="${nonce}">self.__next_f=[]</script></head><body>${'x'.repeat(2000)}`);
      setTimeout(() => res.end(`<script nonce="${nonce}">self.__next_f.push([1,"b"])</script></body></html>`), 20);
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    get: (path: string, headers: Record<string, string> = {}, method?: string) => answer(port, path, headers, method),
  };
}

describe('the policy of what Next answers itself', () => {
  it("names the scripts of a prerendered page by hash, whatever encoding Next's compression chose", async () => {
    const { get } = await startNext();
    const expected = documentPolicy(PRERENDERED);
    const decoders: Record<string, (b: Buffer) => Buffer> = {
      identity: (b) => b,
      gzip: gunzipSync,
      deflate: inflateSync,
    };
    for (const [encoding, decode] of Object.entries(decoders)) {
      const res = await get('/prerendered', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(decode(res.body).toString('utf8')).toBe(PRERENDERED);
      expect(res.headers['content-security-policy'], encoding).toBe(expected);
      expect(scriptSrc(res.headers['content-security-policy'])).toContain(sha('self.__next_f=[]'));
    }
  });

  it('gives a page rendered per request a fresh nonce, in its request and in its answer, and streams it', async () => {
    const { get, seen } = await startNext();
    const first = await get('/dynamic', { 'accept-encoding': 'gzip' });
    // A nonce sent by the client is never the one Next uses.
    const second = await get('/dynamic', { 'content-security-policy': "script-src 'nonce-chosen-by-client'" });
    const [a, b] = seen.map((s) => s.nonce);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(b).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
    expect(first.headers['content-security-policy']).toBe(noncePolicy(a ?? ''));
    expect(second.headers['content-security-policy']).toBe(noncePolicy(b ?? ''));
    expect(gunzipSync(first.body).toString('utf8')).toContain(`<script nonce="${a}">`);
    expect(second.headers['transfer-encoding']).toBe('chunked');
  });

  it('leaves answers that are not HTML with the base policy, and sends none with a 304', async () => {
    const { get } = await startNext();
    const json = await get('/api-like');
    expect(json.headers['content-security-policy']).toBe(BASE_POLICY);
    const unchanged = await get('/prerendered', { 'if-none-match': '"p1"' });
    expect(unchanged.status).toBe(304);
    // The browser keeps the policy stored with the page it already holds.
    expect(unchanged.headers['content-security-policy']).toBeUndefined();
    const head = await get('/prerendered', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-security-policy']).toBe(BASE_POLICY);
  });
});

describe('the policy of a kept document', () => {
  it('names the copy as served, loader included, computed when the copy is made', async () => {
    const page = `<html><head><script src="/_next/static/chunks/a1.js" async=""></script></head><body>${'p '.repeat(800)}<script>self.__next_f.push([1,"c"])</script></body></html>`;
    let port = 0;
    let cache: ReturnType<typeof createDocumentCache> | undefined;
    let fills = 0;
    const next = (req: IncomingMessage, res: ServerResponse) => {
      if (req.headers['x-cirrus-fill']) fills += 1;
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-nextjs-prerender': '1',
        'cache-control': 's-maxage=300',
        'content-security-policy': BASE_POLICY,
      });
      res.end(page);
    };
    server = createServer((req, res) => {
      if (!cache?.(req, res, () => next(req, res))) next(req, res);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const prepare = createDocumentPreparer('.next');
    cache = createDocumentCache({ port, prepareDocument: prepare });
    let hit: Answer | undefined;
    for (let i = 0; i < 50 && !hit; i += 1) {
      const res = await answer(port, '/kept', { 'accept-encoding': 'identity' });
      if (res.headers['x-document-cache']) hit = res;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(hit?.headers['x-document-cache']).toBe('hit');
    const served = hit?.body.toString('utf8') ?? '';
    expect(served).toBe(prepare(page));
    expect(served).toContain('__scriptsAfterPaint');
    const value = hit?.headers['content-security-policy'];
    expect(value).toBe(documentPolicy(served));
    expect(scriptSrc(value)).toHaveLength(4);
    expect(scriptSrc(value)).not.toContain("'unsafe-inline'");
    // Later hits send the same kept header: nothing is asked of Next or hashed again.
    const again = await answer(port, '/kept', { 'accept-encoding': 'br' });
    expect(again.headers['content-security-policy']).toBe(value);
    expect(fills).toBe(1);
  });
});
