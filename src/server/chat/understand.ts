import 'server-only';
import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { chineseReading, correctByReading, readingLibraries } from '../search/readings';
import { editDistance } from '../search/suggest';
import { foldWord, isListedStopWord, joinedWords } from '../search/text';
import type { CatalogView } from './catalog';
import { normalize } from './intents';
import { questionLanguage } from './language';
import { conceptsIn, lexiconChineseWords, lexiconWords, mentions } from './lexicon';

/**
 * A question as the helper reads it (docs/decisions/058-chat-general.md), before any intent: its language, the
 * currency it names, its text normalised (width and case folded), its misspelt product words corrected against the
 * catalog's and the lexicon's own words, its words typed by their sound read as the site's words (へんきん → 返金,
 * 快招 → 快照, tuikuan → 退款), and cut into the questions it holds ("discount for a year? 6 months?").
 */
export type PreparedQuestion = {
  language: Locale;
  /** The whole question, normalised and corrected. */
  text: string;
  /** A currency the question names ("in HKD", 港币, 円), which wins over the page's. */
  currency: CurrencyCode | undefined;
  /** The questions it holds, in order; one for most questions. */
  parts: string[];
  /** Words of the question the site never uses (as typed): "bitcoin", 比特币, コンビニ. */
  unknown: string[];
};

type Reader = Pick<Database, 'execute'>;

const CURRENCIES: [RegExp, CurrencyCode][] = [
  [/\bhkd\b|hk\$|hk dollars?|hong kong dollars?|港币|港元|港幣|港紙|香港ドル|香港元/, 'HKD'],
  [/\bjpy\b|\byen\b|日元|日币|日圆|円|[¥￥]/, 'JPY'],
  [/\busd\b|us\$|us dollars?|美元|美金|(?<!香港)ドル|\bdollars?\b|\$/, 'USD'],
];

/**
 * A currency named by a place ("hk dollars", 港币, 香港ドル) is the currency, not the place: written as its code, so
 * "cheapest dedicated server in hk dollars" asks for a price in HKD, not for Hong Kong.
 */
const PLACE_CURRENCY = /hk\$|hk dollars?|hong kong dollars?|港币|港元|港幣|港紙|香港ドル|香港元/g;

/** The currency a question names, if any: the first named wins ("HK$" before a bare "$"). */
export function currencyNamed(text: string): CurrencyCode | undefined {
  for (const [pattern, code] of CURRENCIES) if (pattern.test(text)) return code;
  return undefined;
}

/** Words the catalog uses in every language (plan, line and region names), for typo correction. */
function catalogWords(views: CatalogView[]): string[] {
  const out = new Set<string>();
  for (const view of views) {
    const names = [
      ...view.plans.map((p) => p.name),
      ...view.lines.map((l) => l.name),
      ...view.regions.flatMap((r) => [r.city, r.country]),
      ...view.snapshots.map((s) => s.name),
      ...view.licences.map((l) => l.name),
    ];
    for (const name of names) for (const w of normalize(name).split(/[^a-z]+/)) if (w.length >= 4) out.add(w);
  }
  return [...out];
}

const LATIN_WORD = /[a-z]{3,}/g;

/** Which of these words the site's documents use (the search vocabulary of the language). */
async function knownWords(db: Reader, locale: Locale, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const result = await db.execute(sql`select term from search_terms
    where locale = ${locale} and term in (select json_array_elements_text(${JSON.stringify(words)}::json))`);
  return new Set((result as unknown as { rows: { term: string }[] }).rows.map((r) => r.term));
}

/** The largest edit a misspelling of a word this long may hold: one up to six letters, two beyond. */
const allowed = (length: number) => (length < 4 ? 0 : length <= 6 ? 1 : 2);

/**
 * Corrects misspelt Latin words against the words the helper understands ("cheapst" → cheapest, "singapor" →
 * singapore, "refnd polcy" → refund policy): a word neither the documents nor those words hold is replaced by the
 * closest within one edit (two for long words, first letter kept). Returns the text and the words left unknown.
 */
async function correctLatin(
  db: Reader,
  text: string,
  views: CatalogView[],
): Promise<{ text: string; unknown: string[] }> {
  const words = [...new Set(text.match(LATIN_WORD) ?? [])];
  const vocabulary = [...new Set([...lexiconWords(), ...catalogWords(views)])];
  const vocabularySet = new Set(vocabulary);
  // A word the lexicon names as it is ("license", "withdraw") is no typo, even where the lexicon writes a pattern.
  const candidates = words.filter(
    (w) => !vocabularySet.has(w) && !isListedStopWord(w, 'en') && conceptsIn(w).size === 0,
  );
  const known = await knownWords(db, 'en', [...new Set(candidates.flatMap((w) => [w, foldWord(w, 'en')]))]);
  const corrections = new Map<string, string>();
  const unknown: string[] = [];
  for (const word of candidates) {
    if (known.has(word) || known.has(foldWord(word, 'en'))) continue;
    const max = allowed(word.length);
    let best: { word: string; distance: number } | undefined;
    for (const v of vocabulary) {
      if (max === 0 || Math.abs(v.length - word.length) > max) continue;
      const distance = editDistance(word, v, max);
      if (distance > max || (distance > 1 && v[0] !== word[0])) continue;
      if (!best || distance < best.distance) best = { word: v, distance };
    }
    if (best) corrections.set(word, best.word);
    else unknown.push(word);
  }
  let out = text;
  for (const [typo, word] of corrections) out = out.replace(new RegExp(`(?<![a-z])${typo}(?![a-z])`, 'g'), word);
  return { text: out, unknown };
}

/** Chinese or Japanese words of the question the site never uses (比特币, コンビニ), as the segmenter cuts them. */
async function unknownCjkWords(db: Reader, text: string, locale: Locale, views: CatalogView[]): Promise<string[]> {
  if (locale === 'en') return [];
  const names = views.flatMap((v) => [...v.plans.map((p) => p.name), ...v.regions.map((r) => r.city)]).join(' ');
  const joined = joinedWords(text, locale);
  const words = joined
    .filter((w) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(w))
    .filter((w) => Array.from(w).length >= 2 && !isListedStopWord(w, locale) && !names.includes(w));
  const known = await knownWords(db, locale, [...new Set(words)]);
  // A word of the lexicon ("払える", "退钱") is understood even when no page writes it so.
  const unknown = words.filter((w) => !known.has(w) && !namesAConcept(w));
  // A loanword the segmenter cut in two (ビット + コイン) is one unknown word, as written.
  const whole: string[] = [];
  for (const w of unknown) {
    const last = whole.at(-1);
    if (last && text.includes(`${last}${w}`)) whole[whole.length - 1] = `${last}${w}`;
    else whole.push(w);
  }
  return [...new Set(whole)];
}

/**
 * Cuts a question into the questions it holds: at a question mark or full stop followed by more, at 还有/另外/あと/
 * それと, at a comma in Chinese, and at ", and"/" and " or a Japanese "、" when a question word follows. A piece
 * that names only entities ("6 months?", 「半年付呢」) is answered with the intent of the piece before it.
 */
export function splitQuestion(text: string): string[] {
  const pieces = text
    .replace(/([?？!！。；;])\s*(?=\S)/g, '$1\u0001')
    .replace(/[，,]\s*(?=[\p{Script=Han}])/gu, '，\u0001')
    .replace(/\s*(?:还有|另外|以及|あと|それと|それから)\s*/g, '\u0001')
    .replace(/、(?=どの|どこ|いつ|何|なに|いくら)/g, '、\u0001')
    .replace(/,?\s+and\s+(?=(?:which|what|where|when|how|is|are|do|does|can|will)\b)/g, '\u0001')
    .split('\u0001')
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  return pieces.length ? pieces : [text];
}

let chineseLexicon: Map<string, string> | undefined;

/**
 * The Chinese words of the lexicon by their pinyin, so a question's 带宽 typed "dai kuan" is read even where the
 * documents' vocabulary lacks the word (the segmenter may have cut it otherwise there).
 */
function lexiconReadings(): Map<string, string> {
  if (!chineseLexicon) {
    chineseLexicon = new Map();
    for (const word of lexiconChineseWords()) {
      const reading = chineseReading(word);
      if (reading.length >= 4 && !chineseLexicon.has(reading)) chineseLexicon.set(reading, word);
    }
  }
  return chineseLexicon;
}

/** Reads a question: language, currency, corrections, readings, parts, unknown words. */
export async function prepareQuestion(
  db: Reader,
  question: string,
  pageLocale: Locale,
  views: CatalogView[],
): Promise<PreparedQuestion> {
  await readingLibraries();
  let language = questionLanguage(question, pageLocale);
  const normalized = normalize(question);
  const currency = currencyNamed(normalized);
  const latin = await correctLatin(db, normalized.replace(PLACE_CURRENCY, ' hkd '), views);
  let text = latin.text;
  let unknown = latin.unknown;
  const readable = language !== 'en' ? [language] : [];
  // A question of Latin words only that are no English the helper knows may be romaji or pinyin ("henkin").
  const onlyLatin = !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const noEnglish = onlyLatin && !mentionsAnything(text) && latin.unknown.length > 0;
  if (noEnglish) readable.push(...(['ja', 'zh'] as const).filter((l) => !readable.includes(l)));
  for (const locale of readable) {
    const read = await correctByReading(db, text, locale, locale === 'zh' ? lexiconReadings() : undefined);
    if (read.replaced.size) {
      text = read.text;
      language = locale;
      unknown = unknown.filter((w) => !read.replaced.has(w));
      break;
    }
  }
  unknown = [...unknown, ...(await unknownCjkWords(db, text, language, views))];
  return { language, text, currency, parts: splitQuestion(text), unknown };
}

/**
 * Whether a word names something the helper understands though no page writes it (退钱 is a refund). A way to pay
 * (比特币) is what the question asks to be offered: it is understood only where a page names it.
 */
function namesAConcept(word: string): boolean {
  const concepts = conceptsIn(word);
  return concepts.size > 0 && !(concepts.size === 1 && concepts.has('paymentMethod'));
}

function mentionsAnything(text: string): boolean {
  return (['price', 'servers', 'refund', 'domain', 'snapshot', 'regions'] as const).some((c) => mentions(c, text));
}
