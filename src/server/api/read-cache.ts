import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { getQueryParam } from 'hono/utils/url';
import { type AppEnv, answerLocale } from './context';

/** A kept answer. Replaced, never changed, when its key is filled again (the connection front relies on it). */
export type ReadEntry = { readonly expiresAt: number; readonly body: string; readonly headers: [string, string][] };

/** Every read cache's entries, for keptRead. */
const stores = new Set<Map<string, ReadEntry>>();

/**
 * Every read cache's `clear`, kept on the process rather than in this module: Next's bundles (the dev server's
 * API route) and the production server's own load of this file (through tsx) are separate copies of it, and a
 * change announced by the database must reach the caches of all of them (src/server/changes/listener.ts).
 */
const CLEARERS = Symbol.for('cirrus.readCacheClearers');
const holder = globalThis as { [CLEARERS]?: Set<() => void> };
holder[CLEARERS] ??= new Set();
const clearers = holder[CLEARERS];

/**
 * Drops what every read cache of this process keeps, with `clear`'s guarantee (an answer being computed is not
 * stored); the connection front answers only what these caches hold (api-front.ts), so its kept reads go too.
 */
export function dropAllReadCaches(): void {
  for (const clear of clearers) clear();
}

/**
 * Registers another answer this process keeps from the database (the chat's catalog facts), to be dropped with the
 * read caches: an operator's change reaches it the same way and at the same moment.
 */
export function dropWithReadCaches(clear: () => void): void {
  clearers.add(clear);
}

/**
 * The key of an answer: the full URL (as the Node adapter builds it from Host and the request target) plus the
 * language the answer is in (requestLocale: the `language` query field, else the locale cookie, else
 * Accept-Language), so a cookie- or Accept-Language-chosen language never leaks to another visitor.
 */
export function readKey(url: string, cookie: string | undefined, acceptLanguage: string | undefined): string {
  return `${answerLocale(getQueryParam(url, 'language'), cookie, acceptLanguage)} ${url}`;
}

/**
 * The kept answer for a GET, fresh or not, if a read cache holds one, looked up from the request's raw values as
 * the middleware below would (the connection front answers these itself: api-front.ts).
 */
export function keptRead(
  url: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): ReadEntry | undefined {
  const key = readKey(url, cookie, acceptLanguage);
  for (const entries of stores) {
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** A read cache's middleware, and `clear` for the writes that change what it keeps. */
export type ReadCache = MiddlewareHandler<AppEnv> & {
  /**
   * Drops every kept answer of this cache, and keeps an answer already being computed from being stored: it may
   * have read the database before the write that calls this.
   */
  clear: () => void;
};

/**
 * A short in-process cache of successful GET answers, for reads that change rarely (the catalog) or that many
 * visitors ask at once (the promotions' live numbers). Operators' changes show within `ttlMs` and the refill that
 * follows (the connection front writes the old answer while it runs, api-front.ts); a write of this process can
 * drop the kept answers at once (`clear`). Bounded, oldest entries go first.
 */
export function readCache(options: { ttlMs: number; maxEntries?: number }): ReadCache {
  const entries = new Map<string, ReadEntry>();
  stores.add(entries);
  // Bumped by clear(): an answer begun under an older generation is handed out but not kept.
  let generation = 0;
  // Requests that miss together wait for the first one's answer: when an entry expires under load, the
  // database is asked once, not once per waiting connection (docs/product/targets.md#pricing-and-orders: p99 under 25 ms).
  const pending = new Map<string, Promise<ReadEntry | undefined>>();
  const maxEntries = options.maxEntries ?? 500;
  const answer = (entry: ReadEntry) => new Response(entry.body, { status: 200, headers: entry.headers });
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = readKey(c.req.url, c.req.header('cookie'), c.req.header('accept-language'));
    const hit = entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return answer(hit);
    const inFlight = pending.get(key);
    if (inFlight) {
      const shared = await inFlight;
      if (shared) return answer(shared);
      return next();
    }
    let settle: (entry: ReadEntry | undefined) => void = () => {};
    const flight = new Promise<ReadEntry | undefined>((resolve) => {
      settle = resolve;
    });
    pending.set(key, flight);
    let stored: ReadEntry | undefined;
    const begun = generation;
    try {
      await next();
      if (c.res.status === 200 && begun === generation) {
        const body = await c.res.clone().text();
        if (body.startsWith('{"code":2000')) {
          stored = { expiresAt: Date.now() + options.ttlMs, body, headers: [...c.res.headers.entries()] };
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
          entries.set(key, stored);
        }
      }
    } finally {
      if (pending.get(key) === flight) pending.delete(key);
      settle(stored);
    }
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    // Requests arriving from now on start a new read rather than wait for one begun before the write.
    pending.clear();
  };
  clearers.add(clear);
  return Object.assign(middleware, { clear });
}
