import 'server-only';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { env } from '@/env';
import { apiTags, isShareable, tagHeaders } from '../cdn/tags';
import type { Database } from '../db/client';
import { RECENT_WRITE_COOKIE, readDatabase, readReplica, recentWriteSeconds } from '../db/replica';
import { isDependencyDown, RETRY_AFTER_SECONDS } from '../dependency-down';
import { logEvent, shouldLog } from '../log';
import { observeApiRequest } from '../metrics/registry';
import { fromDatabase, noteDatabaseError } from '../outage';
import { accountsRouter } from './accounts/router';
import { adminRouter } from './admin/router';
import { affiliateRouter } from './affiliate/router';
import { announcementsRouter } from './announcements/router';
import { behaviorRouter } from './behavior/router';
import { catalogRouter } from './catalog/router';
import { chatRouter } from './chat/router';
import { contentRouter } from './content/router';
import type { AppEnv, Readiness } from './context';
import { couponsRouter } from './coupons/router';
import { docsRouter } from './docs/router';
import { domainsRouter } from './domains/router';
import { ApiError, BusinessCode } from './errors';
import { financeRouter } from './finance/router';
import { liveRouter } from './live/router';
import { answerPrimaryFrom, metricsRouter } from './metrics/router';
import { openApiRouter } from './openapi/router';
import { ordersRouter } from './orders/router';
import { pintuanRouter } from './pintuan/router';
import { refuseControlCharactersInQuery, refuseCrossSiteWrites } from './request-guard';
import { salesRouter } from './sales/router';
import { siteRouter } from './site/router';

export const MAX_BODY_BYTES = 100 * 1024;
/** An answer that names no cache policy of its own is not kept anywhere. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/** One log line per API request, at `info`. */
export function logRequest(requestId: string, method: string, path: string, status: number, started: number) {
  if (!shouldLog('info')) return;
  logEvent('info', 'request', {
    requestId,
    method,
    path,
    status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  });
}

function envelope(error: ApiError) {
  return {
    ...error.extra,
    code: error.code,
    message: error.messageKey,
    ...(error.fields ? { fields: error.fields } : {}),
  };
}

/** Turns a route pattern (`/api/x/:id`) into a matcher, to tell 405 (path exists, other method) from 404. */
function patternMatcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s === '*' ? '.*' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * The pattern of the route that answers a request (`/api/admin/staff/:id`), for the metrics' route label: the last
 * matched entry that is not middleware (a kept read answered by its middleware still counts under its route).
 * `unmatched` for a path no route has (404, 405), so unknown URLs add no series.
 */
function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    if (route !== undefined && route.method !== 'ALL') return route.path;
  }
  return 'unmatched';
}

/** The visitor wrote within the last seconds (src/server/db/replica.ts RECENT_WRITE_COOKIE). */
function wroteRecently(c: Context): boolean {
  return getCookie(c, RECENT_WRITE_COOKIE) === '1';
}

/**
 * The one API app (docs/design.md#architecture), mounted once under /api by src/app/api/[[...route]]/route.ts.
 * Every answer is `{code, message}`; every failure goes through the single onError below.
 */
export function createApp(deps: {
  db: Database;
  /** The metrics token; omitted: METRICS_TOKEN of the configuration; null: the metrics endpoint is off. */
  metricsToken?: string | null;
  /**
   * Whether the server in front can take visitors (the production server: not until its 404 pages are in, nor once
   * it began to stop); `/api/health/ready` answers 503 otherwise. Omitted: always ready.
   */
  readiness?: () => Readiness;
  /** False when the server in front writes the request log line itself (src/server/http/request-log.ts). */
  logRequests?: boolean;
}) {
  const readiness = deps.readiness ?? (() => 'ready' as const);
  const logRequests = deps.logRequests ?? true;
  const app = new Hono<AppEnv>().basePath('/api');

  // What every answer gets; api-front.ts gives the kept reads it writes itself the same.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id') ?? crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('db', deps.db);
    // A replica of this app's own database (the tests make apps over other databases).
    const replica = readReplica()?.primary === deps.db ? readReplica() : undefined;
    c.set('readDb', replica ? readDatabase(deps.db, { afterOwnWrite: wroteRecently(c) }) : deps.db);
    c.set('readiness', readiness);
    await next();
    // A visitor's write: their next reads go to the primary while the replica may not hold it yet.
    if (replica && c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400 && !c.get('readOnly')) {
      setCookie(c, RECENT_WRITE_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: recentWriteSeconds(replica),
      });
    }
    c.header('x-request-id', requestId);
    const cacheControl = c.res.headers.get('cache-control') ?? DEFAULT_CACHE_CONTROL;
    c.header('cache-control', cacheControl);
    // A CDN may keep it: filed under the tags a change purges (docs/decisions/073-cdn-purge-by-tag.md).
    if (isShareable(cacheControl)) {
      for (const [name, value] of Object.entries(tagHeaders(apiTags(c.req.path)))) c.header(name, value);
    }
    c.header('x-content-type-options', 'nosniff');
    if (logRequests) logRequest(requestId, c.req.method, c.req.path, c.res.status, started);
    observeApiRequest(c.req.method, routePattern(c), c.res.status, (performance.now() - started) / 1000);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ code: BusinessCode.payloadTooLarge, message: 'api.payloadTooLarge' }, 413),
  });
  // GET and HEAD carry no body; skipping the check keeps the Node adapter's light request object (looking at
  // the body builds a full WHATWG Request per call, a fifth of a catalog read's CPU, docs/product/targets.md#pricing-and-orders).
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  // Before any handler reads a body (docs/decisions/034-hostile-input.md).
  app.use('*', refuseCrossSiteWrites());
  app.use('*', refuseControlCharactersInQuery());

  app.route('/', siteRouter.hono);
  app.route('/', financeRouter.hono);
  app.route('/', announcementsRouter.hono);
  app.route('/', accountsRouter.hono);
  app.route('/', affiliateRouter.hono);
  app.route('/', catalogRouter.hono);
  app.route('/', domainsRouter.hono);
  app.route('/', ordersRouter.hono);
  app.route('/', salesRouter.hono);
  app.route('/', behaviorRouter.hono);
  app.route('/', couponsRouter.hono);
  app.route('/', docsRouter.hono);
  app.route('/', chatRouter.hono);
  app.route('/', pintuanRouter.hono);
  app.route('/', liveRouter.hono);
  app.route('/', contentRouter.hono);
  app.route('/', adminRouter.hono);
  app.route('/', openApiRouter.hono);
  // The metrics route checks the token this app was made with (tests make apps with their own).
  const metricsToken =
    deps.metricsToken === undefined ? () => env().METRICS_TOKEN : () => deps.metricsToken ?? undefined;
  app.use('/metrics', async (c, next) => {
    c.set('metricsToken', metricsToken());
    await next();
  });
  app.route('/', metricsRouter.hono);
  answerPrimaryFrom(deps.db);

  const handlers = () =>
    app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, match: patternMatcher(r.path) }));
  let routeTable: ReturnType<typeof handlers> | undefined;

  app.notFound((c) => {
    routeTable ??= handlers();
    const allowed = [...new Set(routeTable.filter((r) => r.match.test(c.req.path)).map((r) => r.method))];
    if (allowed.length > 0) {
      if (allowed.includes('GET')) allowed.push('HEAD');
      return c.json({ code: BusinessCode.methodNotAllowed, message: 'api.methodNotAllowed' }, 405, {
        Allow: allowed.join(', '),
      });
    }
    return c.json({ code: BusinessCode.notFound, message: 'api.notFound' }, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(envelope(error), error.status as ContentfulStatusCode, error.headers);
    }
    // The database (or another dependency) is down, unreachable or read-only: the request may succeed later.
    if (isDependencyDown(error)) {
      // A database outage is logged once, with its end (src/server/outage.ts); each refused request has its line.
      if (fromDatabase(error)) noteDatabaseError(error, 'api');
      else
        logEvent('warn', 'dependency down', {
          requestId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          error: error instanceof Error ? String(error.cause ?? error.message) : String(error),
        });
      return c.json({ code: BusinessCode.dependencyDown, message: 'api.dependencyDown' }, 503, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    // Nothing about an unexpected failure leaks to the client; the log has it.
    logEvent('error', 'unhandled api error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json({ code: BusinessCode.internal, message: 'api.internal' }, 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
