import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { IpadicFeatures, Tokenizer as KuromojiTokenizer } from 'kuromoji';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { logEvent } from '../log';
import { isListedStopWord, isStopWord, segmenter } from './text';

/*
 * Words typed by their sound (docs/decisions/059-readings.md). Every Chinese and Japanese word of the search
 * vocabulary (search_terms) carries its reading: toneless pinyin for Chinese (快照 → kuaizhao), katakana for
 * Japanese (返金 → ヘンキン), written when the word enters the vocabulary. A query's kana and romaji (へんきん,
 * henkin), its pinyin (tuikuan) and its runs of characters the segmenter could not make a word of (快招, a typo of
 * the same sound as 快照) are read the same way and looked up: one indexed query finds the words meant.
 *
 * Japanese readings of kanji come from kuromoji's dictionary (IPADIC, inside the package), needed only when words
 * are indexed: it is loaded on first use and let go after a minute without work (about 260 MB while loaded). The
 * query side needs none of it: kana and romaji become katakana by wanakana's rules, hanzi become pinyin by
 * pinyin-pro's dictionary (about 25 MB together), loaded on the first search or question that needs them, not at
 * start (`readingLibraries`).
 */

type Tokenizer = KuromojiTokenizer<IpadicFeatures>;
type Reader = Pick<Database, 'execute'>;
type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const HAN = /\p{Script=Han}/u;
const ONLY_HAN = /^\p{Script=Han}+$/u;
const ONLY_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
type Libraries = { pinyin: typeof import('pinyin-pro').pinyin; wanakana: typeof import('wanakana') };
let libraries: Libraries | undefined;
let loading: Promise<Libraries> | undefined;

/** Loads pinyin-pro and wanakana once; the reading functions below need them loaded. */
export function readingLibraries(): Promise<Libraries> {
  if (libraries) return Promise.resolve(libraries);
  loading ??= Promise.all([import('pinyin-pro'), import('wanakana')]).then(([p, w]) => {
    libraries = { pinyin: p.pinyin, wanakana: w };
    return libraries;
  });
  return loading;
}

function loaded(): Libraries {
  if (!libraries) throw new Error('readingLibraries() must be awaited first');
  return libraries;
}

const LONG_U = /([オコソトノホモヨロゴゾドボポョォウクスツヌフムユルグズヅブプュゥ])ウ/g;

/**
 * A Japanese reading as compared: katakana, the long-vowel mark dropped and the ウ that lengthens an o- or u-row
 * kana dropped, so リョウキン, "ryoukin" and "ryokin" meet, as do クーポン and "kuupon".
 */
export function foldKana(kana: string): string {
  return loaded().wanakana.toKatakana(kana).replace(/ー/g, '').replace(LONG_U, '$1');
}

/** Toneless pinyin of a run of hanzi, without spaces (快照 → kuaizhao); '' for anything else. */
export function chineseReading(text: string): string {
  if (!ONLY_HAN.test(text)) return '';
  return (loaded().pinyin(text, { toneType: 'none', type: 'array', v: true }) as string[]).join('').toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------------
// Readings of the vocabulary (index time)
// ---------------------------------------------------------------------------------------------------------------

/** kuromoji's dictionary is only needed while words are indexed: let go after this long without work. */
const TOKENIZER_IDLE_MS = 60_000;
let tokenizer: Promise<Tokenizer> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function japaneseTokenizer(): Promise<Tokenizer> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    tokenizer = undefined;
  }, TOKENIZER_IDLE_MS);
  idleTimer.unref?.();
  if (!tokenizer) {
    const started = performance.now();
    tokenizer = (async () => {
      const require = createRequire(import.meta.url);
      const kuromoji = (await import('kuromoji')).default;
      // The dictionary ships inside the package: nothing is downloaded.
      const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
      return new Promise<Tokenizer>((resolve, reject) => {
        kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
      });
    })();
    tokenizer.then(
      () =>
        logEvent('info', 'search readings: Japanese dictionary loaded', {
          ms: Math.round(performance.now() - started),
        }),
      () => {
        tokenizer = undefined;
      },
    );
  }
  return tokenizer;
}

/** The reading of a Japanese word: its kana folded, or the readings kuromoji gives its parts; '' when unknown. */
function japaneseReading(word: string, tokens: Tokenizer | undefined): string {
  if (ONLY_KANA.test(word)) return foldKana(word);
  if (!tokens || !JAPANESE.test(word)) return '';
  let out = '';
  for (const t of tokens.tokenize(word)) {
    if (t.reading && t.reading !== '*') out += t.reading;
    else if (ONLY_KANA.test(t.surface_form)) out += t.surface_form;
    else return '';
  }
  return foldKana(out);
}

/** Readings of words of one language ('' for a word without one: Latin words, English). */
export async function vocabularyReadings(locale: Locale, words: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (locale !== 'en') await readingLibraries();
  if (locale === 'zh') for (const w of words) out.set(w, chineseReading(w));
  else if (locale === 'ja') {
    const tokens = words.some((w) => HAN.test(w)) ? await japaneseTokenizer() : undefined;
    for (const w of words) out.set(w, japaneseReading(w, tokens));
  } else for (const w of words) out.set(w, '');
  return out;
}

const FILL_BATCH = 2_000;

/**
 * Writes the readings the vocabulary lacks (words indexed before readings existed); returns how many. Run at every
 * start after the index is healed: nothing to do costs one query.
 */
export async function fillVocabularyReadings(db: Reader): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`select locale, term from search_terms where reading is null
        order by locale, term limit ${FILL_BATCH}`),
    );
    if (rows.length === 0) return written;
    const updates: { locale: string; term: string; reading: string }[] = [];
    for (const locale of ['en', 'zh', 'ja'] as const) {
      const words = rows.filter((r) => r.locale === locale).map((r) => String(r.term));
      if (words.length === 0) continue;
      for (const [term, reading] of await vocabularyReadings(locale, words)) updates.push({ locale, term, reading });
    }
    await db.execute(sql`update search_terms s set reading = u.reading
      from json_to_recordset(${JSON.stringify(updates)}::json) as u(locale text, term text, reading text)
      where s.locale = u.locale and s.term = u.term`);
    written += updates.length;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Words typed by their sound (query time)
// ---------------------------------------------------------------------------------------------------------------

/** A stretch of the query that may be a word typed by its sound, and the reading it is looked up by. */
type Candidate = { start: number; end: number; text: string; reading: string };

const HIRAGANA_RUN = /\p{Script=Hiragana}+/gu;
const LATIN_WORD = /[a-z]+/g;
/** Readings shorter than this say too little (a two-kana particle could read as a word). */
const MIN_KANA = 3;
const MAX_SPAN = 8;
const MIN_PINYIN = 4;

function japaneseCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const run of text.matchAll(HIRAGANA_RUN)) {
    const chars = Array.from(run[0]);
    const at = run.index ?? 0;
    let offset = at;
    const offsets = chars.map((c) => {
      const o = offset;
      offset += c.length;
      return o;
    });
    for (let i = 0; i < chars.length; i += 1) {
      for (let n = MIN_KANA; n <= MAX_SPAN && i + n <= chars.length; n += 1) {
        const span = chars.slice(i, i + n).join('');
        const start = offsets[i] ?? at;
        out.push({ start, end: start + span.length, text: span, reading: foldKana(span) });
      }
    }
  }
  for (const word of text.matchAll(LATIN_WORD)) {
    // Romaji: a word that becomes kana throughout ("henkin"; not "vps", which leaves letters).
    const kana = loaded().wanakana.toKana(word[0]);
    if (word[0].length < MIN_KANA || /[a-z]/.test(kana)) continue;
    const start = word.index ?? 0;
    out.push({ start, end: start + word[0].length, text: word[0], reading: foldKana(kana) });
  }
  return out;
}

function chineseCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const words = [...segmenter('zh').segment(text)].filter((s) => s.isWordLike);
  // Runs of single hanzi the segmenter could not join into a word (快/招): a word of the same sound may be meant.
  let i = 0;
  while (i < words.length) {
    let j = i;
    while (
      j < words.length &&
      /^\p{Script=Han}$/u.test(words[j]?.segment ?? '') &&
      (words[j]?.index ?? 0) === (words[i]?.index ?? 0) + (j - i)
    )
      j += 1;
    for (let a = i; a < j; a += 1) {
      for (let b = a + 2; b <= Math.min(j, a + 4); b += 1) {
        const first = words[a];
        const last = words[b - 1];
        if (!first || !last) continue;
        if (isStopWord(first.segment, 'zh') || isStopWord(last.segment, 'zh')) continue;
        const span = text.slice(first.index, last.index + last.segment.length);
        out.push({ start: first.index, end: first.index + span.length, text: span, reading: chineseReading(span) });
      }
    }
    i = Math.max(j, i + 1);
  }
  for (const w of words) {
    // A word of two or more hanzi the vocabulary may not hold (域明 for 域名), and pinyin typed as letters.
    if (ONLY_HAN.test(w.segment) && Array.from(w.segment).length >= 2) {
      out.push({
        start: w.index,
        end: w.index + w.segment.length,
        text: w.segment,
        reading: chineseReading(w.segment),
      });
    }
  }
  // Pinyin typed as letters, a word at a time or syllables apart ("dai kuan" → daikuan).
  const latin = [...text.matchAll(LATIN_WORD)];
  for (let i = 0; i < latin.length; i += 1) {
    for (let n = 1; n <= 4 && i + n <= latin.length; n += 1) {
      const first = latin[i];
      const last = latin[i + n - 1];
      if (!first || !last) continue;
      const start = first.index ?? 0;
      const end = (last.index ?? 0) + last[0].length;
      const span = text.slice(start, end);
      if (n > 1 && !/^[a-z]+(?: [a-z]+)*$/.test(span)) break;
      const reading = span.replace(/ /g, '');
      if (reading.length >= MIN_PINYIN) out.push({ start, end, text: span, reading });
    }
  }
  return out;
}

export type ReadingCorrection = {
  /** The text with each word typed by its sound replaced by the word found. */
  text: string;
  /** What was typed → the word of the vocabulary it reads as. */
  replaced: Map<string, string>;
};

/**
 * Finds the words of a language's vocabulary that a text's kana, romaji, pinyin or unknown hanzi runs read as, and
 * replaces them: 「へんきん」 and "henkin" → 返金, 「快招价格」 → 快照价格, "tuikuan" → 退款. A stretch that is itself a word
 * of the vocabulary is kept; among words of the same reading the one in most documents wins; longer stretches
 * first. English text is returned as it is. `text` should be NFKC-folded and lower-cased.
 */
export async function correctByReading(
  db: Reader,
  text: string,
  locale: Locale,
  /** Words the caller knows besides the vocabulary's, by reading (the chat's lexicon). */
  extra: ReadonlyMap<string, string> = new Map(),
): Promise<ReadingCorrection> {
  const none = { text, replaced: new Map<string, string>() };
  if (locale === 'en') return none;
  await readingLibraries();
  const candidates = (locale === 'ja' ? japaneseCandidates(text) : chineseCandidates(text)).filter(
    (c) => c.reading.length >= (locale === 'ja' ? MIN_KANA : MIN_PINYIN) && !isListedStopWord(c.text, locale),
  );
  if (candidates.length === 0) return none;
  const readings = [...new Set(candidates.map((c) => c.reading))];
  const typed = [...new Set(candidates.map((c) => c.text))];
  const rows = rowsOf(
    await db.execute(sql`select term, reading, document_count from search_terms
      where locale = ${locale} and (
        reading in (select json_array_elements_text(${JSON.stringify(readings)}::json))
        or term in (select json_array_elements_text(${JSON.stringify(typed)}::json)))
      order by document_count desc, term`),
  );
  const known = new Set(rows.map((r) => String(r.term)));
  const byReading = new Map<string, string>();
  for (const r of rows) {
    const reading = String(r.reading ?? '');
    if (reading && !byReading.has(reading)) byReading.set(reading, String(r.term));
  }
  for (const [reading, word] of extra) if (!byReading.has(reading)) byReading.set(reading, word);
  // Longest stretch first, then leftmost; stretches never overlap.
  const chosen: (Candidate & { word: string })[] = [];
  const sorted = [...candidates].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const c of sorted) {
    const word = byReading.get(c.reading);
    if (!word || word === c.text || known.has(c.text)) continue;
    // Hanzi typed for others of the same sound keep some right (快招 for 快照, 域明 for 域名): a stretch sharing no
    // character with the word is more likely another word the segmenter split (重置 is not 终止).
    if (ONLY_HAN.test(c.text) && !Array.from(word).some((ch) => c.text.includes(ch))) continue;
    if (chosen.some((o) => c.start < o.end && o.start < c.end)) continue;
    chosen.push({ ...c, word });
  }
  if (chosen.length === 0) return none;
  chosen.sort((a, b) => a.start - b.start);
  let out = '';
  let last = 0;
  const replaced = new Map<string, string>();
  for (const c of chosen) {
    // A romaji word becomes a Japanese word: keep a space from the Latin around it so words stay apart.
    out += `${text.slice(last, c.start)}${c.word}`;
    last = c.end;
    replaced.set(c.text, c.word);
  }
  out += text.slice(last);
  return { text: out, replaced };
}
