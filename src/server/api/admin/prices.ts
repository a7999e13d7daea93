import 'server-only';
import { Hono } from 'hono';
import {
  currencyCode,
  pricePreview,
  priceSchedule,
  priceUpdate,
  rateUpdate,
  scheduledCancel,
  scheduledId,
  scheduledQuery,
} from '@/lib/admin/prices-schemas';
import { changePriceNow } from '../../admin/prices/changes';
import { pricesOverview } from '../../admin/prices/overview';
import { previewPriceChange } from '../../admin/prices/preview';
import { listRateHistory, updateRate } from '../../admin/prices/rates';
import { cancelScheduled, listScheduled, scheduleChange } from '../../admin/prices/scheduled';
import { requireStaff } from '../../admin/sessions';
import type { AppEnv } from '../context';
import { jsonBody, parseWith, queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';

/**
 * The prices screen's API (docs/product/back-office-prices.md): every role reads, owners and managers change.
 * A change is made now, or scheduled from a time and applied then by whichever instance gets to it first
 * (docs/decisions/042-scheduled-prices.md).
 */
export const pricesRoutes = new Hono<AppEnv>();

pricesRoutes.get('/admin/prices', requireStaff('readCommerce'), async (c) => {
  return c.json({ code: 2000, message: await pricesOverview(c.get('db')) });
});

pricesRoutes.post('/admin/prices/preview', requireStaff('manageCommerce'), async (c) => {
  const { change } = await jsonBody(c, pricePreview);
  return c.json({ code: 2000, message: await previewPriceChange(c.get('db'), change) });
});

pricesRoutes.put('/admin/prices', requireStaff('manageCommerce'), async (c) => {
  const { change, version } = await jsonBody(c, priceUpdate);
  return c.json({ code: 2000, message: await changePriceNow(c.get('db'), c.get('staff').id, change, version) });
});

pricesRoutes.get('/admin/prices/scheduled', requireStaff('readCommerce'), async (c) => {
  const query = queryInput(c, scheduledQuery);
  return c.json({ code: 2000, message: await listScheduled(c.get('db'), query) });
});

pricesRoutes.post('/admin/prices/scheduled', requireStaff('manageCommerce'), async (c) => {
  const input = await jsonBody(c, priceSchedule);
  return c.json({ code: 2000, message: await scheduleChange(c.get('db'), c.get('staff').id, input) });
});

pricesRoutes.post('/admin/prices/scheduled/:id/cancel', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(scheduledId, c.req.param());
  const { version } = await jsonBody(c, scheduledCancel);
  return c.json({ code: 2000, message: await cancelScheduled(c.get('db'), c.get('staff').id, id, version) });
});

pricesRoutes.get('/admin/prices/currencies/:code/history', requireStaff('readCommerce'), async (c) => {
  const { code } = parseWith(currencyCode, c.req.param());
  return c.json({ code: 2000, message: await listRateHistory(c.get('db'), code) });
});

pricesRoutes.put('/admin/prices/currencies/:code', requireStaff('manageCommerce'), async (c) => {
  const { code } = parseWith(currencyCode, c.req.param());
  const input = await jsonBody(c, rateUpdate);
  return c.json({ code: 2000, message: await updateRate(c.get('db'), c.get('staff').id, code, input) });
});

export const pricesDocs = describeRoutes('Admin: prices', [
  {
    method: 'get',
    path: '/admin/prices',
    summary: 'Every price and exchange rate',
    auth: 'staff',
    permission: 'readCommerce',
  },
  {
    method: 'post',
    path: '/admin/prices/preview',
    summary: 'What a price change would change, without making it',
    auth: 'staff',
    permission: 'manageCommerce',
    body: pricePreview,
  },
  {
    method: 'put',
    path: '/admin/prices',
    summary: 'Change a price now',
    auth: 'staff',
    permission: 'manageCommerce',
    body: priceUpdate,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/prices/scheduled',
    summary: 'Scheduled price changes',
    auth: 'staff',
    permission: 'readCommerce',
    query: scheduledQuery,
  },
  {
    method: 'post',
    path: '/admin/prices/scheduled',
    summary: 'Schedule a price change from a time (docs/decisions/042-scheduled-prices.md)',
    auth: 'staff',
    permission: 'manageCommerce',
    body: priceSchedule,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/prices/scheduled/:id/cancel',
    summary: 'Cancel a scheduled change not yet applied',
    auth: 'staff',
    permission: 'manageCommerce',
    params: scheduledId,
    body: scheduledCancel,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/prices/currencies/:code/history',
    summary: "A currency's exchange-rate history",
    auth: 'staff',
    permission: 'readCommerce',
    params: currencyCode,
    errors: [404],
  },
  {
    method: 'put',
    path: '/admin/prices/currencies/:code',
    summary: "Change a currency's exchange rate",
    auth: 'staff',
    permission: 'manageCommerce',
    params: currencyCode,
    body: rateUpdate,
    errors: [404, 409],
  },
]);
