import 'server-only';
import { sql } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';

/*
 * "Did you mean" from the index's own vocabulary (search_terms; docs/decisions/046-search.md). With pg_trgm the
 * candidates are the words sharing trigrams with the typo (an index lookup); without it, the words of about the
 * same length that start with the same character. Either way the winner is the candidate at the smallest edit
 * distance (a swap of two neighbours counts one), then the one in most documents. Chinese words are not
 * corrected: a Chinese typo is a wrong character of the same sound, which edit distance cannot tell from
 * another word.
 */

type Reader = Pick<Database, 'execute'>;
type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const LATIN = /^[a-z]+$/;
const KATAKANA = /^[\p{Script=Katakana}ー]+$/u;
/** Candidates read per word by the fallback; the most frequent first. */
const FALLBACK_CANDIDATES = 2_000;

/** The largest edit distance allowed for a word, or undefined when it is not a word typos are corrected in. */
function allowedDistance(word: string): number | undefined {
  const length = Array.from(word).length;
  if (LATIN.test(word)) return length < 4 ? undefined : length <= 5 ? 1 : 2;
  if (KATAKANA.test(word)) return length < 3 ? undefined : length <= 4 ? 1 : 2;
  return undefined;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length] ?? max + 1;
}

const trigramAvailable = new WeakMap<object, Promise<boolean>>();

/** Whether the database has pg_trgm, asked once per connection pool. */
export function hasTrigrams(db: Reader): Promise<boolean> {
  let found = trigramAvailable.get(db);
  if (!found) {
    found = db
      .execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`)
      .then((r) => rowsOf(r)[0]?.present === true)
      .catch(() => false);
    trigramAvailable.set(db, found);
  }
  return found;
}

type Candidate = { term: string; documents: number };

function best(word: string, max: number, candidates: Candidate[]): string | undefined {
  let chosen: { term: string; distance: number; documents: number } | undefined;
  for (const c of candidates) {
    if (c.term === word) continue;
    const distance = editDistance(word, c.term, max);
    if (distance > max) continue;
    if (!chosen || distance < chosen.distance || (distance === chosen.distance && c.documents > chosen.documents)) {
      chosen = { term: c.term, distance, documents: c.documents };
    }
  }
  return chosen?.term;
}

const candidatesOf = (rows: Row[]): Candidate[] =>
  rows.map((r) => ({ term: String(r.term), documents: Number(r.document_count) }));

/**
 * The corrections of a query's words that the index does not know: a map from each such word to the known word
 * it most likely meant. Words the index knows, and words no candidate is close enough to, are left out.
 * `trigrams: false` forces the fallback (what a database without pg_trgm does).
 */
export async function suggestWords(
  db: Reader,
  locale: Locale,
  words: string[],
  options: { trigrams?: boolean } = {},
): Promise<Map<string, string>> {
  const corrections = new Map<string, string>();
  const eligible = words.filter((w) => allowedDistance(w) !== undefined);
  if (eligible.length === 0) return corrections;
  const known = new Set(
    rowsOf(
      await db.execute(sql`select term from search_terms
        where locale = ${locale} and term in (select json_array_elements_text(${JSON.stringify(eligible)}::json))`),
    ).map((r) => String(r.term)),
  );
  const useTrigrams = options.trigrams ?? (await hasTrigrams(db));
  for (const word of eligible) {
    if (known.has(word)) continue;
    const max = allowedDistance(word) ?? 0;
    let found: string | undefined;
    if (useTrigrams) {
      const rows = rowsOf(
        await db.execute(sql`select term, document_count from search_terms
          where locale = ${locale} and term % ${word}
          order by similarity(term, ${word}) desc, document_count desc limit 20`),
      );
      found = best(word, max, candidatesOf(rows));
    }
    if (!found) {
      // Without pg_trgm, or when trigrams find nothing (pg_trgm ignores characters its locale does not count as
      // letters, which can be the case for katakana).
      const length = Array.from(word).length;
      const rows = rowsOf(
        await db.execute(sql`select term, document_count from search_terms
          where locale = ${locale} and initial = ${Array.from(word)[0] ?? ''}
            and length between ${length - max} and ${length + max}
          order by document_count desc limit ${FALLBACK_CANDIDATES}`),
      );
      found = best(word, max, candidatesOf(rows));
    }
    if (found) corrections.set(word, found);
  }
  return corrections;
}
