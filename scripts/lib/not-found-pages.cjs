/**
 * Server-rendered 404 pages (issue 9, SPEC §2, §8). When a page rendered on demand calls notFound() (the
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
const zlib = require('node:zlib');
const { documentPolicy } = require('./content-security-policy.cjs');
const { askNext } = require('./kept-answers.cjs');
const { LOCALES, CURRENCY_SEGMENTS: CURRENCIES, alternatives } = require('./site-segments.cjs');

const ROUTE = 'page-not-found';
const REFRESH_MS = 5 * 60_000;
/** `/{locale}/{currency}/…`, the proxy's internal rewrite (src/proxy.ts). */
const REWRITE = new RegExp(`^(?:https?://[^/]+)?/(${alternatives(LOCALES)})/(${alternatives(CURRENCIES)})(?:/|$)`);

const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]);

/** The path the 404 message shows: the address bar's path, percent-decoding undone where valid (NotFoundMessage). */
function shownPath(browserPath, url) {
  const path = browserPath((url || '/').split('?')[0]);
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
function withPath(html, prerenderedPath, path) {
  const start = html.indexOf('data-testid="error-message">');
  if (start < 0) return null;
  const end = html.indexOf('</p>', start);
  const at = html.indexOf(escapeHtml(prerenderedPath), start);
  if (end < 0 || at < 0 || at > end) return null;
  return html.slice(0, at) + escapeHtml(path) + html.slice(at + escapeHtml(prerenderedPath).length);
}

/**
 * @param {{ port: number, fillPort?: number, browserPath: (pathname: string) => string,
 *   prepareDocument?: (html: string) => string }} options
 *   fillPort: this process's own listener, where its copies are asked for (kept-answers.cjs askNext);
 *   browserPath: src/lib/browser-path.ts, the same normalisation the page's NotFoundMessage uses;
 *   prepareDocument: kept-document.cjs, as for every kept document (without it, kept as Next wrote it).
 */
function createNotFoundPages(options) {
  const prepareDocument = options.prepareDocument ?? ((html) => html);
  /** `${locale}/${currency}` -> { html, path, policy } as prerendered and prepared. */
  const pages = new Map();

  /** Bumped by refresh(): a copy fetched before an operator's change is not kept over a newer one. */
  let generation = 0;

  function fetchPage(locale, currency) {
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
      // Like every prerendered page we serve ourselves (kept-document.cjs).
      const prepared = prepareDocument(html);
      if (begun !== generation) return;
      pages.set(`${locale}/${currency}`, { html: prepared, path, policy: documentPolicy(prepared) });
      stale.delete(`${locale}/${currency}`);
    });
  }

  let markReady;
  /** Settles once the first fetch of every copy has (the server's health check waits for it). */
  const ready = new Promise((resolve) => {
    markReady = resolve;
  });

  /** Fetches every copy; a failed fetch keeps the previous copy. */
  const fetchAll = () =>
    Promise.allSettled(LOCALES.flatMap((l) => CURRENCIES.map((c) => fetchPage(l, c)))).then((results) => {
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length) console.error(`[cirrus] 404 pages: ${failed.map((r) => r.reason.message).join('; ')}`);
    });

  /** Fetches every copy now and every REFRESH_MS. */
  function start() {
    setInterval(fetchAll, REFRESH_MS).unref();
    return fetchAll().then(markReady);
  }

  /** Copies from before an operator's change: still served, and fetched again when next asked for. */
  const stale = new Set();

  /**
   * For an operator's change (src/server/changes/listener.ts): the pages carry the site's shell, its announcement
   * ticker too. Each copy is fetched again when a visitor next meets it, the first such visitor getting the copy
   * from before: fetching all nine at once, on every instance and for every change, cost more than the pages
   * visitors were asking for at that moment (docs/decisions/040-changes-reach-every-instance.md). Copies still
   * being fetched from before are not kept.
   */
  function refresh() {
    generation += 1;
    for (const locale of LOCALES) {
      for (const currency of CURRENCIES) {
        // A copy not kept yet (its first fetch was under way, and is now void) is fetched at once.
        if (pages.has(`${locale}/${currency}`)) stale.add(`${locale}/${currency}`);
        else fetchPage(locale, currency).catch((error) => console.error(`[cirrus] 404 pages: ${error.message}`));
      }
    }
  }

  /** Starts fetching a stale copy again (once: a failed fetch leaves it for the periodic refresh). */
  function renew(locale, currency) {
    if (!stale.delete(`${locale}/${currency}`)) return;
    fetchPage(locale, currency).catch((error) => console.error(`[cirrus] 404 pages: ${error.message}`));
  }

  const isDocumentRequest = (req) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    // The server's own requests (this module's and the document cache's fills, on either worker) are Next's.
    req.headers['x-cirrus-fill'] === undefined &&
    req.headers.rsc === undefined &&
    !(req.url || '').startsWith('/_next/');

  /** `/page-not-found` asked for by a visitor (not by start()): answered as the 404 it is, never a 200. */
  function isDirectRequest(req) {
    // Every document request passes here before the document cache: one substring test for all but these.
    if (!(req.url || '').includes(ROUTE) || !isDocumentRequest(req)) return false;
    const path = (req.url || '/').split('?')[0];
    return path === `/${ROUTE}` || LOCALES.some((l) => path === `/${l}/${ROUTE}`);
  }

  /** The replacement document for this answer and its policy, or null to keep Next's. */
  function replacementFor(req, res, status) {
    if (status !== 404) return null;
    const match = REWRITE.exec(String(res.getHeader('x-middleware-rewrite') ?? ''));
    const page = match ? pages.get(`${match[1]}/${match[2]}`) : undefined;
    if (!page || !/text\/html/.test(String(res.getHeader('content-type') ?? ''))) return null;
    if (match) renew(match[1], match[2]);
    const html = withPath(page.html, page.path, shownPath(options.browserPath, req.url));
    return html === null ? null : { html, policy: page.policy };
  }

  /** The document encoded the way Next's compression chose (gzip or deflate; identity otherwise), off-thread. */
  function encode(html, encoding, callback) {
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
  function watch(req, res) {
    if (!isDocumentRequest(req)) return;
    const direct = isDirectRequest(req);
    const { writeHead, write, end } = res;
    let decided = false;
    /** The replacement document once decided; Next's body is then dropped. */
    let html = null;

    res.writeHead = function hookedWriteHead(status, ...rest) {
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
    };
    res.write = function hookedWrite(chunk, encoding, callback) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (html === null) return write.call(this, chunk, encoding, callback);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) process.nextTick(done);
      return true;
    };
    res.end = function hookedEnd(chunk, encoding, callback) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (html === null) return end.call(this, chunk, encoding, callback);
      const done = [chunk, encoding, callback].find((a) => typeof a === 'function');
      if (req.method === 'HEAD') return end.call(this, done);
      encode(html, String(res.getHeader('content-encoding') ?? 'identity'), (error, body) => {
        if (error) res.destroy(error);
        else end.call(this, body, done);
      });
      return this;
    };
  }

  return { start, refresh, ready, watch, isDirectRequest };
}

module.exports = { createNotFoundPages, withPath, shownPath };
