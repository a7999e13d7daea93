import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, requestLocale } from '../context';
import { jsonBody } from '../input';
import { describeRoutes } from '../openapi/describe';
import { listRunningSales } from './queries';

const salesSearch = z.object({ language: z.string().max(16).optional() });

export const salesRouter = new Hono<AppEnv>();

// POST /api/home/activity/cvm/search - running VPS sales: sale and regular price, stock, end time
salesRouter.post('/home/activity/cvm/search', async (c) => {
  const { language } = await jsonBody(c, salesSearch);
  return c.json({ code: 2000, message: await listRunningSales(c.get('db'), requestLocale(c, language)) });
});

export const saleDocs = describeRoutes('Sales', [
  {
    method: 'post',
    path: '/home/activity/cvm/search',
    summary: 'Running VPS sales: sale and regular price, stock, end time',
    body: salesSearch,
  },
]);
