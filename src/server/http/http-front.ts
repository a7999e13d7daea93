import 'server-only';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { arrivalTime } from './arrival';
import type { WireAnswer } from './kept-answers';

/**
 * The connection front (docs/decisions/024-connection-front.md, which has the figures). Node's HTTP layer (its
 * parser, IncomingMessage, ServerResponse and header validation) caps a server that answers every request from
 * memory well under nginx on the same bytes, while a plain TCP server writing the same bytes keeps up with
 * nginx. So each new connection of the HTTP server starts here: while its requests are plain `GET`s whose
 * answers the fast paths hold ready as bytes (kept-answers.ts wireKept, and the API's kept catalog reads:
 * src/server/api/api-front.ts), they are answered straight onto the socket. At the first request that is
 * anything else, the connection is handed to Node's own connection handling, with that request's bytes, and
 * stays there: the rest of the API, Next, misses, bodies, upgrades and every malformed request are Node's,
 * exactly as without the front.
 *
 * Safety: a request is answered here only if its head is unambiguous (`GET`, `HTTP/1.1`, an origin-form target
 * of URI characters, token header names, printable values, a Host, none of the headers read named twice, and
 * none of the headers that give a request a body or change the connection). Such a request has no body, so the
 * next request starts right after its blank line, and Node is handed exactly the bytes from the first request
 * not answered here: both sides agree where every request starts. A head that does not arrive whole in one read
 * is Node's too, so the front never waits on a slow client; it holds only idle connections, closed after the
 * server's keepAliveTimeout like Node's.
 */

/** Node's default maxHeaderSize: a longer head is Node's to refuse. */
const MAX_HEAD_BYTES = 16 * 1024;
const MAX_HEADERS = 100;
/** Answers written but not yet taken by a client that keeps sending requests: past this, reading waits. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/**
 * The whole head, checked in one pass: `GET`, an origin-form target of URI characters (RFC 3986: unreserved,
 * reserved but `#`, and `%`), `HTTP/1.1`, then lines of a token name, no space before the colon, a value of
 * printable characters and tabs, each ended by CRLF (so no bare CR or LF anywhere). The value excludes CR and
 * the name excludes `:`, so each line can match one way only: no backtracking to speak of.
 */
const HEAD =
  /^GET (\/[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=%]*) HTTP\/1\.1\r\n(?:[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[\t\x20-\x7e]*\r\n)*$/;
/** Headers that give a request a body or change what the connection does: such a request is Node's. */
const NODE_HEADERS = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings', 'te']);
/**
 * The request headers the answers read (document-cache.ts, static-files.ts, not-found-pages.ts, kept-answers.ts
 * and the API's api-front.ts; a test holds them to this list), with Host and Connection, which the front reads
 * itself too.
 * Every header is checked; only these are kept, each in the same place of one shape of object, so reading
 * them stays cheap for the optimizing compiler however many other headers a client sends. One of these named
 * twice leaves the request to Node, which would join or pick the values its own way.
 */
export const FRONT_HEADERS = [
  'host',
  'connection',
  'cookie',
  'accept-encoding',
  'accept-language',
  'if-none-match',
  'range',
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'x-cirrus-fill',
  'x-request-id',
  // The visitor's address behind a proxy, for the request log (request-log.ts).
  'x-forwarded-for',
  'x-real-ip',
] as const;
type FrontHeader = (typeof FRONT_HEADERS)[number];
const KEPT = new Set<string>(FRONT_HEADERS);
/** The name lengths worth a closer look: a line whose name has another length is neither kept nor Node's. */
const LOOKED_AT = new Set([...FRONT_HEADERS, ...NODE_HEADERS].map((name) => name.length));

/** A request the front may answer: always a GET, with only FRONT_HEADERS, lowercased names, trimmed values. */
export type FrontRequest = { method: 'GET'; url: string; headers: Record<FrontHeader, string | undefined> };

/**
 * The request a head describes, or null when it is not one the front answers.
 * @param head the request line and header lines, each with its CRLF, without the closing blank line
 */
export function parseHead(head: string): FrontRequest | null {
  const first = HEAD.exec(head);
  if (first === null) return null;
  const headers: Record<FrontHeader, string | undefined> = {
    host: undefined,
    connection: undefined,
    cookie: undefined,
    'accept-encoding': undefined,
    'accept-language': undefined,
    'if-none-match': undefined,
    range: undefined,
    rsc: undefined,
    'next-router-prefetch': undefined,
    'next-router-state-tree': undefined,
    'x-cirrus-fill': undefined,
    'x-request-id': undefined,
    'x-forwarded-for': undefined,
    'x-real-ip': undefined,
  };
  let at = head.indexOf('\r\n') + 2;
  for (let count = 0; at < head.length; count += 1) {
    if (count === MAX_HEADERS) return null;
    const end = head.indexOf('\r\n', at);
    const colon = head.indexOf(':', at);
    if (LOOKED_AT.has(colon - at)) {
      const name = head.slice(at, colon).toLowerCase();
      if (KEPT.has(name)) {
        const kept = name as FrontHeader;
        if (headers[kept] !== undefined) return null;
        let from = colon + 1;
        let to = end;
        while (from < to && (head.charCodeAt(from) === 32 || head.charCodeAt(from) === 9)) from += 1;
        while (to > from && (head.charCodeAt(to - 1) === 32 || head.charCodeAt(to - 1) === 9)) to -= 1;
        headers[kept] = head.slice(from, to);
      } else if (NODE_HEADERS.has(name)) {
        return null;
      }
    }
    at = end + 2;
  }
  // Node refuses an HTTP/1.1 request without Host (400); so is it here, by handing it over.
  if (headers.host === undefined) return null;
  if (headers.connection !== undefined && headers.connection.toLowerCase() !== 'keep-alive') return null;
  return { method: 'GET', url: first[1] as string, headers };
}

/**
 * What answers the front's requests: the request's bytes (`{ head, body }`, head without Date and connection
 * lines, body null for none; the same object each time for the same answer, as the front keeps a copy of it in
 * one buffer, or one marked `fresh` when made for this request only) or null to hand the connection to Node.
 */
export type FrontAnswerer = (req: FrontRequest, peer: string | undefined, arrivedAt: number) => WireAnswer | null;

type ConnectionListener = (this: Server, socket: Socket) => void;

/** The front of one server: `close` ends the idle connections it holds; `drain` and `closeIdle` serve a stop. */
export type HttpFront = { close(): void; drain(): void; closeIdle(): void };

/** Puts the front on an HTTP server (before it listens). */
export function createHttpFront(server: Server, answer: FrontAnswerer): HttpFront {
  const own = server.listeners('connection') as ConnectionListener[];
  const first = own[0];
  if (own.length !== 1 || first === undefined) {
    throw new Error('http-front: the server must have only its own connection listener');
  }
  const nodeConnection: ConnectionListener = first;
  server.removeListener('connection', nodeConnection);
  /** Connections the front holds (all idle between requests), with the sweep's tick when each last sent. */
  const held = new Map<Socket, number>();
  let closing = false;
  /** The server is stopping: each answer closes its connection (src/server/http/drain.ts). */
  let draining = false;
  /**
   * Idle connections are closed after the server's keepAliveTimeout, to the second, by one sweep a second: a
   * timer per socket (socket.setTimeout) is reset on every read and write, which cost a measurable share of the
   * answers (decision 024).
   */
  let tick = 0;
  let sweep: NodeJS.Timeout | null = null;
  function startSweep() {
    sweep = setInterval(() => {
      tick += 1;
      const limit = Math.ceil(server.keepAliveTimeout / 1000);
      for (const [socket, seen] of held) if (tick - seen > limit) socket.destroy();
    }, 1000).unref();
  }

  /** An answer that fails is a bug to report, not a reason to drop the connection: Node answers the request. */
  function answerOrNode(req: FrontRequest, peer: string | undefined, arrivedAt: number): WireAnswer | null {
    try {
      return answer(req, peer, arrivedAt);
    } catch (error) {
      console.error('[cirrus] http-front: answering from memory failed; Node answers instead', error);
      return null;
    }
  }

  /**
   * The lines Node ends every kept-alive answer's head with, remade once a second (as Node caches Date); while the
   * server stops, the lines of an answer that closes its connection.
   */
  let tail: Buffer | null = null;
  function currentTail(): Buffer {
    if (tail === null) {
      const date = new Date();
      const connection = draining
        ? 'Connection: close'
        : `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}`;
      tail = Buffer.from(`Date: ${date.toUTCString()}\r\n${connection}\r\n\r\n`, 'latin1');
      setTimeout(() => {
        tail = null;
      }, 1000 - date.getMilliseconds()).unref();
    }
    return tail;
  }

  /**
   * An answer's bytes in one buffer (head, the per-request lines, body), made again when the Date line changes:
   * one write per answer costs less than three, in the stream and in the kernel (decision 024).
   * At most one copy per answer object, while it lives; none for an answer made for one request (`fresh`).
   */
  const whole = new WeakMap<WireAnswer, { lines: Buffer; bytes: Buffer }>();
  function wholeAnswer(answered: WireAnswer): Buffer {
    const lines = currentTail();
    const kept = answered.fresh !== true;
    const made = kept ? whole.get(answered) : undefined;
    if (made !== undefined && made.lines === lines) return made.bytes;
    const bytes = Buffer.concat(
      answered.body === null ? [answered.head, lines] : [answered.head, lines, answered.body],
    );
    if (kept) whole.set(answered, { lines, bytes });
    return bytes;
  }

  function hold(socket: Socket) {
    held.set(socket, tick);
    if (sweep === null) startSweep();
    const onData = (chunk: Buffer) => {
      held.set(socket, tick);
      serve(chunk, arrivalTime());
    };
    const onError = () => socket.destroy();
    // The client is done sending: finish what is written, then close (Node does the same).
    const onEnd = () => socket.end();
    const onClose = () => held.delete(socket);
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('end', onEnd);
    socket.on('close', onClose);

    /** `arrivedAt`: when the chunk's requests arrived (arrival.ts), for their durations. */
    function serve(chunk: Buffer, arrivedAt: number): void {
      // Heads are ASCII: one latin1 string per read, whose offsets are the chunk's.
      const text = chunk.toString('latin1');
      let at = 0;
      while (at < text.length) {
        const end = text.indexOf('\r\n\r\n', at);
        if (end === -1 || end - at > MAX_HEAD_BYTES) {
          handOver(chunk.subarray(at));
          return;
        }
        const req = parseHead(text.slice(at, end + 2));
        const answered = req === null ? null : answerOrNode(req, socket.remoteAddress, arrivedAt);
        if (answered === null) {
          handOver(chunk.subarray(at));
          return;
        }
        at = end + 4;
        socket.write(wholeAnswer(answered));
        if (draining) {
          // The answer said `Connection: close`: nothing after it is read (a client pipelining sends it again).
          held.delete(socket);
          socket.end();
          return;
        }
        if (socket.writableLength > MAX_UNSENT_BYTES && at < chunk.length) {
          const rest = chunk.subarray(at);
          socket.pause();
          socket.once('drain', () => {
            // Resumed data is emitted on a later tick, after the rest here has been served or handed over.
            socket.resume();
            if (!socket.destroyed) serve(rest, arrivalTime());
          });
          return;
        }
      }
    }

    function handOver(rest: Buffer): void {
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('end', onEnd);
      socket.removeListener('close', onClose);
      held.delete(socket);
      nodeConnection.call(server, socket);
      // Node's parser takes the bytes read so far first, then reads the socket itself.
      if (rest.length > 0) socket.emit('data', rest);
    }
  }

  server.on('connection', (socket: Socket) => {
    if (closing) nodeConnection.call(server, socket);
    else hold(socket);
  });

  function closeIdle() {
    for (const socket of held.keys()) socket.end();
    held.clear();
  }

  return {
    /** Ends the idle connections the front holds, for a server that is closing (Node ends its own idle ones). */
    close() {
      closing = true;
      closeIdle();
      if (sweep !== null) clearInterval(sweep);
    },
    drain() {
      draining = true;
      closing = true;
      tail = null;
    },
    closeIdle,
  };
}
