import 'server-only';
import { z } from 'zod';
import { LOCALES, parseLocale } from '@/lib/locales';
import { wholeNumber } from '@/lib/validation/numbers';
import { publicReader, requestLocale } from '../context';
import { apiRouter } from '../route';
import { announcementSummaryAnswer, listAnnouncements } from './queries';

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

export const announcementsRouter = apiRouter('Announcements').route(
  {
    method: 'post',
    path: '/finance/message/searchAnnounce',
    summary: 'Announcements of a language, newest first; `x-total-count` holds the total',
    description:
      'The body is the query as a JSON string, the same string under `param`, or a plain object ' +
      '(docs/decisions/003-announcement-request.md).',
    body: announceRequest,
    response: z.array(announcementSummaryAnswer),
  },
  async (c, { body }) => {
    const { items, total } = await listAnnouncements(publicReader(c), {
      locale: requestLocale(c, body.language),
      page: body.page,
      row: body.row,
    });
    c.header('x-total-count', String(total));
    return items;
  },
);
