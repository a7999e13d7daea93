/**
 * The fast path for the build's own files (issue 9, docs/decisions/022-build-files-fast-path.md): scripts,
 * styles and images under `/_next/static/`, which Next names by content hash and serves as immutable.
 *
 * Next answers each of them through its whole request pipeline and gzips the body anew for every request: the
 * 230 KB React DOM chunk cost ~12 ms of CPU per request (83 requests a second on one connection), and one first
 * visit of a page ~60–90 ms of server CPU, spent while the visitor's browser starts the page. Here each file is
 * asked of Next once, to keep Next's status and headers exactly (Content-Type, Cache-Control, the security
 * headers of next.config.ts), and then served from memory with brotli and gzip copies made once. The copies
 * come from the `.br` and `.gz` files the build step writes beside each file (precompress.ts), used only when
 * they decompress to the very body Next sent; otherwise they are made here.
 *
 * Only a 200 with `immutable` in its Cache-Control is kept, so a missing file (404) and anything Next ever
 * answers otherwise stays Next's. Range requests stay Next's too (it honours them; a copy here would not).
 */
const { createHash, randomUUID } = require('node:crypto');
const { readFile, stat } = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const kept = require('./kept-answers.cjs');

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

const PREFIX = '/_next/static/';
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_PASS_THROUGH = 10_000;
/** Bodies worth compressing; images and fonts under /_next/static are compressed formats already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;

async function isFile(file) {
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
async function precompressed(file, suffix, decompress, body) {
  try {
    const copy = await readFile(file + suffix);
    return (await decompress(copy)).equals(body) ? copy : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ port: number, distDir: string, maxBytes?: number, now?: () => number }} options
 */
function createStaticFiles(options) {
  const fillToken = randomUUID();
  const now = options.now ?? Date.now;
  const staticDir = path.resolve(options.distDir, 'static');
  const entries = kept.createKeptStore(options.maxBytes ?? 64 * 1024 * 1024, now);
  /** Paths Next answered with anything but a kept file (a 404 most of all): re-checked hourly. */
  const passThrough = new Map();

  /** The path of a build file, or null to leave the request to Next. */
  function keyOf(req) {
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

  function leaveToNext(key) {
    if (passThrough.size >= MAX_PASS_THROUGH) passThrough.clear();
    passThrough.set(key, now() + 3_600_000);
    return null;
  }

  async function fill(key) {
    // A path with no file of the build behind it is Next's 404: not worth asking Next a second time.
    const file = path.join(staticDir, key.slice(PREFIX.length));
    if (!file.startsWith(staticDir + path.sep) || !(await isFile(file))) return leaveToNext(key);
    const { res, body } = await kept.askNext({
      port: options.port,
      path: key,
      headers: { 'x-cirrus-fill': fillToken },
      maxBytes: MAX_FILE_BYTES,
    });
    if (res.statusCode !== 200 || !body || !/immutable/.test(String(res.headers['cache-control'] || ''))) {
      return leaveToNext(key);
    }
    const parts = {
      headers: kept.keptHeaders(res),
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
      Object.assign(parts, br && gz ? { br, gzip: gz } : await kept.compress(body));
    }
    const entry = kept.keptAnswer(parts);
    entries.set(key, entry);
    return entry;
  }

  const refill = kept.singleFlight(fill);

  /** Serves a kept build file and returns true, or returns false to leave the request to Next (which answers
   * every first request of a file while its copy is made beside it). */
  function handle(req, res) {
    const key = keyOf(req);
    if (key === null) return false;
    const entry = entries.get(key);
    if (!entry) {
      refill(key).catch(() => {});
      return false;
    }
    kept.sendKept(req, res, entry, 'hit');
    return true;
  }

  /** The kept file for the request as bytes, or null to leave it to `handle` (for http-front.cjs). */
  handle.wire = (req) => {
    const key = keyOf(req);
    const entry = key === null ? undefined : entries.get(key);
    return entry ? kept.wireKept(req, entry, 'hit') : null;
  };
  return handle;
}

module.exports = { createStaticFiles };
