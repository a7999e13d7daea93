import 'server-only';
import { Hono } from 'hono';
import { currentBuildId } from '../../build-info';
import { accountDocs } from '../accounts/router';
import { adminDocs } from '../admin/router';
import { announcementDocs } from '../announcements/router';
import { behaviorDocs } from '../behavior/router';
import { catalogDocs } from '../catalog/router';
import { chatDocs } from '../chat/router';
import { contentDocs } from '../content/router';
import type { AppEnv } from '../context';
import { couponDocs } from '../coupons/router';
import { docDocs } from '../docs/router';
import { domainDocs } from '../domains/router';
import { financeDocs } from '../finance/router';
import { liveDocs } from '../live/router';
import { metricsDocs } from '../metrics/router';
import { orderDocs } from '../orders/router';
import { pintuanDocs } from '../pintuan/router';
import { saleDocs } from '../sales/router';
import { siteDocs } from '../site/router';
import { describeRoutes, type TaggedRouteDoc } from './describe';
import { openApiDocument } from './document';

export const openApiDocs = describeRoutes('Operations', [
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This description of the API (OpenAPI 3.1)',
    description: 'The document itself, not the `{code, message}` envelope. Public and cacheable: it holds no secret.',
    raw: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document.' },
  },
]);

/** Every route of the API as described beside it (tests/api/openapi.test.ts checks none is missing). */
export function describedRoutes(): TaggedRouteDoc[] {
  return [
    ...siteDocs,
    ...financeDocs,
    ...announcementDocs,
    ...accountDocs,
    ...catalogDocs,
    ...domainDocs,
    ...orderDocs,
    ...saleDocs,
    ...behaviorDocs,
    ...couponDocs,
    ...docDocs,
    ...chatDocs,
    ...pintuanDocs,
    ...liveDocs,
    ...contentDocs,
    ...adminDocs,
    ...openApiDocs,
    ...metricsDocs,
  ];
}

let document: string | undefined;

export const openApiRouter = new Hono<AppEnv>();

openApiRouter.get('/openapi.json', (c) => {
  // The same routes give the same document: made once per process, on first ask.
  document ??= JSON.stringify(openApiDocument(describedRoutes(), { version: currentBuildId() }));
  return c.body(document, 200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
});
