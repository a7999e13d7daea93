import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '@/lib/locales';
import { markdownSections } from '@/lib/markdown';
import type { Database } from '../db/client';
import { fillVocabularyReadings, vocabularyReadings } from './readings';
import { isVocabularyWord, searchConfig, textWords } from './text';

/*
 * Keeps the search index (search_documents) and its vocabulary (search_terms) in step with the texts, in the
 * caller's transaction (docs/decisions/046-search.md). Every path that writes doc_article_translations or
 * announcement_translations calls indexArticles or indexAnnouncements after writing; healSearchIndex, run at
 * every start, indexes what was written behind the application's back (psql, an old version).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction: anything that can run a statement. */
export type Executor = Pick<Database, 'execute'>;

/**
 * Bumped when the words or weights of the index change: every row's hash then differs and the next start
 * indexes everything again.
 */
const INDEX_VERSION = 'search-3';

/** The first key of the per-document locks taken while indexing. */
const INDEX_LOCK = 7_424_046;

/** The longest text indexed per document; PostgreSQL's positions stop at 16,383 anyway. */
const MAX_INDEXED_CHARACTERS = 100_000;

// The hash of what a row's index entry was made from, computed by PostgreSQL both when indexing and when looking
// for stale entries, so the two can never disagree.
const articleHash = sql.raw(`md5('${INDEX_VERSION}' || chr(1) || t.title || chr(1) || t.summary || chr(1) || t.body)`);
const announcementHash = sql.raw(
  `md5('${INDEX_VERSION}' || chr(1) || t.title || chr(1) || t.body || chr(1) || extract(epoch from a.published_at)::text)`,
);

export type SearchSource = {
  kind: 'article' | 'announcement';
  ref: string;
  locale: Locale;
  title: string;
  summary: string;
  body: string;
  publishedAt: string | null;
  hash: string;
};

/** The weighted texts and distinct words of a document: title (A), summary and headings (B), body (C). */
export function documentWords(source: Pick<SearchSource, 'locale' | 'title' | 'summary' | 'body'>) {
  const { locale } = source;
  const sections = markdownSections(source.body.slice(0, MAX_INDEXED_CHARACTERS));
  const title = textWords(source.title, locale);
  const summary = textWords([source.summary, ...sections.map((s) => s.heading)].join('\n'), locale);
  const body = textWords(sections.map((s) => s.text).join('\n'), locale);
  const words = [...new Set([...title, ...summary, ...body])].filter(isVocabularyWord).sort();
  const bodyText = sections
    .flatMap((s) => [s.heading, s.text])
    .filter(Boolean)
    .join('\n');
  return { a: title.join(' '), b: summary.join(' '), c: body.join(' '), words, bodyText };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

async function readSources(db: Executor, kind: SearchSource['kind'], refs: string[]): Promise<SearchSource[]> {
  const list = JSON.stringify(refs);
  const query: SQL =
    kind === 'article'
      ? sql`select t.slug as ref, t.locale, t.title, t.summary, t.body, null as published_at, ${articleHash} as hash
          from doc_article_translations t
          where t.slug in (select json_array_elements_text(${list}::json))`
      : sql`select t.announcement_id::text as ref, t.locale, t.title, '' as summary, t.body,
            a.published_at, ${announcementHash} as hash
          from announcement_translations t join announcements a on a.id = t.announcement_id
          where t.announcement_id in (select json_array_elements_text(${list}::json)::int)`;
  return rowsOf(await db.execute(query)).map((r) => ({
    kind,
    ref: String(r.ref),
    locale: r.locale as Locale,
    title: String(r.title),
    summary: String(r.summary),
    body: String(r.body),
    publishedAt: r.published_at ? new Date(r.published_at as string).toISOString() : null,
    hash: String(r.hash),
  }));
}

const keyOf = (kind: string, ref: string, locale: string) => `${kind}\u0001${ref}\u0001${locale}`;

/**
 * Indexes the given documents (every language of each) as their texts are now: new and changed ones are
 * (re)written, ones whose text is gone are removed, and the vocabulary's counts follow.
 */
async function indexDocuments(db: Executor, kind: SearchSource['kind'], refs: string[]): Promise<number> {
  const unique = [...new Set(refs)].sort();
  if (unique.length === 0) return 0;
  // One writer per document at a time (a save and the start-up heal, two instances healing together), so the
  // vocabulary's counts are never raised twice for the same change; in sorted order, so two batches cannot deadlock.
  await db.execute(sql`select pg_advisory_xact_lock(${INDEX_LOCK}, hashtext(${kind} || x))
    from json_array_elements_text(${JSON.stringify(unique)}::json) as x order by x`);
  const sources = await readSources(db, kind, unique);
  const existing = rowsOf(
    await db.execute(sql`select ref, locale, source_hash, words from search_documents
      where kind = ${kind} and ref in (select json_array_elements_text(${JSON.stringify(unique)}::json))`),
  );
  const before = new Map(existing.map((r) => [keyOf(kind, String(r.ref), String(r.locale)), r]));
  const delta = new Map<string, number>();
  const count = (locale: string, words: string[], by: number) => {
    for (const w of words) {
      const k = `${locale}\u0001${w}`;
      delta.set(k, (delta.get(k) ?? 0) + by);
    }
  };

  const upserts: Row[] = [];
  for (const s of sources) {
    const key = keyOf(kind, s.ref, s.locale);
    const old = before.get(key);
    before.delete(key);
    if (old && old.source_hash === s.hash) continue;
    const prepared = documentWords(s);
    if (old) count(s.locale, old.words as string[], -1);
    count(s.locale, prepared.words, 1);
    upserts.push({
      kind,
      ref: s.ref,
      locale: s.locale,
      config: searchConfig(s.locale),
      title: s.title,
      summary: s.summary,
      body_text: prepared.bodyText,
      published_at: s.publishedAt,
      words: prepared.words,
      hash: s.hash,
      a: prepared.a,
      b: prepared.b,
      c: prepared.c,
    });
  }
  const gone = [...before.values()];
  for (const r of gone) count(String(r.locale), r.words as string[], -1);

  if (gone.length) {
    await db.execute(sql`delete from search_documents d
      using json_to_recordset(${JSON.stringify(gone.map((r) => ({ ref: r.ref, locale: r.locale })))}::json)
        as g(ref text, locale text)
      where d.kind = ${kind} and d.ref = g.ref and d.locale = g.locale`);
  }
  if (upserts.length) {
    await db.execute(sql`insert into search_documents
        (kind, ref, locale, title, summary, body_text, published_at, words, source_hash, document, title_document)
      select u.kind, u.ref, u.locale, u.title, u.summary, u.body_text, u.published_at, u.words, u.hash,
        setweight(to_tsvector(u.config::regconfig, u.a), 'A')
          || setweight(to_tsvector(u.config::regconfig, u.b), 'B')
          || setweight(to_tsvector(u.config::regconfig, u.c), 'C'),
        setweight(to_tsvector(u.config::regconfig, u.a), 'A')
      from json_to_recordset(${JSON.stringify(upserts)}::json) as u(kind text, ref text, locale text, config text,
        title text, summary text, body_text text, published_at timestamptz, words text[], hash text,
        a text, b text, c text)
      on conflict (kind, ref, locale) do update set
        title = excluded.title, summary = excluded.summary, body_text = excluded.body_text, published_at = excluded.published_at, words = excluded.words,
        source_hash = excluded.source_hash, document = excluded.document, title_document = excluded.title_document`);
  }
  await applyVocabulary(db, delta);
  return upserts.length + gone.length;
}

/** Adds the count changes to the vocabulary, in key order so concurrent saves lock its rows in the same order. */
async function applyVocabulary(db: Executor, delta: Map<string, number>): Promise<void> {
  const changes = [...delta]
    .filter(([, by]) => by !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, by]) => {
      const [locale = '', term = ''] = key.split('\u0001');
      const chars = Array.from(term);
      return { locale, term, by, initial: chars[0] ?? '', length: Math.min(chars.length, 32_767) };
    });
  if (changes.length === 0) return;
  const readings = await newWordReadings(db, changes);
  const json = JSON.stringify(
    changes.map((c) => ({ ...c, reading: readings.get(`${c.locale}\u0001${c.term}`) ?? null })),
  );
  await db.execute(sql`insert into search_terms (locale, term, document_count, initial, length, reading)
    select c.locale, c.term, c.by, c.initial, c.length, c.reading
    from json_to_recordset(${json}::json)
      as c(locale text, term text, by int, initial text, length smallint, reading text)
    order by c.locale, c.term
    on conflict (locale, term) do update set document_count = search_terms.document_count + excluded.document_count,
      reading = coalesce(search_terms.reading, excluded.reading)`);
  if (changes.some((c) => c.by < 0)) {
    await db.execute(sql`delete from search_terms s
      using json_to_recordset(${json}::json) as c(locale text, term text, by int)
      where c.by < 0 and s.locale = c.locale and s.term = c.term and s.document_count <= 0`);
  }
}

/**
 * The readings of the words a change adds that the vocabulary does not hold with a reading yet
 * (docs/decisions/059-readings.md): the words already there keep theirs, so the dictionary is read only for new ones.
 */
async function newWordReadings(
  db: Executor,
  changes: { locale: string; term: string; by: number }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const added = changes.filter((c) => c.by > 0);
  if (added.length === 0) return out;
  const known = new Set(
    rowsOf(
      await db.execute(sql`select s.locale, s.term from search_terms s
        join json_to_recordset(${JSON.stringify(added.map((c) => ({ locale: c.locale, term: c.term })))}::json)
          as c(locale text, term text) on s.locale = c.locale and s.term = c.term
        where s.reading is not null`),
    ).map((r) => `${r.locale}\u0001${r.term}`),
  );
  for (const locale of LOCALES) {
    const words = added.filter((c) => c.locale === locale && !known.has(`${locale}\u0001${c.term}`)).map((c) => c.term);
    if (words.length === 0) continue;
    for (const [term, reading] of await vocabularyReadings(locale, words)) out.set(`${locale}\u0001${term}`, reading);
  }
  return out;
}

/** Indexes these articles (all their languages) in the caller's transaction, as their texts are now. */
export function indexArticles(tx: Tx | Executor, slugs: string[]): Promise<number> {
  return indexDocuments(tx, 'article', slugs);
}

/** Indexes these announcements (all their languages) in the caller's transaction; a deleted one leaves the index. */
export function indexAnnouncements(tx: Tx | Executor, ids: number[]): Promise<number> {
  return indexDocuments(
    tx,
    'announcement',
    ids.map((id) => String(id)),
  );
}

/** Documents are indexed this many at a time, each batch in its own transaction. */
const HEAL_BATCH = 500;

/**
 * Indexes every document whose index entry is missing or stale (its text or publication time was changed
 * outside the application) and removes entries whose text is gone. Cheap when nothing changed: one pass
 * comparing hashes. Returns how many index rows were written or removed.
 */
export async function healSearchIndex(db: Database): Promise<number> {
  const stale = rowsOf(
    await db.execute(sql`
      select 'article' as kind, t.slug as ref from doc_article_translations t
        left join search_documents d on d.kind = 'article' and d.ref = t.slug and d.locale = t.locale
        where d.ref is null or d.source_hash <> ${articleHash}
      union
      select 'announcement', t.announcement_id::text from announcement_translations t
        join announcements a on a.id = t.announcement_id
        left join search_documents d
          on d.kind = 'announcement' and d.ref = t.announcement_id::text and d.locale = t.locale
        where d.ref is null or d.source_hash <> ${announcementHash}
      union
      select d.kind, d.ref from search_documents d
        where (d.kind = 'article' and not exists (select 1 from doc_article_translations t
            where t.slug = d.ref and t.locale = d.locale))
          or (d.kind = 'announcement' and not exists (select 1 from announcement_translations t
            where t.announcement_id::text = d.ref and t.locale = d.locale))`),
  );
  let written = 0;
  for (const kind of ['article', 'announcement'] as const) {
    const refs = stale.filter((r) => r.kind === kind).map((r) => String(r.ref));
    for (let i = 0; i < refs.length; i += HEAL_BATCH) {
      const batch = refs.slice(i, i + HEAL_BATCH);
      written += await db.transaction((tx) => indexDocuments(tx, kind, batch));
    }
  }
  // Words indexed before the vocabulary had readings get theirs (docs/decisions/059-readings.md).
  await fillVocabularyReadings(db);
  return written;
}
