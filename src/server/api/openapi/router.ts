import 'server-only';
import { currentBuildId } from '../../build-info';
import { accountsRouter } from '../accounts/router';
import { adminRouter } from '../admin/router';
import { affiliateRouter } from '../affiliate/router';
import { announcementsRouter } from '../announcements/router';
import { behaviorRouter } from '../behavior/router';
import { catalogRouter } from '../catalog/router';
import { chatRouter } from '../chat/router';
import { contentRouter } from '../content/router';
import { couponsRouter } from '../coupons/router';
import { docsRouter } from '../docs/router';
import { domainsRouter } from '../domains/router';
import { financeRouter } from '../finance/router';
import { liveRouter } from '../live/router';
import { metricsRouter } from '../metrics/router';
import { ordersRouter } from '../orders/router';
import { pintuanRouter } from '../pintuan/router';
import { apiRouter } from '../route';
import { salesRouter } from '../sales/router';
import { siteRouter } from '../site/router';
import type { TaggedRouteDoc } from './describe';
import { openApiDocument } from './document';

let document: string | undefined;

export const openApiRouter = apiRouter('Operations').route(
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This description of the API (OpenAPI 3.1)',
    description: 'The document itself, not the `{code, message}` envelope. Public and cacheable: it holds no secret.',
    raw: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document.' },
  },
  (c) => {
    // The same routes give the same document: made once per process, on first ask.
    document ??= JSON.stringify(openApiDocument(describedRoutes(), { version: currentBuildId() }));
    return c.body(document, 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
    });
  },
);

/** Every route of the API as declared (tests/api/openapi.test.ts checks none is missing). */
export function describedRoutes(): TaggedRouteDoc[] {
  return [
    ...siteRouter.docs,
    ...financeRouter.docs,
    ...announcementsRouter.docs,
    ...accountsRouter.docs,
    ...affiliateRouter.docs,
    ...catalogRouter.docs,
    ...domainsRouter.docs,
    ...ordersRouter.docs,
    ...salesRouter.docs,
    ...behaviorRouter.docs,
    ...couponsRouter.docs,
    ...docsRouter.docs,
    ...chatRouter.docs,
    ...pintuanRouter.docs,
    ...liveRouter.docs,
    ...contentRouter.docs,
    ...adminRouter.docs,
    ...openApiRouter.docs,
    ...metricsRouter.docs,
  ];
}
