import 'server-only';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { env } from '@/env';
import { browserPath } from '@/lib/browser-path';
import { createKeptReads } from '@/server/api/api-front';
import { createApp } from '@/server/api/app';
import type { Readiness } from '@/server/api/context';
import { localRevalidateSecret, onLocalChange, watchRendering } from '@/server/changes/hooks';
import { ensureChangeListener } from '@/server/changes/listener';
import { getDb } from '@/server/db/client';
import { logEvent } from '@/server/log';
import { countKeptAnswer, observeApiRequest, observePageRequest } from '@/server/metrics/registry';
import { arrivalTime } from './arrival';
import { tagForCdn } from './cdn-tags';
import { clock } from './clock';
import * as contentSecurityPolicy from './content-security-policy';
import { withDependencyStatus } from './dependency-down-status';
import { createDocumentCache, type DocumentCache } from './document-cache';
import { varyByVisitor } from './document-vary';
import { createDrain, type Drain, type DrainResult } from './drain';
import { createHttpFront, type FrontRequest } from './http-front';
import type { KeptLookup, WireAnswer } from './kept-answers';
import { createDocumentPreparer } from './kept-document';
import { createNotFoundPages, type NotFoundPages } from './not-found-pages';
import { oneLocation } from './one-location';
import { routablePath } from './page-path';
import { clientOf, logAnswered, logWhenAnswered } from './request-log';
import { createStaticFiles } from './static-files';

/**
 * The production server behind `npm start`, the browser tests and the benchmark: one Node HTTP server where
 * `/api` goes straight to the Hono app (no Next.js request pipeline: the API is many times cheaper per request
 * this way, docs/decisions/010-api-fast-path.md), the build's files and prerendered documents come from memory
 * (decisions 012, 022), and everything else goes to Next's request handler. Started by main.ts
 * (docs/decisions/050-production-server-in-src.md).
 */

/** Which part of the server answered a request: the label a request is counted under. */
export type RequestRoute = 'api' | 'build-file' | 'document' | 'page';

/** Which fast path a kept copy was looked up in. */
export type KeptPath = 'document' | 'build-file';

/**
 * Every request, once it is answered: which part answered it, its status, and how long it took (ms, from its
 * arrival, arrival.ts, to the end of the answer).
 * The one place to count requests.
 */
function requestAnswered(route: RequestRoute, status: number, ms: number): void {
  // The API's own requests are counted by the app under their route pattern (src/server/api/app.ts).
  if (route !== 'api') observePageRequest(route, status, ms / 1000);
}

/**
 * Every lookup of a kept copy, once per request that could be kept: a hit, a stale copy served while Next is
 * asked again, or a miss (Next answers). The one place to count the fast paths' hits and misses.
 */
function keptLookup(path: KeptPath, found: KeptLookup): void {
  // A stale copy is still an answer from memory (its refill runs behind it): a hit for the visitor.
  countKeptAnswer(path, found !== 'miss');
}

/** The path of a kept API read, without its query: the label it is counted under. */
function apiReadRoute(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `/api` and below: the Hono app's, never Next's nor a kept answer's. */
function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The status of an answer written on the connection, read from its head (`HTTP/1.1 NNN`) without a copy. */
function wireStatus(answer: WireAnswer): number {
  const { head } = answer;
  return ((head[9] ?? 48) - 48) * 100 + ((head[10] ?? 48) - 48) * 10 + ((head[11] ?? 48) - 48);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A running site server: `stop` drains it (drain.ts) and resolves once its last connection closed. */
export type SiteServer = { stop(): Promise<DrainResult> };

/** Starts the server on PORT; resolves once it listens. main.ts stops it on SIGINT and SIGTERM. */
export async function startSiteServer(): Promise<SiteServer> {
  const port = Number(process.env.PORT || 3000);
  // Not 127.0.0.1: with localePrefix 'as-needed' that makes `/` redirect to itself.
  const nextApp = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();

  // This process's own listener on a loopback port no other worker shares (`exclusive`): the copies kept in
  // front of Next are asked of this process's Next, and so is the revalidation after an operator's change. On the
  // shared port another worker could answer, one whose Next has not yet dropped the old pages
  // (docs/decisions/040-changes-reach-every-instance.md). It serves the same handler as the public port.
  let handleOwn: Handler = (_req, res) => {
    res.writeHead(503).end();
  };
  const own = createServer((req, res) => handleOwn(req, res));
  own.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    own.once('error', reject);
    own.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve);
  });
  const fillPort = (own.address() as AddressInfo).port;

  const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
  // Kept documents load their scripts after the first paint and carry the build's stylesheet (decisions 018, 030).
  const prepareDocument = createDocumentPreparer(distDir);
  // Prerendered documents from memory, precompressed; DOCUMENT_CACHE=off leaves every page to Next.
  const serveDocument: DocumentCache =
    process.env.DOCUMENT_CACHE === 'off'
      ? Object.assign(() => false, { wire: () => null, drop: () => {} })
      : createDocumentCache({
          port,
          fillPort,
          now: clock,
          prepareDocument,
          onLookup: (found) => keptLookup('document', found),
        });
  // The build's scripts, styles and images from memory, precompressed (docs/decisions/022-build-files-fast-path.md).
  const serveStaticFile =
    process.env.STATIC_CACHE === 'off'
      ? Object.assign(() => false, { wire: () => null })
      : createStaticFiles({ port, now: clock, distDir, onLookup: (found) => keptLookup('build-file', found) });
  // 404 answers carry the prerendered 404 page, not Next's empty shell (docs/decisions/017-server-rendered-404.md).
  const notFoundPages = createNotFoundPages({ port, fillPort, browserPath, prepareDocument });

  // Readiness answers 503 until the 404 pages are in, so no 404 after start-up is Next's empty shell, and from the
  // moment the server begins to stop (drain.ts).
  let drain: Drain | undefined;
  const readiness = (): Readiness => (drain?.draining ? 'draining' : notFoundPages.isReady() ? 'ready' : 'starting');
  // The request log line is this server's, for every request alike (request-log.ts).
  const api = createApp({ db: getDb(), readiness, logRequests: false });
  const handleApi = getRequestListener(api.fetch);
  const answerKeptRead = createKeptReads(api);

  // Next's answer for a page: 503 rather than 500 when its render failed because the database was down.
  const handlePage = withDependencyStatus((req, res) => {
    oneLocation(res);
    varyByVisitor(req, res);
    tagForCdn(req, res);
    notFoundPages.watch(req, res);
    // A nonce for what Next renders now, the hashes of what it sends from its cache; after the 404 pages' hook
    // so that one can set the policy of the copy it writes (docs/decisions/032-content-security-policy.md).
    contentSecurityPolicy.watch(req, res);
    void handleNext(req, res);
  });

  // Requests under way in Next and when the last one ended: a render begun before an operator's change can only
  // come from one of them (an incremental regeneration outlives its request, by less than RENDER_WINDOW_MS).
  let inNext = 0;
  let lastInNext = 0;
  const RENDER_WINDOW_MS = 10_000;
  const watchedPage: Handler = (req, res) => {
    inNext += 1;
    res.once('close', () => {
      inNext -= 1;
      lastInNext = clock();
    });
    handlePage(req, res);
  };
  const mayBeRendering = () => inNext > 0 || clock() - lastInNext < RENDER_WINDOW_MS;

  /** Node's requests: every request but those the connection front answers. */
  const handle: Handler = (req, res) => {
    drain?.track(req, res);
    const url = req.url || '/';
    let route: RequestRoute = 'page';
    // Timed from the start of the loop's turn that read it, not from this callback (arrival.ts).
    logWhenAnswered(req, res, arrivalTime(), () => {
      const served = route === 'api' ? 'api' : route === 'page' ? 'rendered' : 'kept';
      return { served, answered: (status, ms) => requestAnswered(route, status, ms) };
    });
    if (isApi(url)) {
      route = 'api';
      void handleApi(req, res);
      return;
    }
    // A path Next cannot route (malformed escape, control character) is read literally: the site's 404 page.
    req.url = routablePath(url);
    if (serveStaticFile(req, res)) {
      route = 'build-file';
      return;
    }
    // A kept page may still be handed to Next after all (one rendered again after a change that Next would not
    // let us keep): then it counts as Next's.
    const toNext = () => {
      route = 'page';
      watchedPage(req, res);
    };
    if (!notFoundPages.isDirectRequest(req) && serveDocument(req, res, toNext)) {
      route = 'document';
      return;
    }
    watchedPage(req, res);
  };
  handleOwn = handle;

  /** The connection front's requests: kept answers written as bytes, or null to leave them to `handle`. */
  const answerOnConnection = (req: FrontRequest, peer: string | undefined, arrivedAt: number): WireAnswer | null => {
    const started = clock();
    let route: RequestRoute;
    let answer: WireAnswer | null;
    if (isApi(req.url)) {
      route = 'api';
      answer = answerKeptRead(req, started);
    } else {
      route = 'build-file';
      answer = serveStaticFile.wire(req);
      if (answer === null && !notFoundPages.isDirectRequest(req)) {
        route = 'document';
        answer = serveDocument.wire(req);
      }
    }
    if (answer !== null) {
      const status = wireStatus(answer);
      const ms = performance.now() - arrivedAt;
      if (route === 'api') {
        // A kept catalog read never reaches the app, so it is counted here, under its path: the kept reads are
        // a fixed handful of routes (docs/decisions/025-api-reads-on-the-connection.md).
        countKeptAnswer('api-read', true);
        observeApiRequest(req.method, apiReadRoute(req.url), status, ms / 1000);
      } else requestAnswered(route, status, ms);
      logAnswered({
        method: 'GET',
        path: req.url,
        status,
        durationMs: ms,
        bytes: answer.head.length + (answer.body?.length ?? 0),
        served: 'kept',
        client: clientOf(req.headers, peer),
        ...(answer.requestId ? { requestId: answer.requestId } : {}),
      });
    }
    return answer;
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 65_000;
  // Kept build files and kept documents (fresh, or stale with their refill started) are answered on the
  // connection, before Node's HTTP layer, in the handler's order (docs/decisions/024-connection-front.md), and
  // so are the API's kept catalog reads (docs/decisions/025-api-reads-on-the-connection.md); every other
  // request is the handler's above. HTTP_FRONT=off leaves every connection to Node.
  const front = process.env.HTTP_FRONT === 'off' ? null : createHttpFront(server, answerOnConnection);
  const { SHUTDOWN_GRACE_SECONDS, SHUTDOWN_DELAY_SECONDS } = env();
  const draining = createDrain({
    server,
    front,
    graceMs: SHUTDOWN_GRACE_SECONDS * 1000,
    delayMs: SHUTDOWN_DELAY_SECONDS * 1000,
  });
  drain = draining;
  await new Promise<void>((resolve) => server.listen(port, resolve));
  logEvent('info', 'listening', { port, pid: process.pid });
  void notFoundPages.start();
  listenForChanges({ port, fillPort, serveDocument, notFoundPages, mayBeRendering });

  return {
    async stop() {
      const result = await draining.stop();
      // The loopback port served this process's own fills and revalidations: nothing asks it any more.
      own.closeAllConnections();
      own.close();
      return result;
    },
  };
}

/**
 * Operators' changes, announced by the database (src/server/changes/listener.ts), reach this process's copies:
 * Next's page cache first (its revalidation route, asked on this process's own port with this process's key),
 * then the documents kept in front of it are dropped and the 404 pages fetched again. The API's read caches are
 * the listener's own to drop. docs/decisions/040-changes-reach-every-instance.md.
 */
function listenForChanges(server: {
  port: number;
  fillPort: number;
  serveDocument: DocumentCache;
  notFoundPages: NotFoundPages;
  mayBeRendering: () => boolean;
}): void {
  const url = env().DATABASE_URL;
  if (!url) return;
  const secret = localRevalidateSecret();
  watchRendering(server.mayBeRendering);
  onLocalChange('next', function revalidateNext() {
    return new Promise<void>((resolve, reject) => {
      const asked = request(
        {
          host: '127.0.0.1',
          port: server.fillPort,
          path: '/internal-revalidate',
          method: 'POST',
          headers: { host: `localhost:${server.port}`, 'x-cirrus-revalidate': secret, 'content-length': '0' },
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
    server.serveDocument.drop();
  });
  onLocalChange('copies', function refetchNotFoundPages() {
    server.notFoundPages.refresh();
  });
  ensureChangeListener(url);
}
