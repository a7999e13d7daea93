/**
 * What the fast paths in front of Next share (issue 9): the document cache (document-cache.cjs) and the build
 * files (static-files.cjs) both ask Next once, keep its answer in memory with brotli and gzip copies, and serve
 * those without entering Next's per-request pipeline. This module holds the parts that must behave the same in
 * both: asking Next (the 404 pages, not-found-pages.cjs, ask the same way), which of Next's headers a copy
 * keeps, picking the encoding, building each variant's header list once, the ETag / If-None-Match exchange,
 * and the memory bound.
 */
const http = require('node:http');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

const encodingOf = new Map();

/** The encoding the client takes, best first: br, gzip, or the identity body (remembered per header value). */
function pickEncoding(accept) {
  if (!accept) return 'identity';
  const known = encodingOf.get(accept);
  if (known) return known;
  const picked = negotiate(accept);
  if (encodingOf.size < 256) encodingOf.set(accept, picked);
  return picked;
}

function negotiate(accept) {
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((p) => p.trim());
  const takes = (name) => offered.some((p) => (p === name || p.startsWith(`${name};`)) && !/;\s*q=0(\.0*)?$/.test(p));
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

/**
 * GET path from Next on this server, uncompressed, marked with the caller's fill token so the fast path in front
 * leaves it to Next. Resolves with Next's response and its body (null past maxBytes); rejects when Next has not
 * answered within timeoutMs, when given. `via`: the port of this process's own listener, when the server has one
 * (scripts/production-server.cjs): the shared port of several worker processes may hand the request to another
 * worker, whose Next may not have heard of an operator's change yet.
 * @param {{ port: number, via?: number, path: string, headers: Record<string, string>, maxBytes: number,
 *   timeoutMs?: number }} ask
 */
function askNext(ask) {
  const headers = { host: `localhost:${ask.port}`, 'accept-encoding': 'identity', ...ask.headers };
  return new Promise((resolve, reject) => {
    const inner = http.request(
      { host: '127.0.0.1', port: ask.via ?? ask.port, path: ask.path, method: 'GET', headers, agent: false },
      (res) => {
        const chunks = [];
        let size = 0;
        res.on('data', (chunk) => {
          size += chunk.length;
          if (size <= ask.maxBytes) chunks.push(chunk);
        });
        res.on('end', () => resolve({ res, body: size <= ask.maxBytes ? Buffer.concat(chunks) : null }));
        res.on('error', reject);
      },
    );
    inner.on('error', reject);
    if (ask.timeoutMs) {
      inner.setTimeout(ask.timeoutMs, () => inner.destroy(new Error(`${ask.path}: no answer in ${ask.timeoutMs} ms`)));
    }
    inner.end();
  });
}

/** Next's headers as they came, minus LEFT_OUT_HEADERS, repeated ones (set-cookie) kept as lists. */
function keptHeaders(res) {
  const headers = new Map();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i].toLowerCase();
    if (LEFT_OUT_HEADERS.has(name)) continue;
    headers.set(name, [...(headers.get(name) ?? []), res.rawHeaders[i + 1]]);
  }
  return headers;
}

/**
 * The brotli and gzip (level 9) copies of body. Brotli's quality 11 suits files compressed once and served for
 * the life of the build; a page regenerated every minute or five is better at 9 (below).
 */
async function compress(body, brotliQuality = 11) {
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

/**
 * A kept answer. Each variant's full header list is built once, so the hit path writes it in one writeHead call,
 * and so are the status line and headers of its 200 and 304 as bytes, for the connection front
 * (http-front.cjs), which writes those with the body and no ServerResponse at all.
 * `etag` is the quoted tag of the identity body; the compressed copies get their own (`"…-gz"`, `"…-br"`), as a
 * different body must. `marker` names the header that tells which fast path answered, with the state written
 * (`hit`, `stale`).
 * @param {{ headers: Map<string, string[]>, identity: Buffer, br?: Buffer, gzip?: Buffer, etag: string,
 *   marker: string, states: string[] }} parts
 */
function keptAnswer(parts) {
  const headers = new Map(parts.headers);
  const compressed = parts.br !== undefined && parts.gzip !== undefined;
  if (compressed) {
    const vary = (headers.get('vary') ?? []).join(', ');
    if (!/accept-encoding/i.test(vary)) headers.set('vary', [vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
  }
  const base = parts.etag.replace(/^W\//, '').replace(/"$/, '');
  const variant = (encoded, tag, encoding) => {
    // A 304 has the headers sendKept sets for it, in its order: the kept ones, the tag (then the marker).
    const unchanged = [];
    for (const [name, values] of headers) for (const value of values) unchanged.push(name, value);
    unchanged.push('ETag', tag);
    const raw = [...unchanged];
    if (encoding !== 'identity') raw.push('Content-Encoding', encoding);
    raw.push('Content-Length', String(encoded.length));
    return {
      body: encoded,
      etag: tag,
      raw: Object.fromEntries(parts.states.map((state) => [state, [...raw, parts.marker, state]])),
      wire: Object.fromEntries(
        parts.states.map((state) => [
          state,
          {
            ok: { head: wireHead(200, [...raw, parts.marker, state]), body: encoded },
            notModified: { head: wireHead(304, [...unchanged, parts.marker, state]), body: null },
          },
        ]),
      ),
    };
  };
  const identity = variant(parts.identity, `${base}"`, 'identity');
  return {
    headers,
    marker: parts.marker,
    variants: {
      identity,
      gzip: compressed ? variant(parts.gzip, `${base}-gz"`, 'gzip') : identity,
      br: compressed ? variant(parts.br, `${base}-br"`, 'br') : identity,
    },
    size: parts.identity.length + (compressed ? parts.gzip.length + parts.br.length : 0),
  };
}

const STATUS_LINES = { 200: 'HTTP/1.1 200 OK\r\n', 304: 'HTTP/1.1 304 Not Modified\r\n' };

/**
 * The status line and header lines of an answer as Node writes them (latin1), without the lines Node adds per
 * request (Date, Connection, Keep-Alive) and without the blank line that ends the head.
 */
function wireHead(status, raw) {
  let head = STATUS_LINES[status];
  for (let i = 0; i < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return Buffer.from(head, 'latin1');
}

/** True when If-None-Match names this variant's tag (a weak comparison, as for GET). */
function holdsVariant(req, variant) {
  const match = req.headers['if-none-match'];
  return match?.split(',').some((t) => t.trim().replace(/^W\//, '') === variant.etag) === true;
}

/**
 * A kept answer as bytes for the connection front: its head (see wireHead) and body, null for a 304, the same
 * object for the same variant each time. The same choice as sendKept.
 */
function wireKept(req, entry, state) {
  const variant = entry.variants[pickEncoding(req.headers['accept-encoding'])];
  return holdsVariant(req, variant) ? variant.wire[state].notModified : variant.wire[state].ok;
}

/** Writes a kept answer: 304 when the client holds this variant already, else the variant for its encoding. */
function sendKept(req, res, entry, state) {
  const variant = entry.variants[pickEncoding(req.headers['accept-encoding'])];
  if (holdsVariant(req, variant)) {
    for (const [name, values] of entry.headers) res.setHeader(name, values.length === 1 ? values[0] : values);
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

/**
 * Kept answers by key, in least-recently-used order, within maxBytes. A hit refreshes its place at most once a
 * second per entry, so it stays a Map lookup. `get` takes the caller's clock reading when it has one: inside
 * Next's process `Date.now` is wrapped, and the hit path reads it once.
 */
function createKeptStore(maxBytes, now) {
  const entries = new Map();
  let bytes = 0;
  return {
    get(key, at = now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (at - entry.touchedAt > 1000) {
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
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** One fill per key at a time: a burst of misses asks Next once. */
function singleFlight(fill) {
  const filling = new Map();
  return (key, ...args) => {
    let pending = filling.get(key);
    if (!pending) {
      pending = fill(key, ...args).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return pending;
  };
}

module.exports = {
  askNext,
  compress,
  createKeptStore,
  keptAnswer,
  keptHeaders,
  pickEncoding,
  sendKept,
  singleFlight,
  wireKept,
};
