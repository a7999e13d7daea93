/**
 * `Vary` for documents (SPEC §2, §4). What a page answer holds depends on more than its URL: the currency cookie
 * picks the prices on every page, and on an unprefixed path the locale cookie and Accept-Language pick the
 * language (or a redirect). Every page answer is shareable (`s-maxage`), so a cache in front of the site must
 * key on those too. The proxy (src/proxy.ts) cannot say so: Next sets `Vary` itself on every page answer, after
 * the proxy has run, replacing whatever the proxy set (`app-page-runtime.js`). So the server adds it as the
 * headers go out, for the paths the proxy handles, fills of the document cache included (its copies keep Next's
 * headers, this one with them).
 */

const { PREFIXED_LOCALES, alternatives } = require('./site-segments.cjs');

const LOCALE_PREFIX = new RegExp(`^/(${alternatives(PREFIXED_LOCALES)})(/|$)`);

/** True for a path that starts with a language prefix (SPEC §2: English is unprefixed, then /zh and /ja). */
function hasLocalePrefix(path) {
  return LOCALE_PREFIX.test(path);
}

/** What the answer for this request URL varies by besides the URL, or null for what the proxy does not route. */
function visitorVary(url) {
  const path = url.split('?')[0];
  // The proxy's matcher: not the API, Next's own files or anything with an extension (src/proxy.ts).
  if (/^\/(api|_next|_vercel)(\/|$)/.test(path) || path.includes('.')) return null;
  return hasLocalePrefix(path) ? 'Cookie' : 'Accept-Language, Cookie';
}

/** `vary` with each of `extra`'s names added once (case-insensitively). */
function mergeVary(vary, extra) {
  const names = vary
    ? vary
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : [];
  const have = new Set(names.map((n) => n.toLowerCase()));
  for (const name of extra.split(', ')) if (!have.has(name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/** Arms the header on a request Next is about to answer: merged into `Vary` when the head is written. */
function varyByVisitor(req, res) {
  const extra = visitorVary(req.url || '/');
  if (extra === null) return;
  const { writeHead } = res;
  // Other hooks wrap this one later (the 404 pages, Next's compression), so it stays in place.
  res.writeHead = function writeHeadWithVary(...args) {
    if (!res.headersSent) {
      const current = res.getHeader('vary');
      res.setHeader('vary', mergeVary(Array.isArray(current) ? current.join(', ') : String(current ?? ''), extra));
    }
    return writeHead.apply(this, args);
  };
}

module.exports = { varyByVisitor, visitorVary, mergeVary, hasLocalePrefix };
