import 'server-only';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '@/lib/locales';
import { markdownText } from '@/lib/markdown';
import type { Database } from '../../db/client';
import { announcements, announcementTranslations, docArticleTranslations } from '../../db/schema';
import { isPublished } from '../announcements/queries';
import { parseWith, withoutControlCharacters } from '../input';

/*
 * Documentation search (issue 7; docs/decisions/011-doc-search.md). Articles and announcements of the
 * visitor's language are matched in PostgreSQL by case-insensitive substring (ILIKE with escaped patterns)
 * on every query term, then scored here on their plain text. Substring matching is what Chinese and
 * Japanese need, as they write words without spaces ("快照策略" is found inside "自动快照策略"), and it
 * needs no extension, tokenizer or index that a managed PostgreSQL might lack: the embedded 15.18 has
 * pg_trgm, but the site must run on any PostgreSQL. The data is read live, so an edited article is
 * searchable at once.
 */

/** Longer queries are cut, not refused (issue 7): a search box never errors. */
export const MAX_QUERY_LENGTH = 100;
/** More terms than this add nothing for a documentation search; extra ones are ignored. */
const MAX_TERMS = 8;
const SNIPPET_BEFORE = 50;
const SNIPPET_LENGTH = 160;

export const searchDocsInput = z.object({
  query: z.string(),
  locale: z.enum(LOCALES),
  limit: z.number().int().min(1).max(50).default(20),
});

export type Segment = { text: string; match: boolean };
export type DocSearchHit = {
  kind: 'article' | 'announcement';
  /** Slug of an article, id of an announcement. */
  id: string;
  /** Site path without the language prefix. */
  path: string;
  title: string;
  titleSegments: Segment[];
  /** Text around the first match, split into matched and unmatched runs for <mark>. */
  snippet: Segment[];
  /** ISO date of an announcement. */
  publishedAt?: string;
  score: number;
};
export type DocSearchResult = { query: string; terms: string[]; hits: DocSearchHit[] };

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

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

/**
 * Search terms of a normalized query: split at spaces, punctuation and symbols (so `%`, `_`, quotes and emoji
 * are separators, never patterns), lower-cased, without duplicates. A lone Latin letter or digit is dropped as
 * it would match everything; a lone CJK character is kept. English plurals are reduced ("servers" finds
 * "server").
 */
export function queryTerms(query: string, locale: Locale): string[] {
  const terms: string[] = [];
  for (const part of query.toLowerCase().split(/[\s\p{P}\p{S}]+/u)) {
    if (!part) continue;
    if (Array.from(part).length < 2 && !CJK_CHAR.test(part)) continue;
    const term = locale === 'en' && /^[a-z]{4,}s$/.test(part) && !part.endsWith('ss') ? part.slice(0, -1) : part;
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** An ILIKE pattern that matches the term literally anywhere (backslash is PostgreSQL's default escape). */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

function termsRegExp(terms: string[]): RegExp {
  // Longest first, so "快照策略" is marked whole rather than as "快照".
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
}

function countMatches(text: string, term: string): number {
  return text.match(termsRegExp([term]))?.length ?? 0;
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

/** About SNIPPET_LENGTH characters of text around the first match, with ellipses where cut. */
export function snippet(text: string, terms: string[]): Segment[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const first = terms.length ? flat.search(termsRegExp(terms)) : -1;
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

type Candidate = {
  kind: DocSearchHit['kind'];
  id: string;
  path: string;
  title: string;
  summary: string;
  text: string;
  publishedAt?: string;
};

/**
 * Ranks a candidate: a term in the title weighs more than any number of body matches, so title matches come
 * first; the summary next; body matches count up to 10 each. Undefined when a term is missing from the text
 * (it matched only Markdown syntax such as a link URL).
 */
function score(c: Candidate, terms: string[], query: string): number | undefined {
  const title = c.title.toLowerCase();
  let total = title.includes(query.toLowerCase()) && terms.length > 1 ? 50 : 0;
  for (const term of terms) {
    const inTitle = title.includes(term);
    const inSummary = c.summary.toLowerCase().includes(term);
    const inBody = countMatches(c.text, term);
    if (!inTitle && !inSummary && inBody === 0) return undefined;
    total += (inTitle ? 100 : 0) + (inSummary ? 20 : 0) + Math.min(inBody, 10);
  }
  return total;
}

/**
 * Searches the documentation articles and announcements of one language (issue 7). Any query is safe: it is
 * normalized, cut and split into literal terms; a query without terms returns no hits. Used by the search
 * page, GET /api/doc/search and the chat helper.
 */
export async function searchDocs(
  db: Database,
  input: { query: string; locale: Locale; limit?: number },
): Promise<DocSearchResult> {
  // A query comes from a page path or a chat question as well as from the API: control characters are noise there.
  const {
    query: raw,
    locale,
    limit,
  } = parseWith(searchDocsInput, {
    ...input,
    query: typeof input.query === 'string' ? withoutControlCharacters(input.query) : input.query,
  });
  const query = normalizeQuery(raw);
  const terms = queryTerms(query, locale);
  if (terms.length === 0) return { query, terms, hits: [] };

  const allTerms = (haystack: SQL) => and(...terms.map((term) => sql`${haystack} ilike ${containsPattern(term)}`));
  const [articleRows, announcementRows] = await Promise.all([
    db
      .select({
        slug: docArticleTranslations.slug,
        title: docArticleTranslations.title,
        summary: docArticleTranslations.summary,
        body: docArticleTranslations.body,
      })
      .from(docArticleTranslations)
      .where(
        and(
          eq(docArticleTranslations.locale, locale),
          allTerms(
            sql`(${docArticleTranslations.title} || ' ' || ${docArticleTranslations.summary} || ' ' || ${docArticleTranslations.body})`,
          ),
        ),
      ),
    db
      .select({
        id: announcements.id,
        publishedAt: announcements.publishedAt,
        title: announcementTranslations.title,
        body: announcementTranslations.body,
      })
      .from(announcementTranslations)
      .innerJoin(announcements, eq(announcements.id, announcementTranslations.announcementId))
      .where(
        and(
          eq(announcementTranslations.locale, locale),
          isPublished(),
          allTerms(sql`(${announcementTranslations.title} || ' ' || ${announcementTranslations.body})`),
        ),
      ),
  ]);

  const candidates: Candidate[] = [
    ...articleRows.map((r) => ({
      kind: 'article' as const,
      id: r.slug,
      path: `/doc/article/${r.slug}`,
      title: r.title,
      summary: r.summary,
      text: markdownText(r.body),
    })),
    ...announcementRows.map((r) => ({
      kind: 'announcement' as const,
      id: String(r.id),
      path: `/doc/announce/detail/${r.id}`,
      title: r.title,
      summary: '',
      text: markdownText(r.body),
      publishedAt: r.publishedAt.toISOString(),
    })),
  ];

  const hits: DocSearchHit[] = [];
  for (const c of candidates) {
    const points = score(c, terms, query);
    if (points === undefined) continue;
    const bodyHasMatch = terms.some((t) => countMatches(c.text, t) > 0);
    hits.push({
      kind: c.kind,
      id: c.id,
      path: c.path,
      title: c.title,
      titleSegments: highlight(c.title, terms),
      snippet: snippet(bodyHasMatch || !c.summary ? c.text : c.summary, terms),
      ...(c.publishedAt ? { publishedAt: c.publishedAt } : {}),
      score: points,
    });
  }
  // Best score first; on a tie articles before announcements, then newer announcements first.
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      (a.kind === b.kind ? 0 : a.kind === 'article' ? -1 : 1) ||
      (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') ||
      a.id.localeCompare(b.id),
  );
  return { query, terms, hits: hits.slice(0, limit) };
}

/** A snippet as HTML for callers that emit markup (the chat helper): every run escaped, matches in <mark>. */
export function segmentsHtml(segments: Segment[]): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return segments.map((s) => (s.match ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text))).join('');
}
