import 'server-only';
import { z } from 'zod';
import { currentBuildId } from '../../build-info';
import { RETRY_AFTER_SECONDS } from '../../dependency-down';
import { type AppContext, publicReader, requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { apiRouter } from '../route';
import { databaseStatus, footerLinkAnswer, listFooterLinks } from './queries';

const footLinkQuery = z.object({ language: z.string().max(16).optional() });

export const siteRouter = apiRouter('Site');

const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'read-only']),
  buildId: z.string(),
});

/**
 * Whether this process should be sent visitors (docs/decisions/061-stopping-and-readiness.md): not while it starts
 * (its 404 pages not in yet) or stops (draining), nor while the database is down or lacks this build's migrations.
 * A read-only database is `degraded`: pages and reads are served, writes answer 503.
 */
async function ready(c: AppContext) {
  const readiness = c.get('readiness')();
  if (readiness !== 'ready') {
    throw new ApiError(BusinessCode.dependencyDown, readiness === 'draining' ? 'api.draining' : 'api.starting', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  const database = await databaseStatus(c.get('db'));
  if (database.state === 'down') {
    throw new ApiError(BusinessCode.dependencyDown, 'api.dependencyDown', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  if (!database.migrated) {
    throw new ApiError(BusinessCode.dependencyDown, 'api.migrationsPending', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  return {
    status: database.state === 'up' ? ('ok' as const) : ('degraded' as const),
    database: database.state,
    buildId: currentBuildId(),
  };
}

// What a balancer should probe before it sends visitors here (the README says which to use where).
siteRouter.route(
  {
    method: 'get',
    path: '/health/ready',
    summary:
      'Readiness: 200 when this process can serve (database reachable and migrated, its error pages in, not stopping; `degraded` while the database is read-only), 503 otherwise',
    response: healthAnswer,
  },
  (c) => ready(c),
);

// The same as /health/ready, kept for the balancers configured with it.
siteRouter.route(
  {
    method: 'get',
    path: '/health',
    summary: 'The same as /health/ready',
    response: healthAnswer,
  },
  (c) => ready(c),
);

// What an orchestrator should probe to restart a process that hangs: it asks nothing of the database.
siteRouter.route(
  {
    method: 'get',
    path: '/health/live',
    summary: 'Liveness: 200 while the process answers, whatever the database or a stop under way',
    response: z.object({ status: z.literal('live') }),
  },
  () => ({ status: 'live' as const }),
);

// docs/product/states.md#build-check
siteRouter.route(
  {
    method: 'get',
    path: '/build',
    summary: 'The id of the build being served; the shell reloads when it changes',
    response: z.object({ buildId: z.string() }),
  },
  () => ({ buildId: currentBuildId() }),
);

// docs/product/api.md#site-and-shell
siteRouter.route(
  {
    method: 'get',
    path: '/seniorManage/footLink/search',
    summary: 'Footer links',
    query: footLinkQuery,
    response: z.array(footerLinkAnswer),
  },
  async (c, { query }) => {
    const links = await listFooterLinks(publicReader(c), requestLocale(c, query.language));
    c.header('cache-control', 'public, max-age=60');
    return links;
  },
);
