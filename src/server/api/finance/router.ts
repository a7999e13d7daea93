import 'server-only';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { jsonBody, noFields } from '../input';
import { describeRoutes } from '../openapi/describe';
import { listCurrencies } from './queries';

export const financeRouter = new Hono<AppEnv>();

// POST /api/finance/order-server/pay/getMoneyType - the currency list loaded at start-up (docs/product/api.md#orders, docs/design.md#api-contract)
financeRouter.post('/finance/order-server/pay/getMoneyType', async (c) => {
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await listCurrencies(c.get('db')) });
});

export const financeDocs = describeRoutes('Finance', [
  {
    method: 'post',
    path: '/finance/order-server/pay/getMoneyType',
    summary: 'The currencies prices are shown in, loaded at start-up',
    body: noFields,
  },
]);
