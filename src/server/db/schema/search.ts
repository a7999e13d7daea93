import { customType, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, type DbLocale } from './common';

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The documentation search index (docs/decisions/046-search.md): one row per article translation and per
 * announcement translation, written by the application in the same transaction as the text it indexes
 * (src/server/search/indexer.ts), because Chinese and Japanese are cut into words by Intl.Segmenter, which
 * PostgreSQL cannot call. `sourceHash` is the hash of the indexed text as PostgreSQL computes it, so a row
 * edited behind the application's back is found stale and indexed again at the next start.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: text('kind').$type<'article' | 'announcement'>().notNull(),
    /** The article's slug or the announcement's id. */
    ref: text('ref').notNull(),
    locale: text('locale').$type<DbLocale>().notNull(),
    title: text('title').notNull(),
    /** An article's summary ('' for announcements) and the body as plain text: what snippets are cut from, so a
     * search never parses Markdown. */
    summary: text('summary').notNull(),
    bodyText: text('body_text').notNull(),
    /** An announcement's publication time (only published ones are found); null for articles. */
    publishedAt: at('published_at'),
    /** The distinct folded words of the text, kept so the vocabulary's counts can be lowered when it changes. */
    words: text('words').array().notNull(),
    sourceHash: text('source_hash').notNull(),
    /** Title weighted A, summary B, body C. */
    document: tsvector('document').notNull(),
    /**
     * The title alone: title matches are gathered through their own index before the body's, so a word in
     * thousands of bodies still ranks the documents titled with it (docs/decisions/046-search.md, "Ranking").
     */
    titleDocument: tsvector('title_document').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.ref, t.locale] }),
    index('search_documents_document_idx').using('gin', t.document),
    index('search_documents_title_idx').using('gin', t.titleDocument),
  ],
);

/**
 * The index's own vocabulary per language (folded words and how many documents hold them), the source of
 * "did you mean". `initial` and `length` let the fallback without pg_trgm read only words that could be a
 * small edit away; the trigram index on `term` is created by hand where pg_trgm exists.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    locale: text('locale').$type<DbLocale>().notNull(),
    term: text('term').notNull(),
    documentCount: integer('document_count').notNull(),
    initial: text('initial').notNull(),
    length: smallint('length').notNull(),
    /**
     * How the word is read, so a word typed by its sound finds it (docs/decisions/059-readings.md): katakana for
     * Japanese (返金 → ヘンキン, long vowels folded), toneless pinyin for Chinese (快照 → kuaizhao); '' when the word
     * has none (Latin words, English), null until the application has computed it.
     */
    reading: text('reading'),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.term] }),
    index('search_terms_initial_idx').on(t.locale, t.initial, t.length),
    index('search_terms_reading_idx').on(t.locale, t.reading),
  ],
);
