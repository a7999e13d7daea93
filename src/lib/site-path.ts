/**
 * "Is this a path on our site?": the one answer for every field that takes a site path (footer links, campaign
 * buttons and pictures, ROOT_REDIRECT, article links and redirects, the chat's links, the path a dialog returns
 * to) and for the links drawn from them (docs/decisions/053-site-paths.md). Shared by the browser and the server.
 *
 * A browser does not follow the text of a link but the URL the WHATWG URL parser makes of it against the page's
 * address: it drops tabs and line breaks anywhere, reads `\` as `/`, and removes `.` and `..` segments, so
 * `/.//evil.example`, `/\evil.example` and `/\t/evil.example` all lead to another host, or to a path beginning
 * `//` that a client-side router then reads as another host. So the check is the parser's own (`URL`, the same
 * algorithm in Node and every browser), on the text as typed and on every layer of its percent-decoding, since a
 * server or router may decode a path once more (`/%2F%2Fevil.example`).
 */

/** Any http(s) origin: how a path resolves does not depend on the host it is resolved against. */
const REFERENCE_ORIGIN = 'https://site.invalid';

/**
 * Characters no path on this site holds: controls (the parser silently drops tabs and line breaks, so what is
 * followed is not what was typed), invisible format characters and line separators (a right-to-left override
 * makes a link read as something else), and the backslash (a slash to the parser).
 */
const NEVER_IN_A_PATH = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;

/** How many layers of percent-encoding are looked through (`%25252F` is three); more is refused. */
const DECODE_DEPTH = 4;

/**
 * One layer of percent-decoding, leniently: a `%` that starts no escape (a search for "100%") stays a character,
 * as servers read it. An escaped byte sequence that is not UTF-8 (`%C0%AF`, an over-long `/` that old decoders
 * read as a slash) is undefined: no path of ours holds one.
 */
function decodeLayer(text: string): string | undefined {
  let invalid = false;
  const decoded = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      invalid = true;
      return run;
    }
  });
  return invalid ? undefined : decoded;
}

/** One reading of `text`: a single leading `/`, nothing hidden, and the parser keeps it on our origin. */
function staysOnSite(text: string): URL | null {
  if (!text.startsWith('/') || text.startsWith('//') || NEVER_IN_A_PATH.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, REFERENCE_ORIGIN);
  } catch {
    return null;
  }
  // After dot segments are removed, a path beginning `//` is another host to a router handed the path.
  if (url.origin !== REFERENCE_ORIGIN || url.pathname.startsWith('//')) return null;
  return url;
}

/** The text as typed and its compatibility form (`／` is `/` to software that folds full-width forms). */
function readings(text: string): string[] {
  const folded = text.normalize('NFKC');
  return folded === text ? [text] : [text, folded];
}

/**
 * True when `value` is a path on this site, as typed: it starts with one `/`, holds no control, invisible or
 * backslash character, and the URL parser resolves it, its full-width-folded form and each layer of its
 * percent-decoding to a path on the origin it is resolved against that does not begin with `//`. Query and fragment
 * are the target page's business and are not looked into.
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  // Each layer is what the one before decodes to; the parser encodes what it reads again (`宽` is `%E5%AE%BD` in
  // its path), so a layer already looked at ends the search rather than the text being unchanged.
  const seen = new Set<string>();
  let layer = [value];
  for (let depth = 0; depth <= DECODE_DEPTH; depth++) {
    const next: string[] = [];
    for (const text of layer) {
      for (const reading of readings(text)) {
        seen.add(reading);
        const url = staysOnSite(reading);
        if (!url) return false;
        const decoded = decodeLayer(url.pathname);
        if (decoded === undefined) return false;
        if (!seen.has(decoded)) next.push(decoded);
      }
    }
    if (next.length === 0) return true;
    layer = next;
  }
  return false;
}

/**
 * The path, query and fragment of `href` when it names a page of the site at `origin` (a site path, or an
 * absolute http(s) address on that origin), else null. What a link drawn from untrusted text keeps.
 */
export function ownSitePath(href: string, origin: string): string | null {
  if (isSitePath(href)) return href;
  let url: URL;
  try {
    url = new URL(href);
    if (url.origin !== new URL(origin).origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(path) ? path : null;
}

/**
 * True when `value` is an absolute address on another site with one of `protocols` (`https:` unless told): what
 * the URL parser reads, with nothing the parser would drop or rewrite (controls, spaces, backslashes) and no
 * character that would end an HTML attribute.
 */
export function isWebAddress(value: unknown, protocols: readonly string[] = ['https:']): value is string {
  if (typeof value !== 'string' || /[\s\p{Cc}\p{Cf}\\<>"']/u.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      protocols.includes(url.protocol) && url.hostname !== '' && value.toLowerCase().startsWith(`${url.protocol}//`)
    );
  } catch {
    return false;
  }
}
