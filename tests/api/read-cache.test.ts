import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/api/context';
import { readCache } from '../../src/server/api/read-cache';

describe('catalog read cache (issue 5)', () => {
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
});
