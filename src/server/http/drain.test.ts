import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDrain } from './drain';

function get(port: number, agent: import('node:http').Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a server that stops', () => {
  it('answers the request in flight with Connection: close, refuses new connections, then ends', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = createServer((req, res) => {
      drain.track(req, res);
      arrived();
      release = () => res.end('done');
    });
    const drain = createDrain({ server, front: null, graceMs: 10_000, delayMs: 0 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new (await import('node:http')).Agent({ keepAlive: true });

    const answer = get(port, agent);
    await inHandler;
    const stopped = drain.stop();
    expect(drain.draining).toBe(true);
    // The port is closed: a new connection is refused, which a proxy tries on the next instance.
    await expect(get(port, new (await import('node:http')).Agent())).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    const result = await stopped;
    expect(result.cut).toBe(0);
    // Its connection closed after the answer: the stop did not wait for idle connections.
    expect(result.tookMs).toBeLessThan(3_000);
    agent.destroy();
  });
});
