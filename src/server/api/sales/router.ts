import 'server-only';
import { z } from 'zod';
import { requestLocale } from '../context';
import { apiRouter } from '../route';
import { listRunningSales, saleAnswer } from './queries';

const salesSearch = z.object({ language: z.string().max(16).optional() });

export const salesRouter = apiRouter('Sales').route(
  {
    method: 'post',
    path: '/home/activity/cvm/search',
    summary: 'Running VPS sales: sale and regular price, stock, end time',
    body: salesSearch,
    response: z.array(saleAnswer),
  },
  (c, { body }) => listRunningSales(c.get('db'), requestLocale(c, body.language)),
);
