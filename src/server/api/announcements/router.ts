import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { LOCALES, parseLocale } from '@/lib/locales';
import { wholeNumber } from '@/lib/validation/numbers';
import type { AppEnv } from '../context';
import { requestLocale } from '../context';
import { jsonBody } from '../input';
import { describeRoutes } from '../openapi/describe';
import { listAnnouncements } from './queries';

const announceQuery = z.object({
  page: wholeNumber({ min: 1, max: 10_000 }).default(1),
  row: wholeNumber({ min: 1, max: 50 }).default(3),
  language: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseLocale(v) !== undefined, { message: 'api.field.invalid' })
    .describe(`one of ${LOCALES.join(', ')} (en-US, zh-CN, ja-JP accepted)`),
});

/**
 * docs/product/api.md#site-and-shell sends the request parameter as a JSON string. We accept that string as the body, the same
 * string under `param`, or a plain JSON object (docs/decisions/003-announcement-request.md).
 */
const announceRequest = z
  .union([
    z.string().transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'api.field.invalid' });
        return z.NEVER;
      }
    }),
    z.object({ param: z.string() }).transform((o, ctx) => {
      try {
        return JSON.parse(o.param) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'api.field.invalid', path: ['param'] });
        return z.NEVER;
      }
    }),
    z.looseObject({}),
  ])
  .pipe(announceQuery);

export const announcementsRouter = new Hono<AppEnv>();

// POST /api/finance/message/searchAnnounce - announcements of a language, newest first (docs/product/api.md#site-and-shell)
announcementsRouter.post('/finance/message/searchAnnounce', async (c) => {
  const input = await jsonBody(c, announceRequest);
  const { items, total } = await listAnnouncements(c.get('db'), {
    locale: requestLocale(c, input.language),
    page: input.page,
    row: input.row,
  });
  c.header('x-total-count', String(total));
  return c.json({ code: 2000, message: items });
});

export const announcementDocs = describeRoutes('Announcements', [
  {
    method: 'post',
    path: '/finance/message/searchAnnounce',
    summary: 'Announcements of a language, newest first; `x-total-count` holds the total',
    description:
      'The body is the query as a JSON string, the same string under `param`, or a plain object ' +
      '(docs/decisions/003-announcement-request.md).',
    body: announceRequest,
  },
]);
