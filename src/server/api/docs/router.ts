import 'server-only';
import { z } from 'zod';
import { wholeNumber } from '@/lib/validation/numbers';
import { publicReader, requestLocale } from '../context';
import { apiRouter } from '../route';
import { docSearchResultAnswer, searchDocs } from './search';

/**
 * The query string of a documentation search. Any text is accepted and cut to the search's own limit rather
 * than refused, so the shell's search box never shows an error for a long or odd query (docs/decisions/011-doc-search.md).
 */
const searchQuery = z.object({
  q: z.string().default('').describe('search text; cut to 100 characters'),
  language: z.string().max(16).optional().describe('en, zh or ja (en-US, zh-CN, ja-JP accepted)'),
  limit: wholeNumber({ min: 1, max: 50 }).default(10),
});

// docs/product/validation.md#form-inputs, docs/decisions/011-doc-search.md
export const docsRouter = apiRouter('Documentation').route(
  {
    method: 'get',
    path: '/doc/search',
    summary: 'Articles and announcements of a language matching a query, best first',
    query: searchQuery,
    response: docSearchResultAnswer,
  },
  async (c, { query }) => {
    const result = await searchDocs(publicReader(c), {
      query: query.q.slice(0, 1000),
      locale: requestLocale(c, query.language),
      limit: query.limit,
    });
    c.header('cache-control', 'public, max-age=60');
    return result;
  },
);
