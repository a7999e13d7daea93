import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressBuildFiles } from '@/server/build/precompress';
import { createStaticFiles } from '@/server/http/static-files';

type Handle = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The build files' fast path (decision 022) in front of a stand-in for Next that serves distDir/static
 * the way Next does: immutable, a weak ETag, the security headers of next.config.ts, 404 for anything else.
 */
const CSP = "default-src 'self'";
const SCRIPT = `//# allFunctionsCalledOnLoad\n${'(globalThis.TURBOPACK||[]).push(["page.js", function(){}]);\n'.repeat(400)}`;

let distDir: string;
let server: Server | undefined;

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'static-files-'));
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  mkdirSync(path.join(distDir, 'static', 'media'), { recursive: true });
  writeFileSync(path.join(distDir, 'static', 'chunks', 'page.js'), SCRIPT);
  writeFileSync(path.join(distDir, 'static', 'chunks', 'app.css'), 'body{margin:0}\n'.repeat(200));
  writeFileSync(path.join(distDir, 'static', 'media', 'logo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
});

afterEach(() => {
  server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.png': 'image/png',
};

async function start(nextHeaders: Record<string, string> = {}) {
  const calls: string[] = [];
  let files: Handle | undefined;
  const next = (req: IncomingMessage, res: ServerResponse) => {
    calls.push(req.url ?? '');
    const relative = (req.url ?? '').split('?')[0]?.replace('/_next/static/', '') ?? '';
    let body: Buffer;
    try {
      body = readFileSync(path.join(distDir, 'static', relative));
    } catch {
      res.writeHead(404, { 'content-type': 'text/html', 'cache-control': 'private, no-cache, no-store' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(relative)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `W/"${body.length.toString(16)}-1a2073825c0"`,
      'Accept-Ranges': 'bytes',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      ...nextHeaders,
    });
    res.end(body);
  };
  server = createServer((req, res) => {
    if (!files?.(req, res)) next(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  files = createStaticFiles({ port, distDir });
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => answer(port, url, headers, method);
  // The copy is made beside the first answer; wait until it is in.
  const settle = async (url: string) => {
    for (let i = 0; i < 50; i += 1) {
      const res = await get(url);
      if (res.headers['x-static-cache']) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never kept');
  };
  return { calls, get, settle };
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function answer(port: number, url: string, headers: Record<string, string>, method: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: url, method, headers: { 'accept-encoding': 'identity', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('build files fast path (decision 022)', () => {
  it('serves a build file from memory after Next answered it once, with Next headers', async () => {
    const { calls, get, settle } = await start();
    const first = await get('/_next/static/chunks/page.js');
    expect(first.headers['x-static-cache']).toBeUndefined();
    expect(first.body.toString()).toBe(SCRIPT);
    await settle('/_next/static/chunks/page.js');
    const before = calls.length;
    const hit = await get('/_next/static/chunks/page.js?dpl=1');
    expect(hit.status).toBe(200);
    expect(hit.headers['x-static-cache']).toBe('hit');
    expect(hit.body.toString()).toBe(SCRIPT);
    expect(hit.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(hit.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hit.headers['content-security-policy']).toBe(CSP);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers.vary).toBe('Accept-Encoding');
    expect(calls.length).toBe(before);
  });

  it('answers brotli, gzip or identity by Accept-Encoding, each with its own strong ETag, and 304 on a match', async () => {
    const { get, settle } = await start();
    await settle('/_next/static/chunks/page.js');
    const br = await get('/_next/static/chunks/page.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 20);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await get('/_next/static/chunks/page.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/_next/static/chunks/page.js');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const tags = [br, gz, plain].map((a) => String(a.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get('/_next/static/chunks/page.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    // Another encoding's tag does not match this body.
    const other = await get('/_next/static/chunks/page.js', {
      'accept-encoding': 'br',
      'if-none-match': tags[1] ?? '',
    });
    expect(other.status).toBe(200);

    const head = await get('/_next/static/chunks/page.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
  });

  it('serves the copies the build wrote when they match the file, and makes its own when they do not', async () => {
    // Quality 1 is told apart from the server's own quality 11 by its bytes.
    const quick = brotliCompressSync(Buffer.from(SCRIPT), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    writeFileSync(path.join(distDir, 'static', 'chunks', 'page.js.br'), quick);
    writeFileSync(path.join(distDir, 'static', 'chunks', 'page.js.gz'), gzipSync(SCRIPT, { level: 1 }));
    // A copy left from an earlier build: it decompresses to another body.
    writeFileSync(path.join(distDir, 'static', 'chunks', 'app.css.br'), brotliCompressSync('old{}'));
    writeFileSync(path.join(distDir, 'static', 'chunks', 'app.css.gz'), gzipSync('old{}'));
    const { get, settle } = await start();
    await settle('/_next/static/chunks/page.js');
    await settle('/_next/static/chunks/app.css');
    const br = await get('/_next/static/chunks/page.js', { 'accept-encoding': 'br' });
    expect(br.body.equals(quick)).toBe(true);
    const css = await get('/_next/static/chunks/app.css', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(css.body).toString()).toBe('body{margin:0}\n'.repeat(200));
    const cssGz = await get('/_next/static/chunks/app.css', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(cssGz.body).toString()).toBe('body{margin:0}\n'.repeat(200));
  });

  it('keeps images as they are: one body whatever the client accepts', async () => {
    const { get, settle } = await start();
    await settle('/_next/static/media/logo.png');
    const png = await get('/_next/static/media/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['x-static-cache']).toBe('hit');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('leaves missing files, ranges, escapes and anything Next does not call immutable to Next', async () => {
    const { calls, get } = await start();
    for (let i = 0; i < 3; i += 1) expect((await get('/_next/static/chunks/missing.js')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get('/_next/static/chunks/missing.js')).headers['x-static-cache']).toBeUndefined();
    // Only the visitor's own requests reached Next: with no file behind the path, no copy was asked for.
    expect(calls.filter((url) => url === '/_next/static/chunks/missing.js').length).toBe(4);

    for (const url of ['/_next/static/chunks/%70age.js', '/_next/static/chunks/../chunks/page.js']) {
      const before = calls.length;
      await get(url);
      await get(url);
      expect(calls.length).toBe(before + 2);
    }
    const before = calls.length;
    for (let i = 0; i < 3; i += 1) await get('/_next/static/chunks/page.js', { range: 'bytes=0-9' });
    expect(calls.filter((url) => url === '/_next/static/chunks/page.js').length).toBeGreaterThanOrEqual(3);
    expect(calls.length).toBeGreaterThanOrEqual(before + 3);
  });

  it('does not keep an answer Next does not mark immutable', async () => {
    const { calls, get } = await start({ 'Cache-Control': 'public, max-age=0' });
    for (let i = 0; i < 4; i += 1) {
      const res = await get('/_next/static/chunks/page.js');
      expect(res.headers['x-static-cache']).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(calls.filter((url) => url === '/_next/static/chunks/page.js').length).toBeGreaterThanOrEqual(4);
  });
});

describe('precompressed build files (decision 022)', () => {
  it('writes a brotli and a gzip copy beside every text file and none beside images', () => {
    expect(precompressBuildFiles(distDir)).toBe(2);
    const chunk = path.join(distDir, 'static', 'chunks', 'page.js');
    expect(brotliDecompressSync(readFileSync(`${chunk}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${chunk}.gz`)).toString()).toBe(SCRIPT);
    expect(existsSync(path.join(distDir, 'static', 'media', 'logo.png.br'))).toBe(false);
    // Run again (a restart on the same build): the copies are rewritten, not compressed twice.
    expect(precompressBuildFiles(distDir)).toBe(2);
    expect(existsSync(`${chunk}.br.br`)).toBe(false);
  });
});
