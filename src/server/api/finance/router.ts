import 'server-only';
import { z } from 'zod';
import { noFields } from '../input';
import { apiRouter } from '../route';
import { currencyRateAnswer, listCurrencies } from './queries';

/** The currency list loaded at start-up (docs/product/api.md#orders, docs/design.md#api-contract). */
export const financeRouter = apiRouter('Finance').route(
  {
    method: 'post',
    path: '/finance/order-server/pay/getMoneyType',
    summary: 'The currencies prices are shown in, loaded at start-up',
    body: noFields,
    response: z.array(currencyRateAnswer),
  },
  (c) => listCurrencies(c.get('db')),
);
