import 'server-only';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { documentPath, intentWeights, normalizeQuery } from './docs';
import { documentTexts, rankDocuments } from './rank';
import { queryWords } from './text';

export type FoundDocument = {
  kind: 'article' | 'announcement';
  id: string;
  /** Site path without the language prefix, e.g. `/doc/article/refund-policy` or `/doc/announce/detail/12`. */
  path: string;
  title: string;
  summary: string;
  /** The raw Markdown. */
  body: string;
  rank: number;
};

/**
 * The documents of a language that best answer a natural question, for the chat helper (docs/decisions/046-search.md):
 * any meaningful word of the question may match, documents holding more of them first, then title matches, then
 * relevance. Only published announcements. A question without meaningful words finds nothing.
 */
export async function findDocuments(
  db: Database,
  input: { text: string; locale: Locale; limit: number },
): Promise<FoundDocument[]> {
  const text = normalizeQuery(input.text);
  const { words, weights } = intentWeights(text, queryWords(text, input.locale), input.locale);
  const limit = Math.max(1, Math.min(50, Math.trunc(input.limit) || 1));
  const ranked = await rankDocuments(db, { locale: input.locale, words, every: false, limit, weights });
  if (ranked.length === 0) return [];
  const texts = await documentTexts(db, input.locale, ranked);
  return ranked.map((d) => {
    const text = texts.get(`${d.kind}:${d.ref}`) ?? { summary: '', body: '' };
    return {
      kind: d.kind,
      id: d.ref,
      path: documentPath(d.kind, d.ref),
      title: d.title,
      summary: text.summary,
      body: text.body,
      rank: d.score,
    };
  });
}
