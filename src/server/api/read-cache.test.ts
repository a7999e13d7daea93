import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropAllReadCaches, readCache } from '@/server/api/read-cache';
import { apiRouter, successEnvelope } from '@/server/api/route';

// The cache keeps what the route helper writes: the routes here are declared as every API route is.

describe('catalog read cache (docs/product/targets.md#pricing-and-orders)', () => {
  function app(ttlMs: number) {
    let calls = 0;
    const router = apiRouter('Test');
    router.hono.use('*', readCache({ ttlMs }));
    router.route({ method: 'get', path: '/list', summary: 'a list', response: z.array(z.number()) }, async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return [calls];
    });
    router.hono.get('/fails', (c) => c.json({ code: 5000, message: 'api.internal' }, 500));
    return { hono: router.hono, calls: () => calls };
  }

  it('asks the handler once for a burst of concurrent misses, and answers them all alike', async () => {
    const { hono, calls } = app(30_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => hono.request('/list?language=en')));
    expect(calls()).toBe(1);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify(successEnvelope([1]))]));
    await hono.request('/list?language=en');
    expect(calls()).toBe(1);
  });

  it('keeps languages apart, asks again after the time to live, and never keeps a failure', async () => {
    const { hono, calls } = app(50);
    await hono.request('/list?language=en');
    await hono.request('/list?language=zh');
    expect(calls()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await hono.request('/list?language=en');
    expect(calls()).toBe(3);
    expect((await hono.request('/fails')).status).toBe(500);
    expect((await hono.request('/fails')).status).toBe(500);
  });

  it('clear drops what it keeps, and an answer begun before the clear is handed out but not kept', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const cache = readCache({ ttlMs: 30_000 });
    const router = apiRouter('Test');
    const hono = router.hono;
    hono.use('*', cache);
    router.route({ method: 'get', path: '/stock', summary: 'a number', response: z.number() }, async () => {
      calls += 1;
      const call = calls;
      // The first read waits until the test lets it go, so a write can happen while it is in flight.
      if (call === 1) await new Promise<void>((resolve) => (release = resolve));
      return call;
    });
    const slow = hono.request('/stock');
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.clear();
    // Asked after the write: not made to wait for the read begun before it.
    expect(await (await hono.request('/stock')).json()).toEqual(successEnvelope(2));
    release();
    expect(await (await slow).json()).toEqual(successEnvelope(1));
    // The second read was kept; the first, begun before the clear, was not stored over it.
    expect(await (await hono.request('/stock')).json()).toEqual(successEnvelope(2));
    cache.clear();
    expect(await (await hono.request('/stock')).json()).toEqual(successEnvelope(3));
    expect(calls).toBe(3);
  });

  it('drops every cache of the process at once, for an operator change (src/server/changes/listener.ts)', async () => {
    const { hono: first, calls: firstCalls } = app(30_000);
    const { hono: second, calls: secondCalls } = app(30_000);
    await first.request('/list?language=en');
    await second.request('/list?language=en');
    dropAllReadCaches();
    await first.request('/list?language=en');
    await second.request('/list?language=en');
    expect([firstCalls(), secondCalls()]).toEqual([2, 2]);
  });
});
