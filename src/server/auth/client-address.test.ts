import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp } from '@/server/auth/sessions';

// The per-address limits key on clientIp (sign-up, resend, login, comments, contact, chat): a visitor who could
// pick the address would never meet them.
describe('the visitor address behind the per-address limits', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    const app = new Hono()
      .get('/direct', (c) => c.text(clientIp(c, false)))
      .get('/proxied', (c) => c.text(clientIp(c, true)));
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${origin}${path}`, { headers })).text();

  it('is the connection’s own address when no proxy is trusted, whatever the headers say', async () => {
    expect(await ask('/direct')).toBe('127.0.0.1');
    expect(await ask('/direct', { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.8' })).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, is the entry that proxy appended, not one the visitor wrote before it', async () => {
    expect(await ask('/proxied', { 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7');
    expect(await ask('/proxied', { 'x-forwarded-for': '10.0.0.1, 203.0.113.5' })).toBe('203.0.113.5');
    expect(await ask('/proxied', { 'x-real-ip': '203.0.113.6' })).toBe('203.0.113.6');
    expect(await ask('/proxied')).toBe('127.0.0.1');
  });
});
