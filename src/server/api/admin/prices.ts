import 'server-only';
import {
  pricePreview,
  pricePreviewAnswer,
  priceSnapshot,
  pricesOverviewAnswer,
  priceUpdate,
} from '@/lib/admin/prices-schemas';
import { changePriceNow } from '../../admin/prices/changes';
import { pricesOverview } from '../../admin/prices/overview';
import { previewPriceChange } from '../../admin/prices/preview';
import { apiRouter } from '../route';

/**
 * The prices screen's own routes (docs/product/back-office-prices.md): every price, a preview of a change and a
 * change made now. Every role reads, owners and managers change. Scheduled changes and currency rates are declared
 * resources (src/lib/admin/resources/prices/), with the schedule's and the rate history's routes in their binding.
 */
export const pricesRouter = apiRouter('Admin: prices')
  .route(
    {
      method: 'get',
      path: '/admin/prices',
      summary: 'Every price and exchange rate, each with its version',
      response: pricesOverviewAnswer,
      auth: 'staff',
      permission: 'readCommerce',
    },
    (c) => pricesOverview(c.get('db')),
  )
  .route(
    {
      method: 'post',
      path: '/admin/prices/preview',
      summary: 'What customers would pay before and after a change, in every currency, without making it',
      body: pricePreview,
      response: pricePreviewAnswer,
      errors: [404],
      auth: 'staff',
      permission: 'manageCommerce',
    },
    (c, { body }) => previewPriceChange(c.get('db'), body.change),
  )
  .route(
    {
      method: 'put',
      path: '/admin/prices',
      summary: 'Change a price now (with the version it was read at; 409 with the row as it is now)',
      body: priceUpdate,
      response: priceSnapshot,
      errors: [404, 409],
      auth: 'staff',
      permission: 'manageCommerce',
    },
    (c, { body }) => changePriceNow(c.get('db'), c.get('staff').id, body.change, body.version),
  );
