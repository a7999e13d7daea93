import 'server-only';
import { z } from 'zod';
import { LOCALES, type Locale } from '@/lib/locales';
import { parseWith, withoutControlCharacters } from '../api/input';
import { conceptsIn, SUBJECT_WORDS } from '../chat/lexicon';
import type { Database } from '../db/client';
import { type RankedDocument, rankDocuments } from './rank';
import { correctByReading } from './readings';
import { suggestWords } from './suggest';
import { MAX_QUERY_WORDS, queryWords } from './text';

/*
 * Documentation search (docs/decisions/046-search.md). The query is cut into the same words as the index
 * (src/server/search/text.ts) and looked up in search_documents through its GIN index: every word first; when
 * nothing holds them all, the query's typos are corrected from the index's vocabulary and that is tried; then
 * any word, ranked by how many it holds. Snippets are cut from the top hits' texts only.
 */

/** Longer queries are cut, not refused: a search box never errors. */
export const MAX_QUERY_LENGTH = 100;
const SNIPPET_BEFORE = 50;
const SNIPPET_LENGTH = 160;

export const searchDocsInput = z.object({
  query: z.string(),
  locale: z.enum(LOCALES),
  limit: z.number().int().min(1).max(50).default(20),
});

export const segmentAnswer = z.object({ text: z.string(), match: z.boolean() });
export type Segment = z.infer<typeof segmentAnswer>;
export const docSearchHitAnswer = z.object({
  kind: z.enum(['article', 'announcement']),
  id: z.string().describe('the slug of an article, the id of an announcement'),
  path: z.string().describe('the site path without the language prefix'),
  title: z.string(),
  titleSegments: z.array(segmentAnswer),
  snippet: z
    .array(segmentAnswer)
    .describe('text around the first match, split into matched and unmatched runs for <mark>'),
  publishedAt: z.iso.datetime().optional().describe('when an announcement was published'),
  score: z.number(),
});
export type DocSearchHit = z.infer<typeof docSearchHitAnswer>;
export const docSearchResultAnswer = z.object({
  query: z.string(),
  terms: z.array(z.string()).describe('the words searched (of `suggestion` when there is one)'),
  hits: z.array(docSearchHitAnswer),
  /** Set when the query found nothing and a corrected one did: the hits are this query's. */
  suggestion: z
    .string()
    .optional()
    .describe(
      'set when the query found nothing and a corrected one did: the hits are this query\'s ("Showing results for refund")',
    ),
});
export type DocSearchResult = z.infer<typeof docSearchResultAnswer>;

/** The query as searched: NFKC (full-width Latin becomes ASCII), control characters dropped, cut to 100 characters. */
export function normalizeQuery(raw: string): string {
  const cleaned = raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut by code point so an emoji is never split in half.
  return Array.from(cleaned).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern a word is marked with: English words by their stem, so "pricing" marks "prices" as the
 * stemmed index found them; Chinese and Japanese words as they are.
 */
function markPattern(word: string): string {
  if (/^[a-z]+$/.test(word)) {
    const stem = word.replace(/(?:ations?|ings?|ies|ied|ed|es|s|e|y)$/, '');
    return `(?<![\\p{L}\\p{N}])${escapeRegExp(stem.length >= 3 ? stem : word)}[\\p{L}\\p{N}]*`;
  }
  return escapeRegExp(word);
}

function termsRegExp(terms: string[]): RegExp {
  // Longest first, so "快照策略" is marked whole rather than as "快照".
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(markPattern).join('|'), 'giu');
}

/** Splits text into matched and unmatched runs. */
export function highlight(text: string, terms: string[]): Segment[] {
  if (terms.length === 0 || text === '') return text ? [{ text, match: false }] : [];
  const segments: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(termsRegExp(terms))) {
    const at = m.index ?? 0;
    if (m[0] === '') continue;
    if (at > last) segments.push({ text: text.slice(last, at), match: false });
    segments.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}

/**
 * Where the snippet is centred: the first place of the longest term the text holds (the whole "宽限期" rather
 * than an earlier lone "宽"), -1 when none.
 */
function firstMatch(text: string, terms: string[]): number {
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const at = text.search(termsRegExp([term]));
    if (at !== -1) return at;
  }
  return -1;
}

/**
 * What is marked in titles and snippets: the words searched, and the query's own runs of Chinese or Japanese
 * text, so "宽限期" is marked whole although it is searched as "宽" and "限期".
 */
function markTerms(query: string, words: string[]): string[] {
  const runs = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((run) => CJK.test(run) && Array.from(run).length > 1);
  return [...new Set([...runs, ...words])];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** About SNIPPET_LENGTH characters of text around the first match, with ellipses where cut. */
export function snippet(text: string, terms: string[]): Segment[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const first = firstMatch(flat, terms);
  let start = first <= SNIPPET_BEFORE ? 0 : first - SNIPPET_BEFORE;
  // Start at a word boundary in Latin text; CJK text has none to find.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  if (/[\udc00-\udfff]/.test(flat[start] ?? '')) start += 1;
  if (/[\ud800-\udbff]/.test(flat[end - 1] ?? '')) end -= 1;
  const segments = highlight(flat.slice(start, end), terms);
  if (start > 0) segments.unshift({ text: '… ', match: false });
  if (end < flat.length) segments.push({ text: ' …', match: false });
  return segments;
}

/** Site path of a document, without the language prefix. */
export function documentPath(kind: RankedDocument['kind'], ref: string): string {
  return kind === 'article' ? `/doc/article/${ref}` : `/doc/announce/detail/${ref}`;
}

/** Options tests and the benchmark use: `trigrams: false` runs "did you mean" as on a database without pg_trgm. */
export type SearchOptions = { trigrams?: boolean };

/**
 * The documents for a query's words: all words first, then (when nothing holds them all) corrected words,
 * then any word. `suggestion` is the corrected query when the hits are its.
 */
async function findHits(
  db: Database,
  locale: Locale,
  query: string,
  words: string[],
  limit: number,
  options: SearchOptions,
): Promise<{ words: string[]; documents: RankedDocument[]; suggestion?: string }> {
  const every = await rankDocuments(db, { locale, words, every: true, limit });
  if (every.length) return { words, documents: every };
  const corrections = await suggestWords(db, locale, words, options);
  if (corrections.size) {
    const corrected = words.map((w) => corrections.get(w) ?? w);
    const suggestion = correctQuery(query, corrections);
    const all = await rankDocuments(db, { locale, words: corrected, every: true, limit });
    if (all.length) return { words: corrected, documents: all, suggestion };
    if (corrected.length > 1) {
      const any = await rankDocuments(db, { locale, words: corrected, every: false, limit });
      if (any.length) return { words: corrected, documents: any, suggestion };
    }
    return { words, documents: [] };
  }
  if (words.length < 2) return { words, documents: [] };
  // Any word: the words naming what is asked, and the site's own word for it, weigh most.
  const { words: weighted, weights } = intentWeights(query, words, locale);
  return { words, documents: await rankDocuments(db, { locale, words: weighted, every: false, limit, weights }) };
}

/** How much a word of an intent counts against an incidental one. */
const INTENT_WEIGHT = 3;

/**
 * The query's words with the site's own word for each subject it names added ("money back" → refund), and the weights
 * that make those count more than incidental words (docs/decisions/058-chat-general.md).
 */
export function intentWeights(
  query: string,
  words: string[],
  locale: Locale,
): { words: string[]; weights: Map<string, number> } {
  const text = query.normalize('NFKC').toLowerCase();
  const weights = new Map<string, number>();
  const all = [...words];
  for (const concept of conceptsIn(text)) {
    const canonical = SUBJECT_WORDS[concept as keyof typeof SUBJECT_WORDS]?.[locale];
    if (!canonical) continue;
    for (const w of queryWords(canonical, locale)) {
      if (!all.includes(w)) all.push(w);
      weights.set(w, INTENT_WEIGHT);
    }
  }
  // The query's own words that name a subject count as much.
  for (const w of words) if (conceptsIn(w).size > 0 && !weights.has(w)) weights.set(w, INTENT_WEIGHT - 1);
  return { words: all.slice(0, MAX_QUERY_WORDS + 4), weights };
}

/**
 * The documents for a query whose words typed by their sound were read as words of the vocabulary: its words all,
 * then any of them; the answer shows the query as read ("Showing results for 返金"). Undefined when nothing holds
 * them, so the query is searched as typed.
 */
async function findReadHits(
  db: Database,
  locale: Locale,
  read: string,
  words: string[],
  limit: number,
): Promise<{ words: string[]; documents: RankedDocument[]; suggestion: string } | undefined> {
  const all = await rankDocuments(db, { locale, words, every: true, limit });
  if (all.length) return { words, documents: all, suggestion: read };
  if (words.length < 2) return undefined;
  const any = await rankDocuments(db, { locale, words, every: false, limit });
  return any.length ? { words, documents: any, suggestion: read } : undefined;
}

/** The query as typed with each corrected word replaced (case-insensitively), so the rest reads as typed. */
function correctQuery(query: string, corrections: Map<string, string>): string {
  let out = query.normalize('NFKC');
  for (const [typo, word] of corrections) {
    out = out.replace(new RegExp(escapeRegExp(typo), 'giu'), word);
  }
  return out;
}

/**
 * Searches the documentation articles and published announcements of one language. Any query is safe: it is
 * normalized, cut and split into words that are only ever parameters; a query without words returns no hits.
 * Used by the search page and GET /api/doc/search.
 */
export async function searchDocs(
  db: Database,
  input: { query: string; locale: Locale; limit?: number },
  options: SearchOptions = {},
): Promise<DocSearchResult> {
  // A query comes from a page path as well as from the API: control characters are noise there.
  const {
    query: raw,
    locale,
    limit,
  } = parseWith(searchDocsInput, {
    ...input,
    query: typeof input.query === 'string' ? withoutControlCharacters(input.query) : input.query,
  });
  const query = normalizeQuery(raw);
  const words = queryWords(query, locale);
  // Words typed by their sound (へんきん, henkin, 快招) are looked up by reading (docs/decisions/059-readings.md).
  const reading = await correctByReading(db, query.toLowerCase(), locale);
  const readWords = reading.replaced.size ? queryWords(reading.text, locale) : [];
  if (words.length === 0 && readWords.length === 0) return { query, terms: words, hits: [] };

  const found =
    (readWords.length ? await findReadHits(db, locale, reading.text, readWords, limit) : undefined) ??
    (await findHits(db, locale, query, words, limit, options));
  const marks = markTerms(found.suggestion ?? query, found.words);
  const hits = found.documents.map((d): DocSearchHit => {
    const plain = d.bodyText;
    const bodyHasMatch = termsRegExp(found.words).test(plain);
    return {
      kind: d.kind,
      id: d.ref,
      path: documentPath(d.kind, d.ref),
      title: d.title,
      titleSegments: highlight(d.title, marks),
      snippet: snippet(bodyHasMatch || !d.summary ? plain : d.summary, marks),
      ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}),
      score: d.score,
    };
  });
  return {
    query,
    terms: found.words,
    hits,
    ...(found.suggestion ? { suggestion: found.suggestion } : {}),
  };
}

/** A snippet as HTML for callers that emit markup (the chat helper): every run escaped, matches in <mark>. */
export function segmentsHtml(segments: Segment[]): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return segments.map((s) => (s.match ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text))).join('');
}
