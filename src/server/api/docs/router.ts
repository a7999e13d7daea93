import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { wholeNumber } from '@/lib/validation/numbers';
import { type AppEnv, requestLocale } from '../context';
import { queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';
import { searchDocs } from './search';

/**
 * The query string of a documentation search. Any text is accepted and cut to the search's own limit rather
 * than refused, so the shell's search box never shows an error for a long or odd query (docs/decisions/011-doc-search.md).
 */
const searchQuery = z.object({
  q: z.string().default('').describe('search text; cut to 100 characters'),
  language: z.string().max(16).optional().describe('en, zh or ja (en-US, zh-CN, ja-JP accepted)'),
  limit: wholeNumber({ min: 1, max: 50 }).default(10),
});

export const docsRouter = new Hono<AppEnv>();

// GET /api/doc/search - articles and announcements of a language matching a query, best first (docs/product/validation.md#form-inputs, docs/decisions/011-doc-search.md)
docsRouter.get('/doc/search', async (c) => {
  const input = queryInput(c, searchQuery);
  const result = await searchDocs(c.get('db'), {
    query: input.q.slice(0, 1000),
    locale: requestLocale(c, input.language),
    limit: input.limit,
  });
  c.header('cache-control', 'public, max-age=60');
  return c.json({ code: 2000, message: result });
});

export const docDocs = describeRoutes('Documentation', [
  {
    method: 'get',
    path: '/doc/search',
    summary: 'Articles and announcements of a language matching a query, best first',
    query: searchQuery,
  },
]);
