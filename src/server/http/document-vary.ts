import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { alternatives, PREFIXED_LOCALES } from './site-segments';

/**
 * `Vary` for documents. What a page answer holds depends on more than its URL: the currency cookie picks the
 * prices on every page, and on an unprefixed path the locale cookie and Accept-Language pick the language (or a
 * redirect). Every page answer is shareable (`s-maxage`), so a cache in front of the site must key on those too.
 * The proxy (src/proxy.ts) cannot say so: Next sets `Vary` itself on every page answer, after the proxy has run,
 * replacing whatever the proxy set (`app-page-runtime.js`). So the server adds it as the headers go out, for the
 * paths the proxy handles, fills of the document cache included (its copies keep Next's headers, this one with
 * them).
 */

const LOCALE_PREFIX = new RegExp(`^/(${alternatives(PREFIXED_LOCALES)})(/|$)`);

/** True for a path that starts with a language prefix (English is unprefixed, then /zh and /ja). */
export function hasLocalePrefix(path: string): boolean {
  return LOCALE_PREFIX.test(path);
}

/** What the answer for this request URL varies by besides the URL, or null for what the proxy does not route. */
export function visitorVary(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  // The proxy's matcher: not the API, Next's own files or anything with an extension (src/proxy.ts).
  if (/^\/(api|_next|_vercel)(\/|$)/.test(path) || path.includes('.')) return null;
  return hasLocalePrefix(path) ? 'Cookie' : 'Accept-Language, Cookie';
}

/** `vary` with each of `extra`'s names added once (case-insensitively). */
export function mergeVary(vary: string, extra: string): string {
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
export function varyByVisitor(req: IncomingMessage, res: ServerResponse): void {
  const extra = visitorVary(req.url || '/');
  if (extra === null) return;
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  // Other hooks wrap this one later (the 404 pages, Next's compression), so it stays in place.
  res.writeHead = function writeHeadWithVary(this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) {
      const current = res.getHeader('vary');
      res.setHeader('vary', mergeVary(Array.isArray(current) ? current.join(', ') : String(current ?? ''), extra));
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
