import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentBuildId } from '../../build-info';
import { RETRY_AFTER_SECONDS } from '../../dependency-down';
import { type AppEnv, requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';
import { databaseStatus, listFooterLinks } from './queries';

const footLinkQuery = z.object({ language: z.string().max(16).optional() });

export const siteRouter = new Hono<AppEnv>();

// GET /api/health - 200 when the database answers (status `degraded` while it is read-only), 503 (5030) when not,
// or while the server is starting (its 404 pages not in yet: a balancer must not send visitors before)
siteRouter.get('/health', async (c) => {
  if (!c.get('readyToServe')()) {
    throw new ApiError(BusinessCode.dependencyDown, 'api.starting', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  const database = await databaseStatus(c.get('db'));
  if (database === 'down') {
    throw new ApiError(BusinessCode.dependencyDown, 'api.dependencyDown', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  const status = database === 'up' ? 'ok' : 'degraded';
  return c.json({ code: 2000, message: { status, database, buildId: currentBuildId() } });
});

// GET /api/build - the id of the build being served; the shell reloads when it changes (docs/product/states.md#build-check)
siteRouter.get('/build', (c) => c.json({ code: 2000, message: { buildId: currentBuildId() } }));

// GET /api/seniorManage/footLink/search - footer link list (docs/product/api.md#site-and-shell)
siteRouter.get('/seniorManage/footLink/search', async (c) => {
  const { language } = queryInput(c, footLinkQuery);
  const links = await listFooterLinks(c.get('db'), requestLocale(c, language));
  c.header('cache-control', 'public, max-age=60');
  return c.json({ code: 2000, message: links });
});

export const siteDocs = describeRoutes('Site', [
  {
    method: 'get',
    path: '/health',
    summary:
      'Health: 200 while the database answers (status `degraded` while it is read-only), 503 when not or while the server is starting',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.enum(['up', 'read-only']),
      buildId: z.string(),
    }),
  },
  {
    method: 'get',
    path: '/build',
    summary: 'The id of the build being served; the shell reloads when it changes',
    response: z.object({ buildId: z.string() }),
  },
  { method: 'get', path: '/seniorManage/footLink/search', summary: 'Footer links', query: footLinkQuery },
]);
