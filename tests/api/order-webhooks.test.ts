import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookOutbox } from '../../src/server/db/schema';
import { verifySignature } from '../../src/server/orders/signature';
import { deliverDueWebhooks } from '../../src/server/orders/webhooks';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * Order events reach the customer centre at least once (docs/decisions/037-order-lifecycle.md): a real HTTP
 * receiver, down at first (nothing listens on its port) and then up; every event arrives, signed, and none twice
 * by event id. A database of its own: delivery takes every pending event of the outbox.
 */
const SECRET = 'test-order-webhook-secret-0123456789';
let own: OwnDatabase;
let port = 0;
let receiver: Server | undefined;
const received: { id: string; type: string; number: string; signed: boolean }[] = [];

/** A port nothing listens on: a server is opened there and closed again. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const signedAt = (headers: Record<string, string | string[] | undefined>) =>
  Number(/t=(\d+)/.exec(String(headers['cirrus-signature']))?.[1]) * 1000;

function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data: { order: { number: string } } };
      received.push({
        id: event.id,
        type: event.type,
        number: event.data.order.number,
        // The deliveries run on a moved clock: the signature is checked at the time it names.
        signed: verifySignature(String(req.headers['cirrus-signature']), body, SECRET, signedAt(req.headers)),
      });
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => receiver?.listen(port, '127.0.0.1', resolve));
}

beforeAll(async () => {
  own = await ownDatabase('webhooks');
  port = await freePort();
});
afterAll(async () => {
  receiver?.close();
  await own?.drop();
});

describe('order webhooks', () => {
  it('wait while the receiver is down, then all arrive once, signed, with their event ids', async () => {
    const who = await signedInCustomer({}, own.db);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
        json: {
          regionId: 'los-angeles',
          imageId: 'ubuntu-24.04',
          planId: 'std-1c1g',
          currency: 'USD',
          idempotencyKey: crypto.randomUUID(),
        },
        headers: who.headers,
      });
      numbers.push((res.json.message as { number: string }).number);
    }
    const cancelled = await call(own.app, 'POST', '/api/finance/order-server/order/cancel', {
      json: { number: numbers[0] },
      headers: who.headers,
    });
    expect(cancelled.status).toBe(200);
    const target = { url: `http://127.0.0.1:${port}/hooks/orders`, secret: SECRET };

    // Down: every attempt fails and is kept, with when to try again.
    const now = Date.now();
    const down = await deliverDueWebhooks(own.db, target, new Date(now));
    expect(down).toEqual({ delivered: 0, failed: 4 });
    const waiting = await own.db.select().from(webhookOutbox);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|fetch failed/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now);
    }
    // Not due yet: nothing is sent again before the backoff ends.
    expect(await deliverDueWebhooks(own.db, target, new Date(now + 1000))).toEqual({ delivered: 0, failed: 0 });

    // Up: the retries get through, and later runs send nothing again.
    await startReceiver();
    const later = new Date(now + 60 * 60_000);
    const up = await Promise.all([
      deliverDueWebhooks(own.db, target, later),
      deliverDueWebhooks(own.db, target, later),
    ]);
    expect(up.reduce((sum, r) => sum + r.delivered, 0)).toBe(4);
    expect(await deliverDueWebhooks(own.db, target, new Date(now + 2 * 60 * 60_000))).toEqual({
      delivered: 0,
      failed: 0,
    });

    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.id)).size).toBe(4);
    expect(received.every((r) => r.signed)).toBe(true);
    expect(received.filter((r) => r.number === numbers[0]).map((r) => r.type)).toEqual([
      'order.created',
      'order.cancelled',
    ]);
    const stored = await own.db.select().from(webhookOutbox).where(eq(webhookOutbox.status, 'delivered'));
    expect(stored.map((r) => r.eventId).sort()).toEqual(received.map((r) => r.id).sort());
  });
});
