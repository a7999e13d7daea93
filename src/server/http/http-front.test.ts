import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpFront, FRONT_HEADERS, parseHead } from '@/server/http/http-front';
import * as kept from '@/server/http/kept-answers';

/**
 * The connection front (docs/decisions/024-connection-front.md): kept answers written straight onto the socket,
 * everything else handed to Node's own HTTP handling with its bytes. Raw sockets, because what matters here is
 * bytes: where each request starts, and what each side writes.
 */
const KEPT_BODY = Buffer.from('kept body');
const KEPT_HEAD = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${KEPT_BODY.length}\r\n`);

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** Node's handler answers `node METHOD URL BODY`; with the front, `/kept` (and `/big`) are answered before it. */
async function serve(options: { front: boolean; keepAliveTimeout?: number; big?: Buffer }) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      const text = `node ${req.method} ${req.url} ${body}`;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  server.keepAliveTimeout = options.keepAliveTimeout ?? 5000;
  const big = options.big ?? Buffer.alloc(0);
  const bigHead = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${big.length}\r\n`);
  const front = options.front
    ? createHttpFront(server, (req) => {
        if (req.url === '/kept') return { head: KEPT_HEAD, body: KEPT_BODY };
        if (req.url === '/big') return { head: bigHead, body: big };
        return null;
      })
    : null;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen, front, server };
}

/**
 * Writes the pieces (with a pause between them when asked) and resolves with all the server sent once it
 * closes the connection, or after `waitMs`.
 */
function exchange(port: number, pieces: (string | Buffer)[], options: { gapMs?: number; waitMs?: number } = {}) {
  return new Promise<Buffer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 3000);
    socket.on('data', (chunk: Buffer) => got.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(got));
    });
    socket.on('connect', async () => {
      for (const piece of pieces) {
        socket.write(piece);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

const withoutDate = (raw: Buffer) => raw.toString('latin1').replace(/^Date: .*\r\n/gim, '');
const CLOSE = 'GET /last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n';

describe('connection front', () => {
  it('answers kept requests itself and hands the first other one, with everything after it, to Node', async () => {
    const { port, seen } = await serve({ front: true });
    const kept = 'GET /kept HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n';
    const raw = await exchange(port, [`${kept}${kept}GET /other HTTP/1.1\r\nHost: a\r\n\r\n${kept}${CLOSE}`]);
    const text = raw.toString('latin1');
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(5);
    expect(answers[0]).toMatch(
      /^HTTP\/1\.1 200 OK\r\nContent-Type: text\/plain\r\nContent-Length: 9\r\nDate: \w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\nkept body$/,
    );
    expect(answers[1]).toMatch(/kept body$/);
    expect(answers[2]).toMatch(/node GET \/other $/);
    // Once Node has the connection it keeps it: the next /kept is its handler's.
    expect(answers[3]).toMatch(/node GET \/kept $/);
    expect(answers[4]).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*node GET \/last $/);
    expect(seen).toEqual(['GET /other', 'GET /kept', 'GET /last']);
  });

  it('leaves a request to Node, and says so in the log, when answering it from memory fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = createServer((req, res) => res.end(`node ${req.url}`));
    servers.push(server);
    createHttpFront(server, () => {
      throw new Error('a bug in an answer');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const raw = await exchange((server.address() as AddressInfo).port, [
      `GET /kept HTTP/1.1\r\nHost: a\r\n\r\n${CLOSE}`,
    ]);
    expect(raw.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*node \/kept[\s\S]*node \/last$/);
    expect(String(logged.mock.calls[0]?.[1])).toContain('a bug in an answer');
  });

  it('leaves every request it must not read to Node, which answers exactly as without the front', async () => {
    const withFront = await serve({ front: true });
    const plain = await serve({ front: false });
    const requests = [
      'POST /kept HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello',
      'GET /kept HTTP/1.1\r\nHost: a\r\nContent-Length: 30\r\n\r\nGET /kept HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET /kept HTTP/1.0\r\nHost: a\r\n\r\n',
      'GET /kept HTTP/1.1\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nX-Folded: one\r\n two\r\n\r\n',
      'GET /kept HTTP/1.1\nHost: a\n\n',
      'GET /kept HTTP/1.1\r\nHost: a\nX-Bare: lf\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost : a\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nX-Control: a\u0001b\r\n\r\n',
      Buffer.concat([
        Buffer.from('GET /kept HTTP/1.1\r\nHost: a\r\nX-Bytes: '),
        Buffer.from([0xe4, 0xb8, 0xad]),
        Buffer.from('\r\n\r\n'),
      ]),
      'GET /kept HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n',
      'GET http://a/kept HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET /kept#x HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET  /kept HTTP/1.1\r\nHost: a\r\n\r\n',
      'HEAD /kept HTTP/1.1\r\nHost: a\r\n\r\n',
      'get /kept HTTP/1.1\r\nHost: a\r\n\r\n',
      '\r\nGET /kept HTTP/1.1\r\nHost: a\r\n\r\n',
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      `GET /kept HTTP/1.1\r\nHost: a\r\nX-Long: ${'x'.repeat(17_000)}\r\n\r\n`,
      'GET /kept HTTP/1.1\r\nHost: a\r\nCookie: a=1\r\nCookie: b=2\r\n\r\n',
      'GET /kept HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\naccept-encoding: br\r\n\r\n',
    ];
    for (const request of requests) {
      const [ours, nodes] = await Promise.all([
        exchange(withFront.port, [request, CLOSE], { waitMs: 1500 }),
        exchange(plain.port, [request, CLOSE], { waitMs: 1500 }),
      ]);
      expect(withoutDate(ours), JSON.stringify(request.toString().slice(0, 80))).toBe(withoutDate(nodes));
    }
    expect(withFront.seen).toEqual(plain.seen);
  });

  it('leaves a head that arrives in pieces to Node', async () => {
    const { port, seen } = await serve({ front: true });
    const raw = await exchange(port, ['GET /kept HTTP/1.1\r\nHo', 'st: a\r\n\r\n', CLOSE], { gapMs: 60 });
    expect(raw.toString()).toMatch(/node GET \/kept [\s\S]*node GET \/last $/);
    expect(seen).toEqual(['GET /kept', 'GET /last']);
  });

  it('answers a long pipeline in order, waiting for a slow reader instead of buffering without bound', async () => {
    const big = Buffer.alloc(64 * 1024, 'b');
    const { port } = await serve({ front: true, big });
    const count = 200;
    const raw = await exchange(port, ['GET /big HTTP/1.1\r\nHost: a\r\n\r\n'.repeat(count) + CLOSE], {
      waitMs: 20_000,
    });
    const text = raw.toString('latin1');
    expect(text.split('HTTP/1.1 200 OK').length - 1).toBe(count + 1);
    expect(raw.length).toBeGreaterThan(count * big.length);
    expect(text.endsWith('node GET /last ')).toBe(true);
  });

  it('closes idle connections after the keep-alive timeout, and all it holds when the server closes', async () => {
    const { port } = await serve({ front: true, keepAliveTimeout: 1000 });
    const started = Date.now();
    const raw = await exchange(port, ['GET /kept HTTP/1.1\r\nHost: a\r\n\r\n'], { waitMs: 10_000 });
    expect(raw.toString()).toMatch(/kept body$/);
    const idle = Date.now() - started;
    expect(idle).toBeGreaterThanOrEqual(1000);
    expect(idle).toBeLessThan(4000);

    const other = await serve({ front: true });
    const pending = exchange(other.port, ['GET /kept HTTP/1.1\r\nHost: a\r\n\r\n'], { waitMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closedAt = Date.now();
    other.front?.close();
    expect((await pending).toString()).toMatch(/kept body$/);
    expect(Date.now() - closedAt).toBeLessThan(1000);
  });

  it('writes a kept answer byte for byte as Node writes it through sendKept', async () => {
    const entry = kept.keptAnswer({
      headers: new Map([
        ['content-type', ['text/html; charset=utf-8']],
        ['cache-control', ['s-maxage=300']],
        ['set-cookie', ['NEXT_LOCALE=zh; Path=/', 'second=1; Path=/']],
        ['vary', ['rsc']],
      ]),
      identity: Buffer.from('<html>页面</html>'),
      br: Buffer.from('br-bytes'),
      gzip: Buffer.from('gzip-bytes'),
      etag: '"abc"',
      marker: 'X-Document-Cache',
      states: ['hit', 'stale'],
    });
    // The front keeps each answer in one buffer per answer object: the same variant must be the same object.
    const asked = { method: 'GET', url: '/page', headers: { 'accept-encoding': 'br' } };
    expect(kept.wireKept(asked, entry, 'hit')).toBe(kept.wireKept({ ...asked }, entry, 'hit'));
    const viaNode = createServer((req, res) => kept.sendKept(req, res, entry, 'hit'));
    viaNode.keepAliveTimeout = 5000;
    servers.push(viaNode);
    await new Promise<void>((resolve) => viaNode.listen(0, '127.0.0.1', resolve));
    const viaFront = createServer(() => {});
    viaFront.keepAliveTimeout = 5000;
    createHttpFront(viaFront, (req) => kept.wireKept(req, entry, 'hit'));
    servers.push(viaFront);
    await new Promise<void>((resolve) => viaFront.listen(0, '127.0.0.1', resolve));
    for (const extra of [
      '',
      'Accept-Encoding: gzip\r\n',
      'Accept-Encoding: br, gzip\r\n',
      'If-None-Match: "abc-br"\r\nAccept-Encoding: br\r\n',
    ]) {
      const request = `GET /page HTTP/1.1\r\nHost: a\r\n${extra}\r\n`;
      const portOf = (s: Server) => (s.address() as AddressInfo).port;
      const [node, front] = await Promise.all([
        exchange(portOf(viaNode), [request], { waitMs: 300 }),
        exchange(portOf(viaFront), [request], { waitMs: 300 }),
      ]);
      expect(withoutDate(front), extra).toBe(withoutDate(node));
    }
  });
});

describe('parseHead', () => {
  it('reads names lowercased and values trimmed, as Node gives them', () => {
    const req = parseHead(
      'GET /zh/product/vps?x=1 HTTP/1.1\r\nHost: localhost\r\nCookie:  NEXT_LOCALE=zh; a=b \t\r\nACCEPT-Encoding: gzip\r\nUser-Agent: x\r\n__proto__: y\r\n',
    );
    expect(req?.url).toBe('/zh/product/vps?x=1');
    // Only the headers the answers read are kept (every one is checked).
    expect(Object.fromEntries(Object.entries(req?.headers ?? {}).filter(([, v]) => v !== undefined))).toEqual({
      host: 'localhost',
      cookie: 'NEXT_LOCALE=zh; a=b',
      'accept-encoding': 'gzip',
    });
  });

  it('keeps every request header the answers read', () => {
    // What the document cache, the build files, the 404 pages, the kept answers and the API's kept reads read of
    // a request: the front must give each of them, or a request would look to them as if it had none.
    const read = new Set<string>();
    for (const file of [
      'src/server/http/document-cache.ts',
      'src/server/http/static-files.ts',
      'src/server/http/not-found-pages.ts',
      'src/server/http/kept-answers.ts',
      'src/server/api/api-front.ts',
    ]) {
      const source = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
      for (const match of source.matchAll(
        /(?:req\.headers|\bh)(?:\[['"]([a-z0-9-]+)['"]\]|\.([a-z][a-z0-9]*))|headerOf\(req, '([a-z0-9-]+)'\)/g,
      )) {
        read.add(match[1] ?? match[2] ?? match[3] ?? '');
      }
    }
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !(FRONT_HEADERS as readonly string[]).includes(name))).toEqual([]);
  });

  it('refuses what it does not answer', () => {
    for (const head of [
      'GET /a HTTP/1.1\r\nHost: a\r\nTE: trailers\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Upgrade\r\n',
      'GET /a HTTP/1.1\r\nHost: a\r\nCookie: a=1\r\ncookie: b=2\r\n',
      'GET /a"b HTTP/1.1\r\nHost: a\r\n',
      `GET /a HTTP/1.1\r\nHost: a\r\n${'X-A: 1\r\n'.repeat(100)}`,
    ]) {
      expect(parseHead(head), head.slice(0, 60)).toBeNull();
    }
    expect(parseHead('GET /a HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive\r\nX-A: 1\r\nX-A: 2\r\n')).not.toBeNull();
  });
});
