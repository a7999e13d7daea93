import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { oneLocation } from '@/server/http/one-location';

/** The first render of a redirecting page, as Next 16.4.5 answers it: the header set, then appended again. */
let server: Server | undefined;
afterEach(() => server?.close());

async function locationsOf(answer: (res: ServerResponse) => void): Promise<string[]> {
  server = createServer((_req, res) => {
    oneLocation(res);
    answer(res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port, path: '/doc/article/old' }, (res) => {
      res.resume();
      // Every Location line as sent, in order (Node's parsed headers would join them).
      const raw = res.rawHeaders;
      resolve(raw.flatMap((name, i) => (i % 2 === 0 && name.toLowerCase() === 'location' ? [String(raw[i + 1])] : [])));
    });
    asked.on('error', reject);
    asked.end();
  });
}

describe('one Location per redirect', () => {
  it('sends the header once when Next repeats it', async () => {
    const locations = await locationsOf((res) => {
      res.statusCode = 308;
      res.setHeader('location', '/doc/article/new');
      res.appendHeader('location', '/doc/article/new');
      res.end();
    });
    expect(locations).toEqual(['/doc/article/new']);
  });

  it('leaves a single header, and headers that differ, as they are', async () => {
    expect(
      await locationsOf((res) => {
        res.writeHead(307, { location: '/zh' }).end();
      }),
    ).toEqual(['/zh']);
    server?.close();
    expect(
      await locationsOf((res) => {
        res.statusCode = 302;
        res.setHeader('location', ['/a', '/b']);
        res.end();
      }),
    ).toEqual(['/a', '/b']);
  });
});
