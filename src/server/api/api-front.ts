import 'server-only';
import { getPath } from 'hono/utils/url';
import { apiTags, isShareable, tagHeaders } from '../cdn/tags';
import { DEFAULT_CACHE_CONTROL } from './app';
import { keptRead, type ReadEntry } from './read-cache';

/** A request as the connection front reads it (src/server/http/http-front.ts): its target and the headers it keeps. */
type FrontRequest = { url: string; headers: Record<string, string | undefined> };
/** An answer's bytes, made for this request only (it carries the request's own id, for the server's log line). */
type FrontAnswer = { head: Buffer; body: Buffer; fresh: true; requestId: string };
/** A kept read as bytes: the head around its x-request-id line, and the body. */
type WireParts = { before: Buffer; after: Buffer; body: Buffer } | null;

const ID_MARK = 'request-id';
const wires = new WeakMap<ReadEntry, WireParts>();

/**
 * The bytes Node writes for a kept read that the Hono app answers from its read cache: the app's middleware
 * adds the request id, the default cache policy and nosniff, the Node adapter writes the headers in the order a Headers
 * object lists them (sorted names) and the length last. The head is cut around the request id, which is new
 * per request. An entry with a header that list would not write one line per value is left to Node.
 */
function wireParts(entry: ReadEntry, path: string): WireParts {
  const headers = new Headers(entry.headers);
  if (headers.has('set-cookie') || !headers.has('content-type')) return null;
  if (!headers.has('cache-control')) headers.set('cache-control', DEFAULT_CACHE_CONTROL);
  if (isShareable(headers.get('cache-control'))) {
    for (const [name, value] of Object.entries(tagHeaders(apiTags(path)))) headers.set(name, value);
  }
  headers.set('x-content-type-options', 'nosniff');
  headers.set('x-request-id', ID_MARK);
  const body = Buffer.from(entry.body);
  let head = 'HTTP/1.1 200 OK\r\n';
  for (const [name, value] of headers) head += `${name}: ${value}\r\n`;
  head += `content-length: ${body.length}\r\n`;
  const [before = '', after = ''] = head.split(`x-request-id: ${ID_MARK}\r\n`);
  return { before: Buffer.from(before, 'latin1'), after: Buffer.from(after, 'latin1'), body };
}

/**
 * How long past its time to live a kept read is still written while its refill runs. A refill takes
 * milliseconds; one that has not landed by then (the database away) leaves the read to the app, which answers
 * it as it can.
 */
const STALE_GRACE_MS = 5_000;

/**
 * The catalog's kept reads, answered on the connection (p99 under 25 ms: docs/product/targets.md#pricing-and-orders, docs/product/targets.md#performance;
 * docs/decisions/025-api-reads-on-the-connection.md). `answer` gives, for a GET whose answer the app's read
 * cache holds, the bytes the app would write, and null for everything else, which the front hands to Node. A
 * request that brings its own x-request-id is Node's, which echoes it. The server in front logs each answer
 * (src/server/http/request-log.ts). A copy past its time to live is still answered while the app refills it (one refill at a time,
 * started here), so a connection is not handed to Node for good at the moment a copy expires.
 */
export function createKeptReads(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const refilling = new WeakSet<ReadEntry>();

  function refill(entry: ReadEntry, url: string, headers: FrontRequest['headers']) {
    refilling.add(entry);
    const asked = new Headers();
    if (headers.cookie !== undefined) asked.set('cookie', headers.cookie);
    if (headers['accept-language'] !== undefined) asked.set('accept-language', headers['accept-language']);
    // The app's read cache stores the new answer; a refill that fails leaves the old one, and the next request
    // past its time starts another.
    Promise.resolve(app.fetch(new Request(url, { headers: asked })))
      .then((res) => res.body?.cancel())
      .catch(() => {})
      .finally(() => refilling.delete(entry));
  }

  return function answer(req: FrontRequest, now: number): FrontAnswer | null {
    const host = req.headers.host;
    if (host === undefined || req.headers['x-request-id'] !== undefined) return null;
    // The URL as the Node adapter makes it; a target or Host it would write differently is simply not found.
    const url = `http://${host}${req.url}`;
    const entry = keptRead(url, req.headers.cookie, req.headers['accept-language']);
    if (entry === undefined || entry.expiresAt + STALE_GRACE_MS <= now) return null;
    if (entry.expiresAt <= now && !refilling.has(entry)) refill(entry, url, req.headers);
    const path = getPath({ url } as Request);
    let parts = wires.get(entry);
    if (parts === undefined) {
      parts = wireParts(entry, path);
      wires.set(entry, parts);
    }
    if (parts === null) return null;
    const requestId = crypto.randomUUID();
    const head = Buffer.concat([parts.before, Buffer.from(`x-request-id: ${requestId}\r\n`, 'latin1'), parts.after]);
    // The server in front writes the request's log line (src/server/http/request-log.ts).
    return { head, body: parts.body, fresh: true, requestId };
  };
}
