import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createKeptReads } from '../../src/server/api/api-front';
import { createHttpFront } from '../../src/server/http/http-front';
import { testApp, testDb } from '../support/api';

/**
 * The API's kept catalog reads answered on the connection (docs/decisions/025-api-reads-on-the-connection.md):
 * the same app behind Node alone and behind the front, as src/server/http/site-server.ts puts them, compared as
 * bytes. The front must write what Node writes for a read-cache hit, and leave everything else to Node.
 */
const app = testApp();
const answerKeptRead = createKeptReads(app);
const servers: Server[] = [];
let frontAnswers = 0;

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
afterAll(async () => {
  await testDb().$client.end();
});

/** The app behind Node, with the front asking `reads` (none: Node alone); counts the front's own answers. */
async function listen(reads: ReturnType<typeof createKeptReads> | null) {
  const server = createServer(getRequestListener(app.fetch));
  server.keepAliveTimeout = 5000;
  if (reads) {
    createHttpFront(server, (req) => {
      const answered = reads(req, Date.now());
      if (answered) frontAnswers += 1;
      return answered;
    });
  }
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** One GET on a new connection; the whole answer as text, once its body has arrived. */
function get(port: number, target: string, extra: Record<string, string> = {}) {
  const lines = Object.entries({ Host: 'localhost', ...extra }).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('')}\r\n`));
    let got = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(got.subarray(0, end).toString('latin1'));
      if (end !== -1 && length && got.length >= end + 4 + Number(length[1])) {
        socket.destroy();
        resolve(got.toString('utf8'));
      }
    });
    socket.on('error', reject);
  });
}

const normalized = (answer: string) =>
  answer.replace(/^Date: .*\r\n/m, 'Date: -\r\n').replace(/^x-request-id: .*\r\n/m, 'x-request-id: -\r\n');
const requestId = (answer: string) => /^x-request-id: (.*)\r\n/m.exec(answer)?.[1];
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('kept catalog reads on the connection', () => {
  it('writes byte for byte what Node writes for a read-cache hit, with a new request id each time', async () => {
    const [nodePort, frontPort] = await Promise.all([listen(null), listen(answerKeptRead)]);
    for (const [target, extra] of [
      ['/api/cvm/area/search?language=zh', {}],
      ['/api/cvm/user/product?regionId=tokyo', { Cookie: 'NEXT_LOCALE=ja' }],
      ['/api/cvm/user/product?regionId=tokyo', { 'Accept-Language': 'zh-CN,zh;q=0.9' }],
      ['/api/cvm/get/image?regionId=tokyo', { 'Accept-Encoding': 'gzip, br' }],
      ['/api/product/cvm/fastSet/search?regionId=tokyo&language=ja', {}],
    ] as const) {
      await get(nodePort, target, extra);
      const before = frontAnswers;
      const viaNode = await get(nodePort, target, extra);
      const [first, second] = [await get(frontPort, target, extra), await get(frontPort, target, extra)];
      expect(frontAnswers - before, target).toBe(2);
      expect(normalized(first), target).toBe(normalized(viaNode));
      expect(requestId(first)).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestId(first)).not.toBe(requestId(second));
    }
    // Each visitor's language stays theirs: the cookie and Accept-Language reads above were kept apart.
    const ja = bodyOf(await get(frontPort, '/api/cvm/user/product?regionId=tokyo', { Cookie: 'NEXT_LOCALE=ja' }));
    const zh = bodyOf(
      await get(frontPort, '/api/cvm/user/product?regionId=tokyo', { 'Accept-Language': 'zh-CN,zh;q=0.9' }),
    );
    expect(JSON.stringify(ja)).toMatch(/[\p{Script=Hiragana}\p{Script=Katakana}]/u);
    expect(JSON.stringify(zh)).not.toBe(JSON.stringify(ja));
  });

  it('leaves to Node an own request id, another spelling of the host, and every failure', async () => {
    const frontPort = await listen(answerKeptRead);
    const target = '/api/cvm/securityGroup/official/search?language=en';
    await get(frontPort, target);
    const before = frontAnswers;
    // An answer asked for with its own id gets that id back, from Node.
    expect(requestId(await get(frontPort, target, { 'X-Request-Id': 'support-ticket-42' }))).toBe('support-ticket-42');
    // Another spelling of the host is another URL to the adapter: not one the front has seen.
    await get(frontPort, target, { Host: 'LOCALHOST' });
    expect(frontAnswers).toBe(before);
    await get(frontPort, target);
    expect(frontAnswers).toBe(before + 1);
    // A refused read is never kept, so it is Node's every time.
    const bad = '/api/cvm/user/getBand?planId=nope!';
    for (let i = 0; i < 2; i += 1) {
      const answer = await get(frontPort, bad, { Cookie: 'NEXT_LOCALE=zh' });
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    expect(frontAnswers).toBe(before + 1);
  });

  it('answers an expired copy while one refill runs, and leaves a copy long past its time to Node', async () => {
    const refills: Promise<unknown>[] = [];
    const reads = createKeptReads({
      fetch: (request) => {
        const answered = Promise.resolve(app.fetch(request));
        refills.push(answered);
        return answered;
      },
    });
    const port = await listen(reads);
    const before = frontAnswers;
    const answeredHere = () => frontAnswers - before;
    const target = '/api/cvm/disk/getDiskProduct?language=ja';
    await get(port, target);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const burst = await Promise.all([get(port, target), get(port, target), get(port, target)]);
      expect(answeredHere()).toBe(3);
      expect(new Set(burst.map((a) => bodyOf(a).code))).toEqual(new Set([2000]));
      expect(refills).toHaveLength(1);
      await Promise.all(refills);
      // The refilled copy is fresh: answered without another refill.
      await get(port, target);
      expect(answeredHere()).toBe(4);
      expect(refills).toHaveLength(1);
      // Long past its time (the database away, say), a copy is the app's to answer as it can.
      vi.setSystemTime(Date.now() + 40_000);
      await get(port, target);
      expect(answeredHere()).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
