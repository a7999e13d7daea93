import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { searchConfig } from './text';

/*
 * The ranked lookup in search_documents (docs/decisions/046-search.md): the GIN index finds the documents, then
 * they are ordered by how many of the words they hold (for "any word" queries), whether the title holds them,
 * and ts_rank_cd with the title weighing ten times the body.
 */

type Reader = Pick<Database, 'execute'>;
type Row = Record<string, unknown>;

export type RankedDocument = {
  kind: 'article' | 'announcement';
  ref: string;
  title: string;
  publishedAt: string | null;
  summary: string;
  /** The body as plain text. */
  bodyText: string;
  /**
   * Higher is better: ten points per query word held, three for an article, one per query word in the title,
   * plus ts_rank_cd scaled under one.
   */
  score: number;
};

/** Weights of D, C, B, A (PostgreSQL's order): body 0.1, summary and headings 0.4, title 1. */
const WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/**
 * Among documents holding as many of the words, an article outranks an announcement unless the announcement's
 * title holds more than three more of them: the documentation is the lasting answer, an announcement the news
 * of a change ("云硬盘价格" is the block-storage pricing article before the announcement of a price cut).
 */
const ARTICLE_BONUS = 3;
const KATAKANA_WORD = /^[\p{Script=Katakana}ー]{3,}$/u;
/** At most this many title matches, and this many other matches, are ranked per query. */
const CANDIDATES = 100;
/** ts_rank_cd normalization 32: rank / (rank + 1), so the relevance part stays under one point. */
const NORMALIZATION = 32;

export async function rankDocuments(
  db: Reader,
  input: {
    locale: Locale;
    words: string[];
    every: boolean;
    limit: number;
    /**
     * How much a word counts when held or in the title (1 unless given): a word naming what the query asks about
     * ("refund" for "money back") outweighs an incidental one ("first", "week"); docs/decisions/058-chat-general.md.
     */
    weights?: ReadonlyMap<string, number>;
  },
): Promise<RankedDocument[]> {
  const { locale, words, every, limit } = input;
  const weight = (w: string) => input.weights?.get(w) ?? 1;
  if (words.length === 0) return [];
  const config = searchConfig(locale);
  const one = (word: string): SQL =>
    KATAKANA_WORD.test(word)
      ? // A katakana word is also searched as the start of longer ones: "スナップショット" finds "スナップショットポリシー",
        // which the segmenter may keep as one word. The word holds only letters, so it cannot break out of its quotes.
        sql`to_tsquery('simple', quote_literal(${word}) || ':*')`
      : sql`plainto_tsquery(${config}::regconfig, ${word})`;
  const query = sql.join(words.map(one), every ? sql` && ` : sql` || `);
  const held = every
    ? sql`${words.reduce((sum, w) => sum + weight(w), 0)}::float4`
    : sql.join(
        words.map((w) => sql`(d.document @@ ${one(w)})::int * ${weight(w)}::float4`),
        sql` + `,
      );
  const inTitle = sql.join(
    words.map((w) => sql`(d.title_document @@ ${one(w)})::int * ${weight(w)}::float4`),
    sql` + `,
  );
  const published = sql`(d.kind = 'article' or d.published_at <= now())`;
  // Ranking reads every candidate's vector, so candidates are capped: documents whose title matches first (their
  // own small index), then others whose text matches. A word in thousands of documents ranks at most 2 × CAP.
  const result = await db.execute(sql`
    with ranked as (
      select d.kind, d.ref, d.title, d.published_at,
        ${held} * 10 + case when d.kind = 'article' then ${ARTICLE_BONUS}::int else 0 end + ${inTitle}
          + ts_rank_cd(${WEIGHTS}::float4[], d.document, ${query}, ${NORMALIZATION}) as score
      from (
        (select d.kind, d.ref, d.title, d.published_at, d.document, d.title_document from search_documents d
          where d.locale = ${locale} and d.title_document @@ (${query}) and ${published}
          limit ${CANDIDATES})
        union all
        (select d.kind, d.ref, d.title, d.published_at, d.document, d.title_document from search_documents d
          where d.locale = ${locale} and d.document @@ (${query}) and not d.title_document @@ (${query}) and ${published}
          limit ${CANDIDATES})
      ) d
      order by score desc, d.kind = 'article' desc, d.published_at desc nulls first, d.ref
      limit ${limit}
    )
    -- The texts of the hits only: reading them for every candidate would cost more than the ranking.
    select r.kind, r.ref, r.title, r.published_at, r.score, t.summary, t.body_text
    from ranked r
    join search_documents t on t.kind = r.kind and t.ref = r.ref and t.locale = ${locale}
    order by r.score desc, r.kind = 'article' desc, r.published_at desc nulls first, r.ref`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    kind: r.kind as RankedDocument['kind'],
    ref: String(r.ref),
    title: String(r.title),
    publishedAt: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    summary: String(r.summary),
    bodyText: String(r.body_text),
    score: Number(r.score),
  }));
}

/** The texts of ranked documents, for snippets and for the chat helper. */
export async function documentTexts(
  db: Reader,
  locale: Locale,
  documents: Pick<RankedDocument, 'kind' | 'ref'>[],
): Promise<Map<string, { summary: string; body: string }>> {
  const slugs = documents.filter((d) => d.kind === 'article').map((d) => d.ref);
  const ids = documents.filter((d) => d.kind === 'announcement').map((d) => d.ref);
  const texts = new Map<string, { summary: string; body: string }>();
  const [articles, announcements] = await Promise.all([
    slugs.length
      ? db.execute(sql`select slug as ref, summary, body from doc_article_translations
          where locale = ${locale} and slug in (select json_array_elements_text(${JSON.stringify(slugs)}::json))`)
      : undefined,
    ids.length
      ? db.execute(sql`select announcement_id::text as ref, '' as summary, body from announcement_translations
          where locale = ${locale}
            and announcement_id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::int)`)
      : undefined,
  ]);
  for (const [kind, result] of [
    ['article', articles],
    ['announcement', announcements],
  ] as const) {
    for (const r of (result as unknown as { rows: Row[] } | undefined)?.rows ?? []) {
      texts.set(`${kind}:${r.ref}`, { summary: String(r.summary), body: String(r.body) });
    }
  }
  return texts;
}
