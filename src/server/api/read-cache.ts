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
  const maxEntries = options.maxEntries ?? 500;
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = `${requestLocale(c, c.req.query('language'))} ${c.req.url}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) {
      return new Response(hit.body, { status: 200, headers: hit.headers });
    }
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.clone().text();
    if (!body.startsWith('{"code":2000')) return;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
    entries.set(key, { expiresAt: now + options.ttlMs, body, headers: [...c.res.headers.entries()] });
  };
}
