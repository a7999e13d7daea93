import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { type AppEnv, requestLocale } from './context';

type Entry = { expiresAt: number; body: string; headers: [string, string][] };

/**
 * A short in-process cache of successful GET answers, for reads that change rarely (the catalog). The key is
 * the full URL plus the language the answer is in, so a cookie- or Accept-Language-chosen language never
 * leaks to another visitor. Operators' changes show within `ttlMs`. Bounded, oldest entries go first.
 */
export function readCache(options: { ttlMs: number; maxEntries?: number }): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  // Requests that miss together wait for the first one's answer: when an entry expires under load, the
  // database is asked once, not once per waiting connection (issue 5: p99 under 25 ms).
  const pending = new Map<string, Promise<Entry | undefined>>();
  const maxEntries = options.maxEntries ?? 500;
  const answer = (entry: Entry) => new Response(entry.body, { status: 200, headers: entry.headers });
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = `${requestLocale(c, c.req.query('language'))} ${c.req.url}`;
    const hit = entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return answer(hit);
    const inFlight = pending.get(key);
    if (inFlight) {
      const shared = await inFlight;
      if (shared) return answer(shared);
      return next();
    }
    let settle: (entry: Entry | undefined) => void = () => {};
    pending.set(
      key,
      new Promise<Entry | undefined>((resolve) => {
        settle = resolve;
      }),
    );
    let stored: Entry | undefined;
    try {
      await next();
      if (c.res.status === 200) {
        const body = await c.res.clone().text();
        if (body.startsWith('{"code":2000')) {
          stored = { expiresAt: Date.now() + options.ttlMs, body, headers: [...c.res.headers.entries()] };
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
          entries.set(key, stored);
        }
      }
    } finally {
      pending.delete(key);
      settle(stored);
    }
  };
}
