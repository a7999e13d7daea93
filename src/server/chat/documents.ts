import 'server-only';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { type FoundDocument, findDocuments } from '../search/find-documents';

export type { FoundDocument };

/**
 * The documents most likely to answer a question, best first: the documentation search's own index, asked with
 * any-word semantics (docs/decisions/046-search.md), so the chat reads what the search pages read, and an edited
 * article is found by both at once. Passage ranking inside them is the caller's job (docs/decisions/047-chat-answers.md).
 */
export function candidateDocuments(
  db: Database,
  question: string,
  locale: Locale,
  limit: number,
): Promise<FoundDocument[]> {
  return findDocuments(db, { text: question, locale, limit });
}
