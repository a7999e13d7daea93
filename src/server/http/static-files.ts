import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  askNext,
  compress,
  createKeptStore,
  type KeptAnswer,
  type KeptLookup,
  type KeptParts,
  type KeptRequest,
  keptAnswer,
  keptHeaders,
  sendKept,
  singleFlight,
  type WireAnswer,
  wireKept,
} from './kept-answers';

/**
 * The fast path for the build's own files (docs/decisions/022-build-files-fast-path.md): scripts,
 * styles and images under `/_next/static/`, which Next names by content hash and serves as immutable.
 *
 * Next answers each of them through its whole request pipeline and gzips the body anew for every request: the largest
 * chunk (React DOM) cost milliseconds of CPU per request, and one first visit of a page tens of milliseconds of server
 * CPU, spent while the visitor's browser starts the page (the decision has the figures). Here each file is asked of
 * Next once, to keep Next's status and headers exactly (Content-Type, Cache-Control, the security headers of
 * next.config.ts), and then served from memory with brotli and gzip copies made once. The copies come from the `.br`
 * and `.gz` files the build step writes beside each file (src/server/build/precompress.ts), used only when they
 * decompress to the very body Next sent; otherwise they are made here.
 *
 * Only a 200 with `immutable` in its Cache-Control is kept, so a missing file (404) and anything Next ever
 * answers otherwise stays Next's. Range requests stay Next's too (it honours them; a copy here would not).
 */

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

const PREFIX = '/_next/static/';
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_PASS_THROUGH = 10_000;
/** Bodies worth compressing; images and fonts under /_next/static are compressed formats already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The precompressed copy at file + suffix when it decompresses to body, else null (absent, older build, or
 * unreadable).
 */
async function precompressed(
  file: string,
  suffix: string,
  decompress: (copy: Buffer) => Promise<Buffer>,
  body: Buffer,
): Promise<Buffer | null> {
  try {
    const copy = await readFile(file + suffix);
    return (await decompress(copy)).equals(body) ? copy : null;
  } catch {
    return null;
  }
}

export type StaticFilesOptions = {
  port: number;
  distDir: string;
  maxBytes?: number | undefined;
  now?: (() => number) | undefined;
  /** Told what each request for a build file found (site-server.ts counts them). */
  onLookup?: ((found: KeptLookup) => void) | undefined;
};

/**
 * Serves a kept build file and returns true, or returns false to leave the request to Next; `wire` is the same
 * for the connection front.
 */
export type StaticFiles = ((req: KeptRequest, res: ServerResponse) => boolean) & {
  wire(req: KeptRequest): WireAnswer | null;
};

export function createStaticFiles(options: StaticFilesOptions): StaticFiles {
  const fillToken = randomUUID();
  const now = options.now ?? Date.now;
  const onLookup = options.onLookup ?? (() => {});
  const staticDir = path.resolve(options.distDir, 'static');
  const entries = createKeptStore<KeptAnswer>(options.maxBytes ?? 64 * 1024 * 1024, now);
  /** Paths Next answered with anything but a kept file (a 404 most of all): re-checked hourly. */
  const passThrough = new Map<string, number>();

  /** The path of a build file, or null to leave the request to Next. */
  function keyOf(req: KeptRequest): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url || '/';
    if (!url.startsWith(PREFIX)) return null;
    const h = req.headers;
    if (h['x-cirrus-fill'] !== undefined || h.range !== undefined) return null;
    const query = url.indexOf('?');
    const key = query === -1 ? url : url.slice(0, query);
    // Escapes and dot segments are Next's to resolve (or refuse); the build's own names have neither.
    if (key.includes('%') || key.includes('/.') || key.includes('\\')) return null;
    const until = passThrough.get(key);
    if (until !== undefined) {
      if (until > now()) return null;
      passThrough.delete(key);
    }
    return key;
  }

  function leaveToNext(key: string): null {
    if (passThrough.size >= MAX_PASS_THROUGH) passThrough.clear();
    passThrough.set(key, now() + 3_600_000);
    return null;
  }

  async function fill(key: string): Promise<KeptAnswer | null> {
    // A path with no file of the build behind it is Next's 404: not worth asking Next a second time.
    const file = path.join(staticDir, key.slice(PREFIX.length));
    if (!file.startsWith(staticDir + path.sep) || !(await isFile(file))) return leaveToNext(key);
    const { res, body } = await askNext({
      port: options.port,
      path: key,
      headers: { 'x-cirrus-fill': fillToken },
      maxBytes: MAX_FILE_BYTES,
    });
    if (res.statusCode !== 200 || !body || !/immutable/.test(String(res.headers['cache-control'] || ''))) {
      return leaveToNext(key);
    }
    const parts: KeptParts = {
      headers: keptHeaders(res),
      identity: body,
      // Strong, from the body itself: Next's own tag is weak (size and time), and a compressed copy needs a strong one.
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      marker: 'X-Static-Cache',
      states: ['hit'],
    };
    if (COMPRESSIBLE.test(String(res.headers['content-type'] || ''))) {
      const [br, gz] = await Promise.all([
        precompressed(file, '.br', brotliDecompress, body),
        precompressed(file, '.gz', gunzip, body),
      ]);
      Object.assign(parts, br && gz ? { br, gzip: gz } : await compress(body));
    }
    const entry = keptAnswer(parts);
    entries.set(key, entry);
    return entry;
  }

  const refill = singleFlight(fill);

  /** Serves a kept build file and returns true, or returns false to leave the request to Next (which answers
   * every first request of a file while its copy is made beside it). */
  function handle(req: KeptRequest, res: ServerResponse): boolean {
    const key = keyOf(req);
    if (key === null) return false;
    const entry = entries.get(key);
    if (!entry) {
      onLookup('miss');
      refill(key).catch(() => {});
      return false;
    }
    onLookup('hit');
    sendKept(req, res, entry, 'hit');
    return true;
  }

  /**
   * The kept file for the request as bytes, or null to leave it to `handle` (for http-front.ts), which then
   * tells the miss.
   */
  function wire(req: KeptRequest): WireAnswer | null {
    const key = keyOf(req);
    const entry = key === null ? undefined : entries.get(key);
    if (!entry) return null;
    onLookup('hit');
    return wireKept(req, entry, 'hit');
  }
  return Object.assign(handle, { wire });
}
