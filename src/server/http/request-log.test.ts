import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The lines are the point here: written at info (the tests' configuration is silent), behind a trusted proxy.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'info';
  process.env.TRUST_PROXY = '1';
});

import { arrivalTime } from './arrival';
import { createHttpFront } from './http-front';
import { logAnswered, logWhenAnswered } from './request-log';

/**
 * One JSON line per request (docs/decisions/063-logs-and-metrics.md), for an answer of Node's and one written on
 * the connection, with its duration from the request's arrival: a request read with others waits for them.
 */
const servers: Server[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** The JSON lines written to stdout from now on. */
function captureLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    for (const line of String(chunk).split('\n')) {
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
      else if (line) write(`${line}\n`, ...(rest as []));
    }
    return true;
  });
  return lines;
}

const BODY = Buffer.from('kept');
const HEAD = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\n`);

/** A server whose `/kept/...` are answered on the connection (the first after `busyMs` of work), the rest by Node. */
async function serve(busyMs: number): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    logWhenAnswered(req, res, arrivalTime(), () => ({ served: 'rendered' }));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  let busy = busyMs;
  createHttpFront(server, (req, peer, arrivedAt) => {
    if (!req.url.startsWith('/kept/')) return null;
    const until = performance.now() + busy;
    busy = 0;
    while (performance.now() < until) {
      // The work of the answer before: the next request read with it waits meanwhile.
    }
    logAnswered({
      method: 'GET',
      path: req.url,
      status: 200,
      durationMs: performance.now() - arrivedAt,
      bytes: HEAD.length + BODY.length,
      served: 'kept',
      client: peer ?? 'local',
    });
    return { head: HEAD, body: BODY };
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** Sends `text` in one write and resolves once `count` log lines were written. */
async function send(port: number, text: string, lines: unknown[], count: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.write(text);
  socket.resume();
  await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(count), { timeout: 5_000, interval: 10 });
  socket.destroy();
}

describe('the request line', () => {
  it('says what was asked, the status, the bytes, how it was served and the trusted client address', async () => {
    const { port } = await serve(0);
    const lines = captureLines();
    await send(
      port,
      'GET /missing?x=1 HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 10.0.0.9, 203.0.113.7\r\n\r\n',
      lines,
      1,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/missing?x=1',
      status: 404,
      served: 'rendered',
      client: '203.0.113.7',
    });
    expect(lines[0]?.bytes).toBeGreaterThan('not here'.length);
    expect(lines[0]?.durationMs).toEqual(expect.any(Number));
  });

  it('times a request from its arrival: read in the same turn as a slow one, it counts the wait', async () => {
    const { port, server } = await serve(80);
    const lines = captureLines();
    // Two visitors' connections, both accepted by the server before either sends.
    const sockets = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) =>
          server.getConnections((_error, count) => (count === 2 ? resolve() : reject(new Error(`${count}`)))),
        ),
      { interval: 5 },
    );
    // Sent together: the server reads both in one turn of its loop, the slow one first.
    for (const [socket, path] of [
      [sockets[0], '/kept/slow'],
      [sockets[1], '/kept/next'],
    ] as const) {
      socket?.resume();
      socket?.write(`GET ${path} HTTP/1.1\r\nHost: a\r\n\r\n`);
    }
    await vi.waitFor(() => expect(lines).toHaveLength(2), { interval: 10 });
    for (const socket of sockets) socket?.destroy();
    expect(lines.map((line) => line.path)).toEqual(['/kept/slow', '/kept/next']);
    // Its own answer took no time: what it shows is the wait for the slow one.
    expect(lines[1]?.durationMs).toBeGreaterThanOrEqual(80);
  });
});
