import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '@/server/api/context';
import { dropAllReadCaches, readCache } from '@/server/api/read-cache';

describe('catalog read cache (docs/product/targets.md#pricing-and-orders)', () => {
  function app(ttlMs: number) {
    let calls = 0;
    const hono = new Hono<AppEnv>();
    hono.use('*', readCache({ ttlMs }));
    hono.get('/list', async (c) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return c.json({ code: 2000, message: [calls] });
    });
    hono.get('/fails', (c) => c.json({ code: 5000, message: 'api.internal' }, 500));
    return { hono, calls: () => calls };
  }

  it('asks the handler once for a burst of concurrent misses, and answers them all alike', async () => {
    const { hono, calls } = app(30_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => hono.request('/list?language=en')));
    expect(calls()).toBe(1);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies)).toEqual(new Set(['{"code":2000,"message":[1]}']));
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
    const hono = new Hono<AppEnv>();
    hono.use('*', cache);
    hono.get('/stock', async (c) => {
      calls += 1;
      const call = calls;
      // The first read waits until the test lets it go, so a write can happen while it is in flight.
      if (call === 1) await new Promise<void>((resolve) => (release = resolve));
      return c.json({ code: 2000, message: call });
    });
    const slow = hono.request('/stock');
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.clear();
    // Asked after the write: not made to wait for the read begun before it.
    expect(await (await hono.request('/stock')).json()).toEqual({ code: 2000, message: 2 });
    release();
    expect(await (await slow).json()).toEqual({ code: 2000, message: 1 });
    // The second read was kept; the first, begun before the clear, was not stored over it.
    expect(await (await hono.request('/stock')).json()).toEqual({ code: 2000, message: 2 });
    cache.clear();
    expect(await (await hono.request('/stock')).json()).toEqual({ code: 2000, message: 3 });
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
