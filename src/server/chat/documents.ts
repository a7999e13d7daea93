import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { docArticleTranslations } from '../db/schema';
import { documentPath } from '../search/docs';
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

/**
 * Articles of a language by slug, for a page another one points to ("the abuse policy explains how"): the pointing
 * sentence rarely holds the answer, the page it links does.
 */
export async function articlesBySlug(db: Database, locale: Locale, slugs: string[]): Promise<FoundDocument[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({
      slug: docArticleTranslations.slug,
      title: docArticleTranslations.title,
      summary: docArticleTranslations.summary,
      body: docArticleTranslations.body,
    })
    .from(docArticleTranslations)
    .where(and(eq(docArticleTranslations.locale, locale), inArray(docArticleTranslations.slug, slugs)));
  return rows.map((r) => ({ kind: 'article', id: r.slug, path: documentPath('article', r.slug), ...r, rank: 0 }));
}

const ARTICLE_LINK = /\[([^\]]+)\]\((?:\/(?:zh|ja))?\/doc\/article\/([a-z0-9-]+)\)/g;

/** The articles a Markdown body links to, by the link's text. */
export function articleLinks(body: string): { text: string; slug: string }[] {
  return [...body.matchAll(ARTICLE_LINK)].map((m) => ({ text: m[1] ?? '', slug: m[2] ?? '' }));
}
