import 'server-only';
import { z } from 'zod';
import { apiRouter } from '../route';
import { liveReads } from './cache';
import { liveMine, liveNumbers, liveNumbersAnswer } from './queries';

/** Both calls take no fields; an unknown one is refused rather than made into another key of the read cache. */
export const liveQuery = z.object({}).strict().describe('no fields');

export const liveRouter = apiRouter('Live numbers');

liveRouter.hono.use('/activity/live', liveReads);

liveRouter.route(
  {
    method: 'get',
    path: '/activity/live',
    summary: 'Stock of the coupons and sale items, seats of the joinable groups',
    query: liveQuery,
    response: liveNumbersAnswer,
  },
  async (c) => {
    const answer = { ...(await liveNumbers(c.get('db'))), mine: null };
    // A shared cache may keep it as briefly as this process does (live/cache.ts); a browser asks again each time,
    // so a reload right after someone's purchase is not answered from its own copy.
    c.header('cache-control', 'public, max-age=0, s-maxage=2');
    return answer;
  },
);

liveRouter.route(
  {
    method: 'get',
    path: '/activity/live/mine',
    summary: 'The same numbers read fresh, with what the signed-in visitor holds',
    auth: 'customer',
    query: liveQuery,
    response: liveNumbersAnswer,
  },
  async (c) => {
    const db = c.get('db');
    const [shared, mine] = await Promise.all([liveNumbers(db), liveMine(db, c.get('user').id)]);
    return { ...shared, mine };
  },
);
