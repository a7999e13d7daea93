import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import { markdownText } from '@/lib/markdown';
import { isPublished } from '../api/announcements/queries';
import type { Database } from '../db/client';
import { announcements, announcementTranslations, docArticleTranslations } from '../db/schema';
import { bm25, countTerms, terms } from './retrieve';

/** A document that may answer a question: what the documentation search's `findDocuments` returns. */
export type FoundDocument = {
  kind: 'article' | 'announcement';
  id: string;
  /** Site path without the language prefix, e.g. `/doc/article/refund`. */
  path: string;
  title: string;
  summary: string;
  /** Raw Markdown. */
  body: string;
  rank: number;
};

type Indexed = Omit<FoundDocument, 'rank'> & { terms: Map<string, number>; length: number };
type Index = { docs: Indexed[]; df: Map<string, number>; avgLength: number; builtAt: number };

const CACHE_MS = 60_000;
const TITLE_WEIGHT = 3;
const indexes = new Map<Locale, Promise<Index>>();
const builtAt = new Map<Locale, number>();

async function buildIndex(db: Database, locale: Locale): Promise<Index> {
  const [articles, notices] = await Promise.all([
    db
      .select({
        slug: docArticleTranslations.slug,
        title: docArticleTranslations.title,
        summary: docArticleTranslations.summary,
        body: docArticleTranslations.body,
      })
      .from(docArticleTranslations)
      .where(eq(docArticleTranslations.locale, locale)),
    db
      .select({ id: announcements.id, title: announcementTranslations.title, body: announcementTranslations.body })
      .from(announcementTranslations)
      .innerJoin(announcements, eq(announcements.id, announcementTranslations.announcementId))
      .where(and(eq(announcementTranslations.locale, locale), isPublished())),
  ]);
  const docs: Indexed[] = [];
  const add = (doc: Omit<FoundDocument, 'rank'>) => {
    const counts = countTerms(terms(`${doc.summary} ${markdownText(doc.body)}`));
    countTerms(terms(doc.title), counts, TITLE_WEIGHT);
    let length = 0;
    for (const n of counts.values()) length += n;
    docs.push({ ...doc, terms: counts, length });
  };
  for (const a of articles) {
    add({
      kind: 'article',
      id: a.slug,
      path: `/doc/article/${a.slug}`,
      title: a.title,
      summary: a.summary,
      body: a.body,
    });
  }
  for (const n of notices) {
    const id = String(n.id);
    add({ kind: 'announcement', id, path: `/doc/announce/detail/${id}`, title: n.title, summary: '', body: n.body });
  }
  const df = new Map<string, number>();
  let total = 0;
  for (const d of docs) {
    total += d.length;
    for (const t of d.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { docs, df, avgLength: docs.length ? total / docs.length : 1, builtAt: Date.now() };
}

function indexFor(db: Database, locale: Locale): Promise<Index> {
  const cached = indexes.get(locale);
  if (cached && Date.now() - (builtAt.get(locale) ?? 0) < CACHE_MS) return cached;
  // Edited articles reach the helper within a minute. A stale index keeps answering while the next one is built
  // (one build at a time per language), so no question waits for every article to be read.
  builtAt.set(locale, Date.now());
  const building = buildIndex(db, locale);
  building.then(
    () => indexes.set(locale, building),
    () => builtAt.delete(locale),
  );
  if (cached) return cached;
  indexes.set(locale, building);
  building.catch(() => indexes.delete(locale));
  return building;
}

/**
 * The documents most likely to answer a question, best first: any of its words may match (BM25 over whole
 * documents, title words counting more). The one place the chat reads documents from (the documentation
 * search's `findDocuments` takes its place once merged). Passage ranking inside them is the caller's job.
 */
export async function candidateDocuments(
  db: Database,
  question: string,
  locale: Locale,
  limit: number,
): Promise<FoundDocument[]> {
  const index = await indexFor(db, locale);
  const wanted = [...new Set(terms(question))];
  if (wanted.length === 0) return [];
  const scored: FoundDocument[] = [];
  for (const d of index.docs) {
    let rank = bm25(wanted, d.terms, d.length, index);
    if (rank <= 0) continue;
    // Articles answer questions; announcements are news, so they rank a little lower at equal match.
    if (d.kind === 'announcement') rank *= 0.8;
    scored.push({ kind: d.kind, id: d.id, path: d.path, title: d.title, summary: d.summary, body: d.body, rank });
  }
  return scored.sort((a, b) => b.rank - a.rank).slice(0, limit);
}
