import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, requestLocale } from '../context';
import { jsonBody } from '../input';
import { listRunningSales } from './queries';

export const salesRouter = new Hono<AppEnv>();

// POST /api/home/activity/cvm/search - running VPS sales: sale and regular price, stock, end time
salesRouter.post('/home/activity/cvm/search', async (c) => {
  const { language } = await jsonBody(c, z.object({ language: z.string().max(16).optional() }));
  return c.json({ code: 2000, message: await listRunningSales(c.get('db'), requestLocale(c, language)) });
});
