import 'server-only';
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { LOCALES } from '@/lib/locales';
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
  start(): Promise<void>;
  refresh(): void;
  ready: Promise<void>;
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

  /** Bumped by refresh(): a copy fetched before an operator's change is not kept over a newer one. */
  let generation = 0;

  function fetchPage(locale: string, currency: string): Promise<void> {
    const begun = generation;
    const visible = locale === 'en' ? `/${ROUTE}` : `/${locale}/${ROUTE}`;
    const headers = { 'x-cirrus-fill': '404', cookie: `NEXT_LOCALE=${locale}; currency=${currency.toUpperCase()}` };
    const ask = { port: options.port, via: options.fillPort, path: visible, headers, maxBytes: 2 * 1024 * 1024 };
    // A fetch that never answers must not hold the health check (it waits for the first round).
    return askNext({ ...ask, timeoutMs: 15_000 }).then(({ res, body }) => {
      if (res.statusCode !== 200 || !body) throw new Error(`${visible}: ${res.statusCode}`);
      const html = body.toString('utf8');
      // What NotFoundMessage printed while prerendering: the route's own browser path.
      const path = shownPath(options.browserPath, `/${locale}/${currency}/${ROUTE}`);
      if (withPath(html, path, path) === null) throw new Error(`${visible}: no 404 message`);
      // Like every prerendered page we serve ourselves (kept-document.ts).
      const prepared = prepareDocument(html);
      if (begun !== generation) return;
      pages.set(`${locale}/${currency}`, { html: prepared, path, policy: documentPolicy(prepared) });
      stale.delete(`${locale}/${currency}`);
    });
  }

  let markReady: () => void = () => {};
  /** Settles once the first fetch of every copy has (the server's health check waits for it). */
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  /** Fetches every copy; a failed fetch keeps the previous copy. */
  const fetchAll = (): Promise<void> =>
    Promise.allSettled(LOCALES.flatMap((l) => CURRENCIES.map((c) => fetchPage(l, c)))).then((results) => {
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length) console.error(`[cirrus] 404 pages: ${failed.map((r) => messageOf(r.reason)).join('; ')}`);
    });

  /** Fetches every copy now and every REFRESH_MS. */
  function start(): Promise<void> {
    setInterval(fetchAll, REFRESH_MS).unref();
    return fetchAll().then(markReady);
  }

  /** Copies from before an operator's change: still served, and fetched again when next asked for. */
  const stale = new Set<string>();

  /**
   * For an operator's change (src/server/changes/listener.ts): the pages carry the site's shell, its announcement
   * ticker too. Each copy is fetched again when a visitor next meets it, the first such visitor getting the copy
   * from before: fetching all nine at once, on every instance and for every change, cost more than the pages
   * visitors were asking for at that moment (docs/decisions/040-changes-reach-every-instance.md). Copies still
   * being fetched from before are not kept.
   */
  function refresh(): void {
    generation += 1;
    for (const locale of LOCALES) {
      for (const currency of CURRENCIES) {
        // A copy not kept yet (its first fetch was under way, and is now void) is fetched at once.
        if (pages.has(`${locale}/${currency}`)) stale.add(`${locale}/${currency}`);
        else
          fetchPage(locale, currency).catch((error: unknown) =>
            console.error(`[cirrus] 404 pages: ${messageOf(error)}`),
          );
      }
    }
  }

  /** Starts fetching a stale copy again (once: a failed fetch leaves it for the periodic refresh). */
  function renew(locale: string, currency: string): void {
    if (!stale.delete(`${locale}/${currency}`)) return;
    fetchPage(locale, currency).catch((error: unknown) => console.error(`[cirrus] 404 pages: ${messageOf(error)}`));
  }

  const isDocumentRequest = (req: KeptRequest) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    // The server's own requests (this module's and the document cache's fills, on either worker) are Next's.
    req.headers['x-cirrus-fill'] === undefined &&
    req.headers.rsc === undefined &&
    !(req.url || '').startsWith('/_next/');

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
    const match = REWRITE.exec(String(res.getHeader('x-middleware-rewrite') ?? ''));
    const page = match ? pages.get(`${match[1]}/${match[2]}`) : undefined;
    if (!page || !/text\/html/.test(String(res.getHeader('content-type') ?? ''))) return null;
    if (match) renew(match[1] ?? '', match[2] ?? '');
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

  return { start, refresh, ready, watch, isDirectRequest };
}
