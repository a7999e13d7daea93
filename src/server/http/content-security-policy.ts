import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/**
 * The Content-Security-Policy of every page, with no 'unsafe-inline' for scripts
 * (docs/decisions/032-content-security-policy.md). A page's inline scripts (Next's payload and bootstrap, the
 * loader of decision 018) are allowed one by one:
 * - a document we keep and serve ourselves (the document cache, the 404 pages) names the SHA-256 of each of its
 *   inline scripts, computed once when the copy is made;
 * - a document Next answers itself is watched on its way out (`watch`): a prerendered one (Next's own cached
 *   copy, which carries no nonce) is held until it is whole and gets the hashes of its scripts; one rendered for
 *   this request gets a fresh nonce, which Next writes on every script it renders, streamed as before.
 * next.config.ts takes the policy from here too, outside the react-server condition: so this module has no
 * `server-only` guard (which throws there) and imports nothing of the server's.
 */

/**
 * Where the analytics tag (loaded after consent, decision 006) runs and reports: the hosts Google lists for
 * Google Analytics 4 behind a policy. No 'strict-dynamic': the tag is a script element with a `src` our own code
 * adds, which these hosts allow as they are.
 */
const TAG_SCRIPTS = 'https://*.googletagmanager.com';
const TAG_IMAGES = 'https://*.google-analytics.com https://*.googletagmanager.com';
const TAG_CONNECTIONS = 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';

/**
 * The whole policy, with `scriptSources` (hashes, a nonce) allowed beside our own origin and the tag's hosts.
 * Styles keep 'unsafe-inline': kept documents carry the stylesheet in a `<style>` (decision 030) and React writes
 * `style` attributes (Radix's positioning among them), and a style cannot run code.
 */
export function policy(scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptSources, TAG_SCRIPTS].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Any https image: the promotional pop-up shows a picture an operator links to, wherever it is kept
    // (docs/product/back-office-promotions.md). An image cannot run code.
    `img-src 'self' data: https: ${TAG_IMAGES}`,
    "font-src 'self'",
    `connect-src 'self' ${TAG_CONNECTIONS}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** No inline script at all: answers that are not documents, and a document whose scripts could not be read. */
export const BASE_POLICY = policy();

/**
 * Every script element with its content, as the HTML tokenizer ends one: at the first `</script` followed by
 * whitespace, `/` or `>`. The documents are React's output: attribute values have `>` escaped, and Next writes
 * `<` in its payloads as \u003c, so no `<!--` escape state can move a script's end.
 */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src(?:\s*=|\s|$)/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
/**
 * Types whose inline content the browser runs (or reads as rules that load scripts), so the policy must name
 * it. Any other type is a data block (`application/ld+json` structured data) that never runs.
 */
const RUN_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** True when a script element with these attributes is inline code the browser runs. */
function runsInline(attributes: string): boolean {
  if (SRC_ATTRIBUTE.test(attributes)) return false;
  const type = TYPE_ATTRIBUTE.exec(attributes);
  if (!type) return true;
  return RUN_TYPES.has((type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase());
}

/**
 * The `'sha256-…'` source of each inline script the document runs, once each, in document order. The browser
 * hashes the script's text after the parser has turned CR LF and lone CR into LF (and NUL into U+FFFD), as UTF-8.
 * A document still in bytes is read as latin1, one character per byte, so its scripts are hashed as the bytes
 * they are without decoding UTF-8 first (which costs more than the hashing on a Chinese or Japanese page).
 */
export function inlineScriptHashes(document: string | Buffer): string[] {
  const bytes = typeof document !== 'string';
  const html = bytes ? document.toString('latin1') : document;
  const encoding = bytes ? 'latin1' : 'utf8';
  const replacement = bytes ? '\xEF\xBF\xBD' : '\uFFFD';
  const seen = new Set<string>();
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    if (!runsInline(match[1] ?? '')) continue;
    const text = (match[2] ?? '').replace(/\r\n?/g, '\n').replace(/\0/g, replacement);
    seen.add(`'sha256-${createHash('sha256').update(text, encoding).digest('base64')}'`);
  }
  return [...seen];
}

/**
 * The policy of a whole document: its own inline scripts by hash.
 */
export function documentPolicy(html: string | Buffer): string {
  return policy(inlineScriptHashes(html));
}

/** The policy of a document rendered for one request, whose scripts carry `nonce`. */
export function noncePolicy(nonce: string): string {
  return policy([`'nonce-${nonce}'`]);
}

const HEADER = 'content-security-policy';

/** The document's bytes, undoing the encoding Next's compression chose. */
function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  return body;
}

/** Headers passed to writeHead itself (an object, or [name, value] pairs, or a flat list) set on res instead. */
function takeHeaders(res: ServerResponse, args: unknown[]): unknown[] {
  return args.filter((arg) => {
    if (!arg || typeof arg !== 'object') return true;
    if (Array.isArray(arg)) {
      if (Array.isArray(arg[0])) for (const [name, value] of arg as [string, string][]) res.setHeader(name, value);
      else for (let i = 0; i + 1 < arg.length; i += 2) res.setHeader(arg[i] as string, arg[i + 1] as string);
    } else {
      for (const [name, value] of Object.entries(arg as OutgoingHttpHeaders)) {
        if (value !== undefined) res.setHeader(name, value);
      }
    }
    return false;
  });
}

type WriteHead = (...args: unknown[]) => ServerResponse;
type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/** A chunk given to write or end, as bytes. */
function bytesOf(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * Arms the policy on a request Next is about to answer. The request carries a fresh nonce in its own
 * `Content-Security-Policy` header, which is where Next looks for one (replacing any the client sent); the
 * answer's head is then decided as it goes out:
 * - not HTML: Next's header (next.config.ts) stays;
 * - a 304: no policy, so the browser keeps the one stored with the body it already has;
 * - HTML Next marks as prerendered (`x-nextjs-prerender`): held until whole (Next sends it from its cache),
 *   decoded, and sent with the hashes of its inline scripts;
 * - any other HTML: the nonce's policy, and the body streams on untouched.
 * Next's compression wraps writeHead, write and end after this (as for decision 017's hooks), so the body seen
 * here is encoded, and a later hook (the 404 pages) may still set a policy for a document it writes instead.
 */
export function watch(req: IncomingMessage, res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  req.headers[HEADER] = noncePolicy(nonce);
  delete req.headers[`${HEADER}-report-only`];
  const writeHead = res.writeHead as WriteHead;
  const write = res.write as Write;
  const end = res.end as End;
  let decided = false;
  /** Status and reason of a held answer, and its body so far; null while nothing is held. */
  let held: { code: number; args: unknown[]; chunks: Buffer[] } | null = null;

  res.writeHead = function writeHeadWithPolicy(this: ServerResponse, status: number, ...rest: unknown[]) {
    if (held) return this;
    if (decided) return writeHead.call(this, status, ...rest);
    decided = true;
    const args = takeHeaders(this, rest);
    const code = typeof status === 'number' ? status : this.statusCode;
    if (code === 304) {
      this.removeHeader(HEADER);
    } else if (/text\/html/i.test(String(this.getHeader('content-type') ?? ''))) {
      if (this.getHeader('x-nextjs-prerender') === undefined) {
        this.setHeader(HEADER, noncePolicy(nonce));
      } else {
        held = { code, args, chunks: [] };
        return this;
      }
    }
    return writeHead.call(this, code, ...args);
  } as ServerResponse['writeHead'];

  res.write = function writeWithPolicy(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!decided) this.writeHead(this.statusCode);
    if (!held) return write.call(this, chunk, encoding, callback);
    if (chunk) held.chunks.push(bytesOf(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  } as ServerResponse['write'];

  res.end = function endWithPolicy(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (!decided) this.writeHead(this.statusCode);
    if (!held) return end.call(this, chunk, encoding, callback);
    if (chunk && typeof chunk !== 'function') held.chunks.push(bytesOf(chunk, encoding));
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function');
    const body = Buffer.concat(held.chunks);
    const { code, args } = held;
    held = null;
    let value = BASE_POLICY;
    try {
      // A HEAD answer has no body: it says the policy that allows no inline script, which a HEAD never runs.
      if (body.length > 0) value = documentPolicy(decode(body, String(this.getHeader('content-encoding') ?? '')));
    } catch (error) {
      console.error(
        `[cirrus] content security policy of ${req.url}: ${error instanceof Error ? error.message : error}`,
      );
    }
    this.setHeader(HEADER, value);
    writeHead.call(this, code, ...args);
    return end.call(this, body, done);
  } as ServerResponse['end'];
}
