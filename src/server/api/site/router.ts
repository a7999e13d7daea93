import 'server-only';
import { z } from 'zod';
import { currentBuildId } from '../../build-info';
import { RETRY_AFTER_SECONDS } from '../../dependency-down';
import { requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { apiRouter } from '../route';
import { databaseStatus, footerLinkAnswer, listFooterLinks } from './queries';

const footLinkQuery = z.object({ language: z.string().max(16).optional() });

export const siteRouter = apiRouter('Site');

// 503 while the server is starting too: its 404 pages are not in yet, and a balancer must not send visitors before.
siteRouter.route(
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
  async (c) => {
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
    return { status: database === 'up' ? ('ok' as const) : ('degraded' as const), database, buildId: currentBuildId() };
  },
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
    const links = await listFooterLinks(c.get('db'), requestLocale(c, query.language));
    c.header('cache-control', 'public, max-age=60');
    return links;
  },
);
