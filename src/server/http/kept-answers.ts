import 'server-only';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * What the fast paths in front of Next share: the document cache (document-cache.ts) and the build files
 * (static-files.ts) both ask Next once, keep its answer in memory with brotli and gzip copies, and serve those
 * without entering Next's per-request pipeline. This module holds the parts that must behave the same in both:
 * asking Next (the 404 pages, not-found-pages.ts, ask the same way), which of Next's headers a copy keeps,
 * picking the encoding, building each variant's header list once, the ETag / If-None-Match exchange, and the
 * memory bound.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A request as a fast path reads it: Node's IncomingMessage, or the connection front's parsed head. */
export type KeptRequest = {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};

/** An answer's bytes for the connection front (http-front.ts): the head without Date and connection lines. */
export type WireAnswer = { head: Buffer; body: Buffer | null; fresh?: boolean; requestId?: string };

/**
 * The state a kept answer is written with, named in its marker header (`X-Document-Cache: hit`): fresh, stale
 * while it is asked for again, or stale because asking again failed while a dependency is down
 * (docs/decisions/055-stale-kept-pages.md).
 */
export type KeptState = 'hit' | 'stale' | 'stale-if-error';

type Encoding = 'identity' | 'gzip' | 'br';

type Variant = {
  body: Buffer;
  etag: string;
  /** The flat header list of the 200, per state. */
  raw: Partial<Record<KeptState, string[]>>;
  wire: Partial<Record<KeptState, { ok: WireAnswer; notModified: WireAnswer }>>;
};

/** A kept answer: its headers and one variant per encoding, ready to write. */
export type KeptAnswer = {
  headers: Map<string, string[]>;
  /** Headers a state sends in place of the kept ones (keptAnswer's `stateHeaders`). */
  stateHeaders?: Partial<Record<KeptState, Record<string, string>>> | undefined;
  marker: string;
  variants: Record<Encoding, Variant>;
  /** Bytes held, for the store's bound. */
  size: number;
  /** Set by the store: when the entry last moved to the recent end. */
  touchedAt?: number;
};

/** Headers Next sends that belong to its own transfer or its internals, not to the answer: a copy leaves them
 * out (each header is validated and written per request, and the internal ones tell a visitor nothing). */
const LEFT_OUT_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'etag',
  'x-middleware-rewrite',
  'x-nextjs-cache',
  'x-nextjs-prerender',
  'x-nextjs-stale-time',
]);

const encodingOf = new Map<string, Encoding>();

/** A request header as one string (the fast paths read headers Node gives as strings). */
function headerOf(req: KeptRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The encoding the client takes, best first: br, gzip, or the identity body (remembered per header value). */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  const known = encodingOf.get(accept);
  if (known) return known;
  const picked = negotiate(accept);
  if (encodingOf.size < 256) encodingOf.set(accept, picked);
  return picked;
}

function negotiate(accept: string): Encoding {
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((p) => p.trim());
  const takes = (name: string) =>
    offered.some((p) => (p === name || p.startsWith(`${name};`)) && !/;\s*q=0(\.0*)?$/.test(p));
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

/** What askNext asks: see there. */
export type NextAsk = {
  port: number;
  via?: number | undefined;
  path: string;
  headers: Record<string, string>;
  maxBytes: number;
  timeoutMs?: number;
};

/**
 * GET path from Next on this server, uncompressed, marked with the caller's fill token so the fast path in front
 * leaves it to Next. Resolves with Next's response and its body (null past maxBytes); rejects when Next has not
 * answered within timeoutMs, when given. `via`: the port of this process's own listener, when the server has one
 * (site-server.ts): the shared port of several worker processes may hand the request to another worker, whose
 * Next may not have heard of an operator's change yet.
 */
export function askNext(ask: NextAsk): Promise<{ res: IncomingMessage; body: Buffer | null }> {
  const headers = { host: `localhost:${ask.port}`, 'accept-encoding': 'identity', ...ask.headers };
  return new Promise((resolve, reject) => {
    const inner = http.request(
      { host: '127.0.0.1', port: ask.via ?? ask.port, path: ask.path, method: 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= ask.maxBytes) chunks.push(chunk);
        });
        res.on('end', () => resolve({ res, body: size <= ask.maxBytes ? Buffer.concat(chunks) : null }));
        res.on('error', reject);
      },
    );
    inner.on('error', reject);
    const timeoutMs = ask.timeoutMs;
    if (timeoutMs) {
      inner.setTimeout(timeoutMs, () => inner.destroy(new Error(`${ask.path}: no answer in ${timeoutMs} ms`)));
    }
    inner.end();
  });
}

/** Next's headers as they came, minus LEFT_OUT_HEADERS, repeated ones (set-cookie) kept as lists. */
export function keptHeaders(res: IncomingMessage): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (LEFT_OUT_HEADERS.has(name)) continue;
    headers.set(name, [...(headers.get(name) ?? []), raw[i + 1] as string]);
  }
  return headers;
}

/**
 * The brotli and gzip (level 9) copies of body. Brotli's quality 11 suits files compressed once and served for
 * the life of the build; a page regenerated every minute or five is better at 9 (document-cache.ts).
 */
export async function compress(body: Buffer, brotliQuality = 11): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** What a kept answer is made from: see keptAnswer. */
export type KeptParts = {
  headers: Map<string, string[]>;
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  etag: string;
  marker: string;
  states: readonly KeptState[];
  /** Headers a state sends in place of the kept ones of the same name (lower-case names). */
  stateHeaders?: Partial<Record<KeptState, Record<string, string>>> | undefined;
};

/**
 * A kept answer. Each variant's full header list is built once, so the hit path writes it in one writeHead call,
 * and so are the status line and headers of its 200 and 304 as bytes, for the connection front
 * (http-front.ts), which writes those with the body and no ServerResponse at all.
 * `etag` is the quoted tag of the identity body; the compressed copies get their own (`"…-gz"`, `"…-br"`), as a
 * different body must. `marker` names the header that tells which fast path answered, with the state written
 * (`hit`, `stale`).
 */
export function keptAnswer(parts: KeptParts): KeptAnswer {
  const headers = new Map(parts.headers);
  const br = parts.br;
  const gz = parts.gzip;
  const compressed = br !== undefined && gz !== undefined;
  if (compressed) {
    const vary = (headers.get('vary') ?? []).join(', ');
    if (!/accept-encoding/i.test(vary)) headers.set('vary', [vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
  }
  const base = parts.etag.replace(/^W\//, '').replace(/"$/, '');
  const variant = (encoded: Buffer, tag: string, encoding: Encoding): Variant => {
    const made: Variant = { body: encoded, etag: tag, raw: {}, wire: {} };
    for (const state of parts.states) {
      // A 304 has the headers sendKept sets for it, in its order: the kept ones, the tag (then the marker).
      const unchanged = [...headerList(stateHeadersOf(headers, parts.stateHeaders?.[state])), 'ETag', tag];
      const raw = [...unchanged];
      if (encoding !== 'identity') raw.push('Content-Encoding', encoding);
      raw.push('Content-Length', String(encoded.length), parts.marker, state);
      made.raw[state] = raw;
      made.wire[state] = {
        ok: { head: wireHead(200, raw), body: encoded },
        notModified: { head: wireHead(304, [...unchanged, parts.marker, state]), body: null },
      };
    }
    return made;
  };
  const identity = variant(parts.identity, `${base}"`, 'identity');
  return {
    headers,
    stateHeaders: parts.stateHeaders,
    marker: parts.marker,
    variants: {
      identity,
      gzip: compressed ? variant(gz, `${base}-gz"`, 'gzip') : identity,
      br: compressed ? variant(br, `${base}-br"`, 'br') : identity,
    },
    size: parts.identity.length + (compressed ? gz.length + br.length : 0),
  };
}

/** The kept headers with a state's own in place of those of the same name. */
function stateHeadersOf(
  headers: Map<string, string[]>,
  own: Record<string, string> | undefined,
): Map<string, string[]> {
  if (own === undefined) return headers;
  const merged = new Map(headers);
  for (const [name, value] of Object.entries(own)) merged.set(name, [value]);
  return merged;
}

/** Headers as a flat name, value list, a repeated header once per value. */
function headerList(headers: Map<string, string[]>): string[] {
  const list: string[] = [];
  for (const [name, values] of headers) for (const value of values) list.push(name, value);
  return list;
}

const STATUS_LINES = { 200: 'HTTP/1.1 200 OK\r\n', 304: 'HTTP/1.1 304 Not Modified\r\n' } as const;

/**
 * The status line and header lines of an answer as Node writes them (latin1), without the lines Node adds per
 * request (Date, Connection, Keep-Alive) and without the blank line that ends the head.
 */
function wireHead(status: 200 | 304, raw: string[]): Buffer {
  let head: string = STATUS_LINES[status];
  for (let i = 0; i + 1 < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return Buffer.from(head, 'latin1');
}

/** True when If-None-Match names this variant's tag (a weak comparison, as for GET). */
function holdsVariant(req: KeptRequest, variant: Variant): boolean {
  const match = headerOf(req, 'if-none-match');
  return match?.split(',').some((t) => t.trim().replace(/^W\//, '') === variant.etag) === true;
}

/** A kept answer's variant in a state it was made for (keptAnswer's `states`). */
function wireOf(variant: Variant, state: KeptState): { ok: WireAnswer; notModified: WireAnswer } {
  const wire = variant.wire[state];
  if (wire === undefined) throw new Error(`kept answer has no "${state}" state`);
  return wire;
}

/**
 * A kept answer as bytes for the connection front: its head (see wireHead) and body, null for a 304, the same
 * object for the same variant each time. The same choice as sendKept.
 */
export function wireKept(req: KeptRequest, entry: KeptAnswer, state: KeptState): WireAnswer {
  const variant = entry.variants[pickEncoding(headerOf(req, 'accept-encoding'))];
  const wire = wireOf(variant, state);
  return holdsVariant(req, variant) ? wire.notModified : wire.ok;
}

/** Writes a kept answer: 304 when the client holds this variant already, else the variant for its encoding. */
export function sendKept(req: KeptRequest, res: ServerResponse, entry: KeptAnswer, state: KeptState): void {
  const variant = entry.variants[pickEncoding(headerOf(req, 'accept-encoding'))];
  if (holdsVariant(req, variant)) {
    for (const [name, values] of stateHeadersOf(entry.headers, entry.stateHeaders?.[state]))
      res.setHeader(name, values.length === 1 ? (values[0] as string) : values);
    res.setHeader('ETag', variant.etag);
    res.setHeader(entry.marker, state);
    res.writeHead(304);
    res.end();
    return;
  }
  res.writeHead(200, variant.raw[state]);
  if (req.method === 'HEAD') res.end();
  else res.end(variant.body);
}

/** Kept answers by key: see createKeptStore. */
export type KeptStore<Entry extends KeptAnswer> = {
  get(key: string, at?: number): Entry | undefined;
  set(key: string, entry: Entry): void;
  forEach(visit: (entry: Entry) => void): void;
};

/**
 * Kept answers by key, in least-recently-used order, within maxBytes. A hit refreshes its place at most once a
 * second per entry, so it stays a Map lookup. `get` takes the caller's clock reading when it has one: inside
 * Next's process `Date.now` is wrapped, and the hit path reads it once.
 */
export function createKeptStore<Entry extends KeptAnswer>(maxBytes: number, now: () => number): KeptStore<Entry> {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  return {
    get(key, at = now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (at - (entry.touchedAt ?? 0) > 1000) {
        entry.touchedAt = at;
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key, entry) {
      const old = entries.get(key);
      if (old) {
        bytes -= old.size;
        entries.delete(key);
      }
      entry.touchedAt = now();
      entries.set(key, entry);
      bytes += entry.size;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.size;
      }
    },
    forEach(visit) {
      for (const entry of entries.values()) visit(entry);
    },
  };
}

/** One fill per key at a time: a burst of misses asks Next once. */
export function singleFlight<Result>(fill: (key: string) => Promise<Result>): (key: string) => Promise<Result> {
  const filling = new Map<string, Promise<Result>>();
  return (key) => {
    let pending = filling.get(key);
    if (!pending) {
      pending = fill(key).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return pending;
  };
}

/**
 * What a fast path found for a request it could keep: a fresh copy, a stale one (served while Next is asked
 * again), or none (Next answers, and the copy is made beside it). Told once per request, to the server's
 * `onLookup` (site-server.ts), wherever the request was answered.
 */
export type KeptLookup = 'hit' | 'stale' | 'miss';
