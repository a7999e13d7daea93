import 'server-only';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CURRENCY_CODES } from '@/lib/currency';
import { LOCALES as SITE_LOCALES } from '@/lib/locales';
import { RETRY_AFTER_SECONDS } from '@/server/dependency-down';
import { documentPolicy } from './content-security-policy';
import { hasLocalePrefix } from './document-vary';
import {
  askNext,
  compress,
  createKeptStore,
  type KeptAnswer,
  type KeptLookup,
  type KeptRequest,
  keptAnswer,
  keptHeaders,
  sendKept,
  singleFlight,
  type WireAnswer,
  wireKept,
} from './kept-answers';

/**
 * The fast path for documents (docs/decisions/012-document-fast-path.md): a prerendered page is asked of Next once per key and freshness window,
 * kept in memory with brotli and gzip copies, and served from there without entering Next's per-request
 * pipeline (proxy, router, render cache, per-request gzip), whose CPU cost per page the decision gives.
 *
 * Exactness: the key is everything the proxy (src/proxy.ts) decides on: host, path and query, the locale
 * cookie, else the Accept-Language header verbatim, and the currency cookie. Only answers Next marks as
 * prerendered (`x-nextjs-prerender`, a shared `s-maxage`, status 200, not private) are kept, so anything that
 * reads cookies, every redirect, 404 and client-navigation payload (`rsc` requests) still goes through Next.
 * An entry is fresh for Next's own `s-maxage`; after that it is served stale once while Next is asked again
 * (which is what Next's incremental regeneration does too). An operator's change marks every entry as from
 * before it: rendered again on its next request, and answered with `X-Document-Cache: stale-if-error` only when
 * that render fails because a dependency is down (docs/decisions/055-stale-kept-pages.md). The server passes `prepareDocument`
 * (kept-document.ts): a kept page carries its stylesheet and loads its scripts after the first paint. Its
 * Content-Security-Policy names the hashes of the copy's own inline scripts (content-security-policy.ts).
 */

const LOCALE_COOKIE = 'NEXT_LOCALE';
const CURRENCY_COOKIE = 'currency';
const LOCALES = new Set<string>(SITE_LOCALES);
const CURRENCIES = new Set<string>(CURRENCY_CODES);
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/**
 * A kept page is compressed again each time Next regenerates it (every 60–300 s per language and currency).
 * Quality 9 costs about a tenth of quality 11's CPU for a few percent more bytes, and on a two-core server that
 * work lands beside the visitors' requests (docs/decisions/012-document-fast-path.md, "cheaper refills").
 * The build's own files keep quality 11, written once by precompress.ts.
 */
const DOCUMENT_BROTLI_QUALITY = 9;
const MAX_PASS_THROUGH = 10_000;

/** A request header as one string. */
function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The part of the key the cookies decide, `locale\ncurrency` ('' for an absent one, the currency upper-cased as
 * the proxy reads it), or null to leave the request to Next: a value the proxy does not know, or a name that
 * appears twice. The cookies are read as Next's own parser reads them (pairs split at `;` and the spaces after
 * it, the name up to the first `=`, the value as it is), in one pass: this runs for every kept answer.
 */
function cookiePart(header: string | undefined): string | null {
  if (!header) return '\n';
  let locale: string | undefined;
  let currency: string | undefined;
  for (let at = 0; at < header.length; ) {
    let end = header.indexOf(';', at);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', at);
    if (eq !== -1 && eq < end) {
      if (eq - at === LOCALE_COOKIE.length && header.startsWith(LOCALE_COOKIE, at)) {
        if (locale !== undefined) return null;
        locale = header.slice(eq + 1, end);
      } else if (eq - at === CURRENCY_COOKIE.length && header.startsWith(CURRENCY_COOKIE, at)) {
        if (currency !== undefined) return null;
        currency = header.slice(eq + 1, end).toUpperCase();
      }
    }
    at = end + 1;
    while (header.charCodeAt(at) === 32) at += 1;
  }
  if ((locale && !LOCALES.has(locale)) || (currency && !CURRENCIES.has(currency))) return null;
  return `${locale ?? ''}\n${currency ?? ''}`;
}

const settledBy = new Map<string, boolean>();

/**
 * True when a first visit's Accept-Language cannot change the page, so the key may leave it out. next-intl
 * (resolveLocale) takes the language from the path's prefix first, then the cookie, then Accept-Language, with
 * English as the default: so a `/zh` or `/ja` path is settled by its prefix, and an unprefixed one when every
 * language the header names is English (nothing else could be picked). Any other header is left to Next,
 * which may redirect to `/zh` or `/ja` and sets the cookie.
 */
export function languageSettled(path: string, acceptLanguage: string): boolean {
  if (hasLocalePrefix(path)) return true;
  const known = settledBy.get(acceptLanguage);
  if (known !== undefined) return known;
  const settled = acceptLanguage
    .split(',')
    .every((part) => /^en(-[a-z0-9]{1,8})*$/i.test((part.split(';')[0] ?? '').trim()));
  if (settledBy.size < 256) settledBy.set(acceptLanguage, settled);
  return settled;
}

export type DocumentCacheOptions = {
  port: number;
  /** This process's own listener, where its copies are asked for (kept-answers.ts askNext). */
  fillPort?: number | undefined;
  /** kept-document.ts, applied to each HTML answer before it is kept (without it, kept as Next wrote it). */
  prepareDocument?: ((html: string) => string) | undefined;
  maxBytes?: number | undefined;
  now?: (() => number) | undefined;
  /** Told what each request with a key found (site-server.ts counts them). */
  onLookup?: ((found: KeptLookup) => void) | undefined;
};

/**
 * Serves a request from the cache and returns true, or returns false to leave it to Next. A request it took may
 * still be handed to Next later, through `toNext` (a page rendered again after a change that Next would not let us
 * keep). `wire` is the same decision for the connection front; `drop` marks every copy as from before a change.
 */
export type DocumentCache = ((req: KeptRequest, res: ServerResponse, toNext: () => void) => boolean) & {
  wire(req: KeptRequest): WireAnswer | null;
  drop(): void;
};

type DocumentEntry = KeptAnswer & {
  freshUntil: number;
  /** From before an operator's change (drop()): rendered again on its next request, served only if that fails. */
  outdated: boolean;
  /** After a render that failed with a dependency down: until then the copy is served without asking again. */
  retryAt: number;
};

/** What asking Next for a key's page gave: a copy, nothing to keep, a render that failed, or a change (see fill). */
type Filled = DocumentEntry | 'not-kept' | 'failed' | 'dropped';

/**
 * After a page could not be rendered because a dependency was down, its copy is served this long before Next is
 * asked again: the Retry-After the 503 page gives, so an outage costs one failed render per page per interval, not
 * one per request.
 */
const FAILED_RENDER_RETRY_MS = RETRY_AFTER_SECONDS * 1000;

/**
 * What a copy served because its page could not be rendered says to caches: it may be kept by the browser but
 * checked again every time, and not by a shared cache, which would keep it past the outage.
 */
const STALE_IF_ERROR_HEADERS = { 'cache-control': 'private, no-cache' };

export function createDocumentCache(options: DocumentCacheOptions): DocumentCache {
  const prepareDocument = options.prepareDocument ?? ((html: string) => html);
  const fillToken = randomUUID();
  const now = options.now ?? Date.now;
  const onLookup = options.onLookup ?? (() => {});
  const entries = createKeptStore<DocumentEntry>(options.maxBytes ?? 64 * 1024 * 1024, now);
  /** Keys Next answered with something not cacheable (a redirect, a 404, a dynamic page): later requests go
   * straight to Next, re-checked hourly. */
  const passThrough = new Map<string, number>();

  /**
   * The cache key, or null to leave the request to Next. Only inputs from a small known set make keys, so no
   * visitor can grow the cache: a known locale cookie, else no Accept-Language at all (a first visit with one
   * is answered by Next, which sets the cookie), and a known or absent currency cookie. The query string is
   * not part of it: a prerendered page cannot read it on the server.
   */
  function keyOf(req: KeptRequest): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const h = req.headers;
    if (h['x-cirrus-fill'] !== undefined) return null;
    // Client navigations and prefetches ask for React Server Component payloads, which stay Next's.
    if (h.rsc !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-state-tree'] !== undefined) {
      return null;
    }
    const url = req.url || '/';
    if (url.startsWith('/_next/') || url.includes('_rsc=')) return null;
    const cookies = cookiePart(headerOf(h.cookie));
    if (cookies === null) return null;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // No locale cookie: the proxy may pick the language from Accept-Language; a first visit whose header
    // cannot change it shares the copy asked for without one (the fill sends none).
    const acceptLanguage = headerOf(h['accept-language']);
    if (cookies.charCodeAt(0) === 10 && acceptLanguage !== undefined && !languageSettled(path, acceptLanguage)) {
      return null;
    }
    const key = `${path}\n${cookies}`;
    const until = passThrough.get(key);
    if (until !== undefined) {
      if (until > now()) return null;
      passThrough.delete(key);
    }
    return key;
  }

  /** The page of a key from Next, asked with only the key's cookies. */
  function fetchFromNext(key: string) {
    const [path = '/', locale, currency] = key.split('\n');
    const headers: Record<string, string> = { 'x-cirrus-fill': fillToken };
    const cookies: string[] = [];
    if (locale) cookies.push(`${LOCALE_COOKIE}=${locale}`);
    if (currency) cookies.push(`${CURRENCY_COOKIE}=${currency}`);
    if (cookies.length) headers.cookie = cookies.join('; ');
    return askNext({ port: options.port, via: options.fillPort, path, headers, maxBytes: MAX_BODY_BYTES });
  }

  /** Seconds the answer may be shared for, or 0 when it is not a prerendered, shareable document. */
  function sharedLifetime(res: IncomingMessage, body: Buffer | null): number {
    if (res.statusCode !== 200 || !body) return 0;
    if (!res.headers['x-nextjs-prerender']) return 0;
    const cacheControl = String(res.headers['cache-control'] || '');
    if (/private|no-store|no-cache/.test(cacheControl)) return 0;
    const match = /s-maxage=(\d+)/.exec(cacheControl);
    if (!match) return 0;
    // Next served an old copy and regenerates it in the background: keep ours briefly and ask again soon.
    if (nextServedStale(res)) return 1;
    return Number(match[1]);
  }

  function nextServedStale(res: IncomingMessage): boolean {
    return String(res.headers['x-nextjs-cache'] || '').toUpperCase() === 'STALE';
  }

  /**
   * Bumped by drop(): a fill begun before it may carry what Next rendered before the change, so it is not kept
   * (the next request fills again).
   */
  let generation = 0;

  /**
   * Asks Next for the key's page and keeps it. `failed`: Next answered 503 (the render needed a dependency that is
   * down, dependency-down-status.ts) or could not be asked at all; the key keeps its copy, if it has one, and stays
   * on the fast path. `not-kept`: Next's answer is not for keeping (a redirect, a 404, a private page; the key goes
   * to Next for an hour). `dropped`: a change came while it was asked for, so it may show what was before.
   */
  async function fill(key: string): Promise<Filled> {
    const begun = generation;
    let asked: Awaited<ReturnType<typeof fetchFromNext>>;
    try {
      asked = await fetchFromNext(key);
    } catch {
      return 'failed';
    }
    const { res, body: answered } = asked;
    if (begun !== generation) return 'dropped';
    if (res.statusCode === 503) return 'failed';
    // Any other failure is not the page: it goes to Next again on the next request, not for an hour.
    if ((res.statusCode ?? 500) >= 500) return 'not-kept';
    const lifetime = sharedLifetime(res, answered);
    // Next answered its own old copy and regenerates in the background: ours is no older, so keep it for the
    // second (sharedLifetime) rather than compressing the same page again. Not a copy from before a change.
    const current = lifetime > 0 && nextServedStale(res) ? entries.get(key) : undefined;
    if (current && !current.outdated) {
      current.freshUntil = now() + lifetime * 1000;
      return current;
    }
    if (lifetime === 0) {
      if (passThrough.size >= MAX_PASS_THROUGH) passThrough.clear();
      passThrough.set(key, now() + 3_600_000);
      return 'not-kept';
    }
    const headers = keptHeaders(res);
    let body = answered as Buffer;
    if (/text\/html/.test(String(res.headers['content-type'] || ''))) {
      const html = prepareDocument(body.toString('utf8'));
      // The copy's own inline scripts by hash, computed here once: a hit sends the header as kept
      // (docs/decisions/032-content-security-policy.md).
      headers.set('content-security-policy', [documentPolicy(html)]);
      body = Buffer.from(html, 'utf8');
    }
    const entry: DocumentEntry = {
      ...keptAnswer({
        headers,
        identity: body,
        ...(await compress(body, DOCUMENT_BROTLI_QUALITY)),
        etag: String(res.headers.etag || `"${body.length.toString(36)}-${now().toString(36)}"`),
        marker: 'X-Document-Cache',
        states: ['hit', 'stale', 'stale-if-error'],
        stateHeaders: { 'stale-if-error': STALE_IF_ERROR_HEADERS },
      }),
      freshUntil: now() + lifetime * 1000,
      outdated: false,
      retryAt: 0,
    };
    // Compressing took a while: a drop in the meantime wins.
    if (begun !== generation) return 'dropped';
    entries.set(key, entry);
    return entry;
  }

  let refill = singleFlight(fill);

  /** A refill whose failure leaves the copy served as it is, not asked for again before FAILED_RENDER_RETRY_MS. */
  function refillBehind(key: string, entry: DocumentEntry): void {
    refill(key).then(
      (filled) => {
        if (filled === 'failed') entry.retryAt = now() + FAILED_RENDER_RETRY_MS;
      },
      () => {},
    );
  }

  /**
   * A copy from before an operator's change is rendered again before it is answered: the visitor waits for the
   * new page, as a visitor after a change always has (docs/decisions/040-changes-reach-every-instance.md), and so
   * do the requests for the same page that arrive meanwhile (one render for all of them). When the render fails
   * because a dependency is down, the copy from before is answered instead (`stale-if-error`); when Next answers
   * something not for keeping, the request is Next's after all; when another change came meanwhile (the settle
   * pass a second after each), the page is rendered once more. docs/decisions/055-stale-kept-pages.md.
   */
  function renderAgain(
    key: string,
    entry: DocumentEntry,
    req: KeptRequest,
    res: ServerResponse,
    toNext: () => void,
  ): void {
    refill(key).then(
      (filled) => {
        if (filled === 'failed') {
          entry.retryAt = now() + FAILED_RENDER_RETRY_MS;
          sendKept(req, res, entry, 'stale-if-error');
        } else if (filled === 'dropped') renderAgain(key, entry, req, res, toNext);
        else if (filled === 'not-kept') toNext();
        else sendKept(req, res, filled, 'hit');
      },
      () => {
        entry.retryAt = now() + FAILED_RENDER_RETRY_MS;
        sendKept(req, res, entry, 'stale-if-error');
      },
    );
  }

  /**
   * Serves the request from the cache and returns true, or returns false to leave it to Next. A miss is always
   * Next's (with the visitor's own cookies, streamed as before); the copy is fetched beside it.
   */
  function handle(req: KeptRequest, res: ServerResponse, toNext: () => void): boolean {
    const key = keyOf(req);
    if (key === null) return false;
    const at = now();
    const entry = entries.get(key, at);
    if (!entry) {
      onLookup('miss');
      refill(key).catch(() => {});
      return false;
    }
    if (entry.outdated) {
      if (entry.retryAt > at) {
        // Its page could not be rendered a moment ago: answered as it is until the retry.
        onLookup('stale');
        sendKept(req, res, entry, 'stale-if-error');
      } else {
        onLookup('miss');
        renderAgain(key, entry, req, res, toNext);
      }
    } else if (entry.freshUntil > at) {
      onLookup('hit');
      sendKept(req, res, entry, 'hit');
    } else {
      onLookup('stale');
      if (entry.retryAt <= at) refillBehind(key, entry);
      sendKept(req, res, entry, 'stale');
    }
    return true;
  }

  /**
   * The same decision as `handle`, for the connection front (http-front.ts): the kept copy as bytes
   * (kept-answers.ts wireKept), a stale one with its refill started, or null for a request that is Next's
   * (a miss, filled beside Next's answer when the server's handler gets it, which tells the miss).
   */
  function wire(req: KeptRequest): WireAnswer | null {
    const key = keyOf(req);
    if (key === null) return null;
    const at = now();
    const entry = entries.get(key, at);
    if (!entry) return null;
    if (entry.outdated) {
      if (entry.retryAt <= at) return null;
      onLookup('stale');
      return wireKept(req, entry, 'stale-if-error');
    }
    if (entry.freshUntil > at) {
      onLookup('hit');
      return wireKept(req, entry, 'hit');
    }
    onLookup('stale');
    if (entry.retryAt <= at) refillBehind(key, entry);
    return wireKept(req, entry, 'stale');
  }

  /**
   * For an operator's change (src/server/changes/listener.ts, after Next's own cache was told): every kept page is
   * marked as from before it, to be rendered again on its next request and answered only when that render fails
   * for a dependency that is down; the keys Next would not let us keep are forgotten, and fills under way are not
   * kept. The copies are not thrown away: an outage after the change would otherwise leave nothing to answer with
   * (docs/decisions/055-stale-kept-pages.md).
   */
  function drop(): void {
    generation += 1;
    entries.forEach((entry) => {
      entry.outdated = true;
      entry.retryAt = 0;
    });
    passThrough.clear();
    refill = singleFlight(fill);
  }
  return Object.assign(handle, { wire, drop });
}
