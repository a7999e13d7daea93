import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireSession } from '../../auth/sessions';
import type { AppEnv } from '../context';
import { queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';
import { liveReads } from './cache';
import { type LiveNumbers, liveMine, liveNumbers } from './queries';

/** Both calls take no fields; an unknown one is refused rather than made into another key of the read cache. */
export const liveQuery = z.object({}).strict().describe('no fields');

export const liveRouter = new Hono<AppEnv>();

liveRouter.use('/activity/live', liveReads);

// GET /api/activity/live - stock of the coupons and sale items, seats of the joinable groups (the same for everyone)
liveRouter.get('/activity/live', async (c) => {
  queryInput(c, liveQuery);
  const answer: LiveNumbers = { ...(await liveNumbers(c.get('db'))), mine: null };
  // A shared cache may keep it as briefly as this process does (live/cache.ts); a browser asks again each time, so
  // a reload right after someone's purchase is not answered from its own copy.
  c.header('cache-control', 'public, max-age=0, s-maxage=2');
  return c.json({ code: 2000, message: answer });
});

// GET /api/activity/live/mine - the same numbers read fresh, with what the signed-in visitor already holds
liveRouter.get('/activity/live/mine', requireSession(), async (c) => {
  queryInput(c, liveQuery);
  const db = c.get('db');
  const [shared, mine] = await Promise.all([liveNumbers(db), liveMine(db, c.get('user').id)]);
  const answer: LiveNumbers = { ...shared, mine };
  return c.json({ code: 2000, message: answer });
});

export const liveDocs = describeRoutes('Live numbers', [
  {
    method: 'get',
    path: '/activity/live',
    summary: 'Stock of the coupons and sale items, seats of the joinable groups',
    query: liveQuery,
  },
  {
    method: 'get',
    path: '/activity/live/mine',
    summary: 'The same numbers read fresh, with what the signed-in visitor holds',
    auth: 'customer',
    query: liveQuery,
  },
]);
