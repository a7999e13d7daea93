import 'server-only';
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { parse as parseCookies } from 'hono/utils/cookie';
import { CURRENCY_COOKIE, currencyFor } from '@/lib/currency';
import { DEFAULT_LOCALE, LOCALES, parseLocale } from '@/lib/locales';
import { documentPolicy } from './content-security-policy';
import { askNext, type KeptRequest } from './kept-answers';
import { alternatives, CURRENCY_SEGMENTS as CURRENCIES } from './site-segments';

/**
 * Server-rendered 404 pages. When a page rendered on demand calls notFound() (the
 * catch-all for unknown paths, an unknown article, announcement or group), Next 16 answers 404 with an empty
 * `<html id="__next_error__">` document and renders the 404 page in the browser from its payload
 * (vercel/next.js#62228, #95613, #97000): a blank page without JavaScript, and a whole client render with it.
 *
 * So the 404 page is also prerendered once per language and currency (app/[locale]/[currency]/page-not-found),
 * kept here, and written in place of such an answer: same status, same headers (Next's compression decides the
 * encoding), the visitor's path written into the message exactly as the browser will render it, so the page
 * hydrates without a mismatch. docs/decisions/017-server-rendered-404.md. The answer's Content-Security-Policy
 * names the copy's inline scripts by hash, computed once per copy (docs/decisions/032-content-security-policy.md):
 * the path written in is text in a paragraph, never inside a script.
 */

const ROUTE = 'page-not-found';
const REFRESH_MS = 5 * 60_000;
/** Start-up retries of the copies not fetched yet: the first wait, doubled up to the last. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** Every copy, `${locale}/${currency}`. */
const COPIES: readonly (readonly [string, string])[] = LOCALES.flatMap((l) => CURRENCIES.map((c) => [l, c] as const));
/** Paths outside the storefront, whose 404 is not the storefront's (the back office has its own pages). */
const NOT_STOREFRONT = /^\/admin(\/|$)/;
/** `/{locale}/{currency}/…`, the proxy's internal rewrite (src/proxy.ts). */
const REWRITE = new RegExp(`^(?:https?://[^/]+)?/(${alternatives(LOCALES)})/(${alternatives(CURRENCIES)})(?:/|$)`);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The path the 404 message shows: the address bar's path, percent-decoding undone where valid (NotFoundMessage). */
export function shownPath(browserPath: (pathname: string) => string, url: string | undefined): string {
  const path = browserPath((url || '/').split('?')[0] ?? '/');
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The prerendered 404 document with the visitor's path in its message, or null when the message is not where
 * it is expected (the caller then leaves Next's answer alone).
 */
export function withPath(html: string, prerenderedPath: string, path: string): string | null {
  const start = html.indexOf('data-testid="error-message">');
  if (start < 0) return null;
  const end = html.indexOf('</p>', start);
  const at = html.indexOf(escapeHtml(prerenderedPath), start);
  if (end < 0 || at < 0 || at > end) return null;
  return html.slice(0, at) + escapeHtml(path) + html.slice(at + escapeHtml(prerenderedPath).length);
}

export type NotFoundPagesOptions = {
  port: number;
  /** This process's own listener, where its copies are asked for (kept-answers.ts askNext). */
  fillPort?: number | undefined;
  /** src/lib/browser-path.ts, the same normalisation the page's NotFoundMessage uses. */
  browserPath: (pathname: string) => string;
  /** kept-document.ts, as for every kept document (without it, kept as Next wrote it). */
  prepareDocument?: ((html: string) => string) | undefined;
};

/** The 404 pages of a server: see createNotFoundPages. */
export type NotFoundPages = {
  /** Fetches every copy, again until all are in; resolves once they are (`ready`). */
  start(): Promise<void>;
  refresh(): void;
  /** Settles once every copy is held: until then a 404 may be Next's own empty document. */
  ready: Promise<void>;
  isReady(): boolean;
  watch(req: KeptRequest, res: ServerResponse): void;
  isDirectRequest(req: KeptRequest): boolean;
};

type WriteHead = (...args: unknown[]) => ServerResponse;
type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createNotFoundPages(options: NotFoundPagesOptions): NotFoundPages {
  const prepareDocument = options.prepareDocument ?? ((html: string) => html);
  /** `${locale}/${currency}` -> the copy as prerendered and prepared. */
  const pages = new Map<string, { html: string; path: string; policy: string }>();
  /** Copies from before an operator's change: still served, and fetched again when next asked for. */
  const stale = new Set<string>();
  /** The fetch under way per copy: a copy is asked for once at a time, whoever asks. */
  const fetching = new Map<string, Promise<void>>();

  /** Bumped by refresh(): a copy fetched from before an operator's change is kept as stale, not as new. */
  let generation = 0;

  let markReady: () => void = () => {};
  /** Settles once every copy is held (the server's health check answers 503 until then). */
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const isReady = () => pages.size === COPIES.length;

  /** Fetches one copy, or joins its fetch under way. Rejects with the copy's name and what went wrong. */
  function fetchPage(locale: string, currency: string): Promise<void> {
    const copy = `${locale}/${currency}`;
    const under = fetching.get(copy);
    if (under) return under;
    const begun = generation;
    const visible = locale === 'en' ? `/${ROUTE}` : `/${locale}/${ROUTE}`;
    const headers = { 'x-cirrus-fill': '404', cookie: `NEXT_LOCALE=${locale}; currency=${currency.toUpperCase()}` };
    const ask = { port: options.port, via: options.fillPort, path: visible, headers, maxBytes: 2 * 1024 * 1024 };
    // A fetch that never answers must not hold the copy's next fetch (nor start-up) for ever.
    const fetched = askNext({ ...ask, timeoutMs: 15_000 })
      .then(({ res, body }) => {
        if (res.statusCode !== 200 || !body) throw new Error(`${visible}: ${res.statusCode}`);
        const html = body.toString('utf8');
        // What NotFoundMessage printed while prerendering: the route's own browser path.
        const path = shownPath(options.browserPath, `/${locale}/${currency}/${ROUTE}`);
        if (withPath(html, path, path) === null) throw new Error(`${visible}: no 404 message`);
        // Like every prerendered page we serve ourselves (kept-document.ts).
        const prepared = prepareDocument(html);
        pages.set(copy, { html: prepared, path, policy: documentPolicy(prepared) });
        // Fetched while a change came: it may show what was before, like a copy held at the change.
        if (begun === generation) stale.delete(copy);
        else stale.add(copy);
        if (isReady()) markReady();
      })
      .catch((error: unknown) => {
        throw new Error(`${copy}: ${messageOf(error)}`);
      })
      .finally(() => fetching.delete(copy));
    fetching.set(copy, fetched);
    return fetched;
  }

  /** Fetches every copy (or only those not held), and logs the ones that failed in one line. */
  const fetchAll = (only: 'all' | 'missing', after = ''): Promise<void> =>
    Promise.allSettled(
      COPIES.filter(([l, c]) => only === 'all' || !pages.has(`${l}/${c}`)).map(([l, c]) => fetchPage(l, c)),
    ).then((results) => {
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [messageOf(r.reason)] : []));
      if (failed.length) console.error(`[cirrus] 404 pages not fetched: ${failed.join('; ')}${after}`);
    });

  /**
   * Fetches every copy now, then the missing ones again until all are in (waiting longer each time), and every
   * copy every REFRESH_MS. Resolves once every copy is held.
   */
  function start(): Promise<void> {
    setInterval(() => void fetchAll('all'), REFRESH_MS).unref();
    void (async () => {
      await fetchAll('all', `; trying again in ${FIRST_RETRY_MS / 1000} s`);
      for (let wait = FIRST_RETRY_MS; !isReady(); wait = Math.min(wait * 2, LAST_RETRY_MS)) {
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
        await fetchAll('missing', `; trying again in ${Math.min(wait * 2, LAST_RETRY_MS) / 1000} s`);
      }
    })();
    return ready;
  }

  /**
   * For an operator's change (src/server/changes/listener.ts): the pages carry the site's shell, its announcement
   * ticker too. Each copy is fetched again when a visitor next meets it, the first such visitor getting the copy
   * from before: fetching all nine at once, on every instance and for every change, cost more than the pages
   * visitors were asking for at that moment (docs/decisions/040-changes-reach-every-instance.md). A copy being
   * fetched is not asked for a second time: it is kept as one from before the change
   * (docs/decisions/055-stale-kept-pages.md).
   */
  function refresh(): void {
    generation += 1;
    for (const [locale, currency] of COPIES) {
      const copy = `${locale}/${currency}`;
      if (pages.has(copy)) stale.add(copy);
      else if (!fetching.has(copy)) {
        // Its last fetch failed: asked for at once.
        fetchPage(locale, currency).catch((error: unknown) =>
          console.error(`[cirrus] 404 page not fetched: ${messageOf(error)}`),
        );
      }
    }
  }

  /** Starts fetching a stale copy again (once: a failed fetch leaves it for the periodic refresh). */
  function renew(copy: string): void {
    if (!stale.delete(copy)) return;
    const [locale = '', currency = ''] = copy.split('/');
    fetchPage(locale, currency).catch((error: unknown) =>
      console.error(`[cirrus] 404 page not fetched: ${messageOf(error)}`),
    );
  }

  /**
   * The copy for a path the proxy does not route (Next's own `/_next/…`, a file path that does not exist): the
   * visitor's language and currency from their cookies as the proxy would read them, English by default like the
   * unprefixed site; none for the back office.
   */
  function copyByCookies(req: KeptRequest): string | null {
    if (NOT_STOREFRONT.test(req.url || '/')) return null;
    const header = req.headers.cookie;
    const cookies = parseCookies(Array.isArray(header) ? header.join('; ') : (header ?? ''));
    const locale = parseLocale(cookies.NEXT_LOCALE) ?? DEFAULT_LOCALE;
    const chosen = cookies[CURRENCY_COOKIE];
    const currency = currencyFor(locale, { isSetCurrency: chosen !== undefined, currency: chosen?.toUpperCase() });
    return `${locale}/${currency.toLowerCase()}`;
  }

  // Next's own paths too (`/_next/…`): a visitor who types one that does not exist meets the site's 404 page.
  const isDocumentRequest = (req: KeptRequest) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    // The server's own requests (this module's and the document cache's fills, on either worker) are Next's.
    req.headers['x-cirrus-fill'] === undefined &&
    req.headers.rsc === undefined;

  /** `/page-not-found` asked for by a visitor (not by start()): answered as the 404 it is, never a 200. */
  function isDirectRequest(req: KeptRequest): boolean {
    // Every document request passes here before the document cache: one substring test for all but these.
    if (!(req.url || '').includes(ROUTE) || !isDocumentRequest(req)) return false;
    const path = (req.url || '/').split('?')[0] ?? '/';
    return path === `/${ROUTE}` || LOCALES.some((l) => path === `/${l}/${ROUTE}`);
  }

  /** The replacement document for this answer and its policy, or null to keep Next's. */
  function replacementFor(
    req: KeptRequest,
    res: ServerResponse,
    status: number,
  ): { html: string; policy: string } | null {
    if (status !== 404) return null;
    const rewrite = res.getHeader('x-middleware-rewrite');
    const match = rewrite === undefined ? null : REWRITE.exec(String(rewrite));
    const copy = rewrite === undefined ? copyByCookies(req) : match && `${match[1]}/${match[2]}`;
    const page = copy === null ? undefined : pages.get(copy);
    if (!page || copy === null || !/text\/html/.test(String(res.getHeader('content-type') ?? ''))) return null;
    renew(copy);
    const html = withPath(page.html, page.path, shownPath(options.browserPath, req.url));
    return html === null ? null : { html, policy: page.policy };
  }

  /** The document encoded the way Next's compression chose (gzip or deflate; identity otherwise), off-thread. */
  function encode(html: string, encoding: string, callback: (error: Error | null, body: Buffer) => void): void {
    const raw = Buffer.from(html, 'utf8');
    if (encoding === 'gzip') zlib.gzip(raw, callback);
    else if (encoding === 'deflate') zlib.deflate(raw, callback);
    else if (encoding === 'br') zlib.brotliCompress(raw, callback);
    else callback(null, raw);
  }

  /**
   * Arms the replacement on a document request before Next handles it. Next's compression wraps writeHead,
   * write and end after this, so these hooks sit underneath it: its encoding decision is made first, and the
   * body it then writes is dropped for ours, encoded the same way.
   */
  function watch(req: KeptRequest, res: ServerResponse): void {
    if (!isDocumentRequest(req)) return;
    const direct = isDirectRequest(req);
    const writeHead = res.writeHead as WriteHead;
    const write = res.write as Write;
    const end = res.end as End;
    let decided = false;
    /** The replacement document once decided; Next's body is then dropped. */
    let html: string | null = null;

    res.writeHead = function hookedWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
      if (decided) return writeHead.call(this, status, ...rest);
      decided = true;
      let code = typeof status === 'number' ? status : res.statusCode;
      if (direct && code === 200) {
        // The page itself is the right body; only its status and caching change.
        code = 404;
        res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      } else {
        const replacement = replacementFor(req, res, code);
        if (replacement !== null) {
          html = replacement.html;
          // Next's answer for one of its own paths is shared for a minute; a 404 of ours never is.
          res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
          res.setHeader('content-security-policy', replacement.policy);
          res.removeHeader('content-length');
          res.setHeader('x-not-found-page', 'prerendered');
          // A length passed here would be Next's body's.
          rest = rest.map((r) =>
            r && typeof r === 'object' && !Array.isArray(r)
              ? Object.fromEntries(Object.entries(r).filter(([name]) => name.toLowerCase() !== 'content-length'))
              : r,
          );
        }
      }
      return writeHead.call(this, code, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function hookedWrite(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (html === null) return write.call(this, chunk, encoding, callback);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done as () => void);
      return true;
    } as ServerResponse['write'];
    res.end = function hookedEnd(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (html === null) return end.call(this, chunk, encoding, callback);
      const done = [chunk, encoding, callback].find((a) => typeof a === 'function');
      if (req.method === 'HEAD') return end.call(this, done);
      encode(html, String(res.getHeader('content-encoding') ?? 'identity'), (error, body) => {
        if (error) res.destroy(error);
        else end.call(this, body, done);
      });
      return this;
    } as ServerResponse['end'];
  }

  return { start, refresh, ready, isReady, watch, isDirectRequest };
}
