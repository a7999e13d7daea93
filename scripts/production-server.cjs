/**
 * The production server behind `npm start` and the browser tests: one Node HTTP server where `/api` goes
 * straight to the Hono app (no Next.js request pipeline: the API is ~10x cheaper per request this way) and
 * everything else to Next's request handler. Plain CommonJS so it runs with `node`; the API's TypeScript is
 * loaded through tsx, and `server-only` (a bundler guard) resolves to an empty module here.
 */
// The fast paths' clock, taken before Next wraps Date.now to watch prerenders for reads of the time (a wrapper
// that looks up two async-local stores per call, on every kept answer).
const clock = Date.now;
const Module = require('node:module');
const path = require('node:path');
const { createServer } = require('node:http');

const emptyModule = path.join(__dirname, 'lib', 'empty.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  if (request === 'server-only') return emptyModule;
  return resolveFilename.call(this, request, ...rest);
};
require('tsx/cjs/api').register();

const next = require('next');
const { getRequestListener } = require('@hono/node-server');
const { createDocumentCache } = require('./lib/document-cache.cjs');
const { createStaticFiles } = require('./lib/static-files.cjs');
const { createNotFoundPages } = require('./lib/not-found-pages.cjs');
const { createDocumentPreparer } = require('./lib/kept-document.cjs');
const { varyByVisitor } = require('./lib/document-vary.cjs');
const contentSecurityPolicy = require('./lib/content-security-policy.cjs');
const { createHttpFront } = require('./lib/http-front.cjs');
const { routablePath } = require('./lib/page-path.cjs');
const { withDependencyStatus } = require('./lib/dependency-down-status.cjs');

/** `/api` and below: the Hono app's, never Next's nor a kept answer's. */
function isApi(url) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

async function main() {
  const port = Number(process.env.PORT || 3000);
  // Not 127.0.0.1: with localePrefix 'as-needed' that makes `/` redirect to itself (TOOLCHAIN.md).
  const nextApp = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();

  const { createApp } = require('../src/server/api/app.ts');
  const { getDb } = require('../src/server/db/client.ts');
  const api = createApp({ db: getDb() });
  const handleApi = getRequestListener(api.fetch);
  const { createKeptReads } = require('../src/server/api/api-front.ts');
  const answerKeptRead = createKeptReads(api);

  // This process's own listener on a loopback port no other worker shares (`exclusive`): the copies kept in
  // front of Next are asked of this process's Next, and so is the revalidation after an operator's change. On the
  // shared port another worker could answer, one whose Next has not yet dropped the old pages
  // (docs/decisions/040-changes-reach-every-instance.md). It serves the same handler as the public port.
  let handleOwn = (_req, res) => res.writeHead(503).end();
  const own = createServer((req, res) => handleOwn(req, res));
  own.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    own.once('error', reject);
    own.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve);
  });
  const fillPort = own.address().port;

  const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
  // Kept documents load their scripts after the first paint and carry the build's stylesheet (decisions 018, 030).
  const prepareDocument = createDocumentPreparer(distDir);
  // Prerendered documents from memory, precompressed (issue 9); DOCUMENT_CACHE=off leaves every page to Next.
  const serveDocument =
    process.env.DOCUMENT_CACHE === 'off'
      ? () => false
      : createDocumentCache({ port, fillPort, now: clock, prepareDocument });
  // The build's scripts, styles and images from memory, precompressed (docs/decisions/022-build-files-fast-path.md).
  const serveStaticFile =
    process.env.STATIC_CACHE === 'off' ? () => false : createStaticFiles({ port, now: clock, distDir });
  // 404 answers carry the prerendered 404 page, not Next's empty shell (docs/decisions/017-server-rendered-404.md).
  const { browserPath } = require('../src/lib/browser-path.ts');
  const notFoundPages = createNotFoundPages({ port, fillPort, browserPath, prepareDocument });

  // Next's answer for a page: 503 rather than 500 when its render failed because the database was down.
  const handlePage = withDependencyStatus((req, res) => {
    varyByVisitor(req, res);
    notFoundPages.watch(req, res);
    // A nonce for what Next renders now, the hashes of what it sends from its cache; after the 404 pages' hook
    // so that one can set the policy of the copy it writes (docs/decisions/032-content-security-policy.md).
    contentSecurityPolicy.watch(req, res);
    handleNext(req, res);
  });

  // Requests under way in Next and when the last one ended: a render begun before an operator's change can only
  // come from one of them (an incremental regeneration outlives its request, by less than RENDER_WINDOW_MS).
  let inNext = 0;
  let lastInNext = 0;
  const RENDER_WINDOW_MS = 10_000;
  const watchedPage = (req, res) => {
    inNext += 1;
    res.once('close', () => {
      inNext -= 1;
      lastInNext = clock();
    });
    handlePage(req, res);
  };
  const mayBeRendering = () => inNext > 0 || clock() - lastInNext < RENDER_WINDOW_MS;

  const handle = (req, res) => {
    const url = req.url || '/';
    if (isApi(url)) {
      // Health reports ready once the 404 pages are in, so no 404 after start-up is Next's empty shell.
      if (url === '/api/health') notFoundPages.ready.then(() => handleApi(req, res));
      else handleApi(req, res);
      return;
    }
    // A path Next cannot route (malformed escape, control character) is read literally: the site's 404 page.
    req.url = routablePath(url);
    if (serveStaticFile(req, res)) return;
    if (!notFoundPages.isDirectRequest(req) && serveDocument(req, res)) return;
    watchedPage(req, res);
  };
  handleOwn = handle;
  const server = createServer(handle);
  server.keepAliveTimeout = 65_000;
  // Kept build files and kept documents (fresh, or stale with their refill started) are answered on the
  // connection, before Node's HTTP layer, in the handler's order (docs/decisions/024-connection-front.md), and
  // so are the API's kept catalog reads (docs/decisions/025-api-reads-on-the-connection.md); every other
  // request is the handler's above. HTTP_FRONT=off leaves every connection to Node.
  const front =
    process.env.HTTP_FRONT === 'off'
      ? null
      : createHttpFront(server, (req) => {
          if (isApi(req.url)) return answerKeptRead(req, clock());
          const file = serveStaticFile.wire?.(req);
          if (file) return file;
          if (notFoundPages.isDirectRequest(req)) return null;
          return serveDocument.wire?.(req) ?? null;
        });
  server.listen(port, () => {
    console.log(`[cirrus] ready on http://localhost:${port}`);
    notFoundPages.start();
    listenForChanges({ port, fillPort, serveDocument, notFoundPages, mayBeRendering });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      front?.close();
      own.close();
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}

/**
 * Operators' changes, announced by the database (src/server/changes/listener.ts), reach this process's copies:
 * Next's page cache first (its revalidation route, asked on this process's own port with this process's key),
 * then the documents kept in front of it are dropped and the 404 pages fetched again. The API's read caches are
 * the listener's own to drop. docs/decisions/040-changes-reach-every-instance.md.
 */
function listenForChanges({ port, fillPort, serveDocument, notFoundPages, mayBeRendering }) {
  const { env } = require('../src/env.ts');
  const url = env().DATABASE_URL;
  if (!url) return;
  const { localRevalidateSecret, onLocalChange, watchRendering } = require('../src/server/changes/hooks.ts');
  const { ensureChangeListener } = require('../src/server/changes/listener.ts');
  const secret = localRevalidateSecret();
  watchRendering(mayBeRendering);
  onLocalChange('next', function revalidateNext() {
    return new Promise((resolve, reject) => {
      const asked = require('node:http').request(
        {
          host: '127.0.0.1',
          port: fillPort,
          path: '/internal-revalidate',
          method: 'POST',
          headers: { host: `localhost:${port}`, 'x-cirrus-revalidate': secret, 'content-length': '0' },
          agent: false,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          if (res.statusCode === 204) resolve();
          else reject(new Error(`revalidation answered ${res.statusCode}`));
        },
      );
      asked.on('timeout', () => asked.destroy(new Error('revalidation did not answer in 10 s')));
      asked.on('error', reject);
      asked.end();
    });
  });
  onLocalChange('copies', function dropDocuments() {
    serveDocument.drop?.();
  });
  onLocalChange('copies', function refetchNotFoundPages() {
    return notFoundPages.refresh();
  });
  ensureChangeListener(url);
}

/**
 * Worker processes: WEB_CONCURRENCY, else one per core. Node serves on one core per process, so one process
 * leaves the others idle (issue 9 compares with nginx, which runs a worker per core). The workers share the
 * port; everything they share otherwise lives in PostgreSQL (sessions, limits, outbox, group expiry), and
 * their background jobs are written to run on several instances at once.
 */
function workerCount() {
  const wanted = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(wanted) && wanted >= 1) return Math.min(wanted, 32);
  return require('node:os').availableParallelism();
}

function runPrimary(count) {
  const cluster = require('node:cluster');
  let stopping = false;
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i += 1) fork();
  console.log(`[cirrus] ${count} worker processes`);
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A worker that dies at once (a bad configuration, a port in use) would only die again: stop instead.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      console.error(`[cirrus] worker ${worker.process.pid} failed at start (${signal ?? code}); stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (alive === 0) process.exit(1);
      process.exitCode = 1;
      return;
    }
    console.error(`[cirrus] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      setTimeout(() => process.exit(0), 8_000).unref();
    });
  }
}

const cluster = require('node:cluster');
const count = workerCount();
if (cluster.isPrimary && count > 1) {
  runPrimary(count);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
