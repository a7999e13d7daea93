import 'server-only';
import type { DisplayTax } from '@/lib/billing/display';
import type { Locale } from '@/lib/locales';
import { markdownPassages } from '@/lib/markdown';
import type { CurrencyRate } from '@/lib/money';
import { fillInlineFacts } from '../docs/inline-facts';
import { joinedWords } from '../search/text';
import type { FoundDocument } from './documents';
import { type Concept, conceptsIn } from './lexicon';
import { splitSentences } from './sentences';

/**
 * Passage retrieval for the chat helper (docs/decisions/047-chat-answers.md). The candidate documents come from
 * `candidateDocuments`; inside them the helper ranks sections (an article cut at its headings) by BM25, then the
 * sentences of the best section, so what it quotes is the part that answers, in whole sentences. Latin text
 * counts words; Chinese and Japanese, written without spaces, count overlapping character pairs.
 */

export type Passage = {
  kind: 'article' | 'announcement';
  /** Slug or announcement id. */
  id: string;
  /** Site path without the language prefix. */
  path: string;
  title: string;
  heading: string;
  text: string;
  score: number;
};

type Section = Omit<Passage, 'score'> & { terms: Map<string, number>; length: number; headingTerms: Set<string> };
export type Corpus = { df: Map<string, number>; avgLength: number } & ({ docs: unknown[] } | { sections: unknown[] });

const K1 = 1.2;
const B = 0.75;
/** Title words count this many times in each of the article's sections. */
const TITLE_WEIGHT = 3;
const HEADING_WEIGHT = 2;

const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from have how i if in is it its me my of on or our should so that the ' +
    'their them then there these this to was what when where which who why will with you your vps server servers ' +
    'please want need tell about get use using'
  ).split(' '),
);
/** Particles and question words that say nothing about the topic. */
const CJK_STOP =
  /[的了吗呢吧啊么是在和与或及把被从对我你您他她它们这那哪怎如何什可以能要请问呀はがをにへでとやのもかなねよ。、，？！：；]/gu;

const QUANTITY =
  /how (?:long|many|much|soon|fast|quickly)|when|what (?:rate|percent)|%|percent|minimum|maximum|多久|几|多少|多长|多快|何日|何台|何%|何％|いくら|いつ|何時間|何パーセント|どれくらい|どのくらい|何回|最低|最多|上限/;

/** A question asking how long or when ("how long", "多久", "几天", "いつ", "何日"). */
const DURATION_ASKED =
  /how long|how soon|how many (?:days|hours|minutes)|when|多久|多长时间|几天|几个?小时|几分钟|什么时候|何日|何時間|いつ|どのくらい|どれくらい|何分/;
/** A stated length of time: a number with its unit ("3 business days", "5-10 个工作日", "24 時間"). */
const DURATION_STATED =
  /\d+(?:\s*[-–~～]\s*\d+)?\s*(?:business days?|working days?|days?|hours?|minutes?|weeks?|months?|个工作日|工作日|天|小时|分钟|周|个月|営業日|日|時間|分|週間|か月|ヶ月)/i;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}._-]*/gu;

/**
 * A light English fold: plurals and the -ing and -ed forms, so "snapshots" finds "snapshot" and "powered" finds
 * "powering" (both "power"). Not a stemmer: short words and "ss" are left alone.
 */
function fold(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 4) return word;
  // "cancelling" and "cancelled" are "cancel"; "stopped" is "stop".
  const undouble = (w: string) => (/([bdglmnprt])\1$/.test(w) ? w.slice(0, -1) : w);
  if (word.endsWith('ing') && word.length > 6) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 5) return undouble(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Terms of a text: lower-cased words (stop words and single letters dropped) and CJK character pairs. */
export function terms(text: string): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  const latin = normalized.replace(CJK_RUN, ' ');
  for (const match of latin.matchAll(WORD)) {
    // "95.0" is the number 95 a question writes "95".
    const word = match[0].replace(/[._-]+$/, '').replace(/^(\d+)\.0+$/, '$1');
    // "powered-off" is also "powered" and "off".
    const words = word.includes('-') ? [word, ...word.split('-')] : [word];
    for (const w of words) {
      if (w.length < 2 || STOPWORDS.has(w)) continue;
      out.push(fold(w));
    }
  }
  for (const match of normalized.matchAll(CJK_RUN)) {
    // Japanese writes its content words in kanji and katakana and its grammar in hiragana: hiragana runs
    // and script changes separate terms, so "転送量を超えると" gives 転送, 送量 and 超, not noise pairs.
    const runs = match[0]
      .replace(CJK_STOP, ' ')
      .replace(/\p{Script=Hiragana}+/gu, ' ')
      .replace(/(\p{Script=Han})(?=[\p{Script=Katakana}ー])|([\p{Script=Katakana}ー])(?=\p{Script=Han})/gu, '$1$2 ')
      .split(' ')
      .filter(Boolean);
    for (const run of runs) {
      const chars = Array.from(run);
      // A katakana run is one loanword (インストール): a term as a whole. Han runs are compounds: pairs.
      if (chars.length === 1 || /^[\p{Script=Katakana}ー]+$/u.test(run)) {
        out.push(run);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i += 1) out.push(`${chars[i]}${chars[i + 1]}`);
    }
  }
  return out;
}

export function countTerms(list: string[], into = new Map<string, number>(), weight = 1): Map<string, number> {
  for (const t of list) into.set(t, (into.get(t) ?? 0) + weight);
  return into;
}

/**
 * Weight of a question term in ranking: a single Han character (a one-character run, "使" of 使い方) says little
 * on its own and counts less than a word or a character pair.
 */
export function termWeight(term: string): number {
  return term.length === 1 && /\p{Script=Han}/u.test(term) ? 0.4 : 1;
}

/** BM25 of one document or section for the question's distinct terms, each with its weight (1 unless given). */
export function bm25(
  wanted: string[],
  counts: Map<string, number>,
  length: number,
  corpus: Corpus,
  weights?: Map<string, number>,
): number {
  const n = 'docs' in corpus ? corpus.docs.length : corpus.sections.length;
  let score = 0;
  for (const t of wanted) {
    const tf = counts.get(t);
    if (!tf) continue;
    const df = corpus.df.get(t) ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const weight = weights?.get(t) ?? termWeight(t);
    score += (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / corpus.avgLength));
  }
  return score;
}

/** `{{catalog:…}}` lines are tables the page fills from the catalog; the chat states those facts from the catalog. */
const CATALOG_LINE = /^[ \t]*\{\{catalog:[^}]*\}\}[ \t]*$/gm;

/** Sections of a document as the visitor reads them (amounts in their currency), kept while its body is the same. */
const sectionCache = new Map<string, { body: string; sections: Section[] }>();
const SECTION_CACHE_MAX = 2_000;

function sectionsOf(doc: FoundDocument, locale: Locale, currency: CurrencyRate, tax: DisplayTax): Section[] {
  const key = `${locale} ${currency.type} ${currency.rate} ${tax?.ratePercent ?? ''} ${doc.path}`;
  const cached = sectionCache.get(key);
  if (cached && cached.body === doc.body) return cached.sections;
  const sections: Section[] = [];
  const add = (heading: string, text: string) => {
    const counts = countTerms(terms(text));
    countTerms(terms(doc.title), counts, TITLE_WEIGHT);
    if (heading !== doc.title) countTerms(terms(heading), counts, HEADING_WEIGHT);
    let length = 0;
    for (const n of counts.values()) length += n;
    sections.push({
      kind: doc.kind,
      id: doc.id,
      path: doc.path,
      title: doc.title,
      heading,
      text,
      terms: counts,
      length,
      headingTerms: new Set(heading === doc.title ? [] : terms(heading)),
    });
  };
  // The summary describes the article rather than answering: it is not a passage.
  const body = fillInlineFacts(doc.body.replace(CATALOG_LINE, ''), currency, locale, tax);
  for (const s of markdownPassages(body)) if (s.text.trim()) add(s.heading || doc.title, s.text);
  if (sectionCache.size >= SECTION_CACHE_MAX) sectionCache.clear();
  sectionCache.set(key, { body: doc.body, sections });
  return sections;
}

/**
 * The best section of each candidate document for the question (plus `hints`, words the recognised intent adds,
 * e.g. "availability" for an SLA question), best first.
 */
export function rankPassages(
  docs: FoundDocument[],
  question: string,
  hints: string,
  locale: Locale,
  currency: CurrencyRate,
  tax: DisplayTax = null,
): Passage[] {
  const best = new Map<string, Passage>();
  for (const p of rankSections(docs, question, hints, locale, currency, tax))
    if (!best.has(p.path)) best.set(p.path, p);
  return [...best.values()];
}

/** Every section of the candidate documents that shares a word with the question, best first. */
export function rankSections(
  docs: FoundDocument[],
  question: string,
  hints: string,
  locale: Locale,
  currency: CurrencyRate,
  /** Amounts on Japanese pages in yen are stated with consumption tax first (docs/decisions/066-tax.md). */
  tax: DisplayTax = null,
): Passage[] {
  const all = docs.flatMap((d) => sectionsOf(d, locale, currency, tax));
  const own = new Set(terms(question));
  const wanted = [...new Set([...own, ...terms(hints)])];
  // The intent's hint words help, at half the weight of the visitor's own words.
  const weights = new Map(wanted.map((t) => [t, termWeight(t) * (own.has(t) ? 1 : 0.5)]));
  if (wanted.length === 0 || all.length === 0) return [];
  let ownWeight = 0;
  for (const t of own) ownWeight += termWeight(t);
  const df = new Map<string, number>();
  let total = 0;
  for (const s of all) {
    total += s.length;
    for (const t of wanted) if (s.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const corpus: Corpus = { sections: all, df, avgLength: total / all.length };
  const ranked: Passage[] = [];
  for (const s of all) {
    let score = bm25(wanted, s.terms, s.length, corpus, weights);
    if (score <= 0) continue;
    // The documentation is the lasting answer, an announcement the news of a change (docs/decisions/046-search.md).
    if (s.kind === 'announcement') score *= 0.5;
    // A heading that restates the question ("If a payment fails") marks the section that answers it.
    // Coverage is weighed like the score: a lone kanji left between kana (使い方 gives 使 and 方) says little.
    if (ownWeight > 0 && s.headingTerms.size > 0) {
      let covered = 0;
      for (const t of own) if (s.headingTerms.has(t)) covered += termWeight(t);
      if (covered / ownWeight >= 0.5) score *= 1.5;
    }
    ranked.push({ kind: s.kind, id: s.id, path: s.path, title: s.title, heading: s.heading, text: s.text, score });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

/**
 * What of a question a sentence is matched by: its terms; for Chinese the words the segmenter cuts (no single
 * characters, no particles) and any Latin or number terms, so "滥用举报" counts 滥用 and 举报, not the pair 用举
 * across them.
 */
function questionUnits(text: string, locale: Locale): string[] {
  const all = terms(text);
  // Japanese writes its grammar in kana between words, so its character pairs rarely straddle two words.
  if (locale !== 'zh') return [...new Set(all)];
  const words = joinedWords(text, locale).filter((w) => Array.from(w).length >= 2);
  return [...new Set([...words, ...all.filter((t) => /^[a-z0-9][a-z0-9._-]*$/.test(t))])];
}

/** Concepts that say what is wanted of a subject rather than name one: they do not make two words the same. */
const MODIFIERS: ReadonlySet<Concept> = new Set<Concept>([
  'price',
  'cheap',
  'availability',
  'servers',
  'followUp',
  'howTo',
  'planPrice',
]);

const subjects = (text: string): Concept[] =>
  [...conceptsIn(text.normalize('NFKC').toLowerCase())].filter((c) => !MODIFIERS.has(c));

/** Whether a text holds a unit of `questionUnits`: as a term, or for Chinese as written. */
function holder(text: string, locale: Locale): (unit: string) => boolean {
  const own = new Set(terms(text));
  const lower = text.normalize('NFKC').toLowerCase();
  return (unit) => own.has(unit) || (locale === 'zh' && lower.includes(unit));
}

/**
 * Whether a text names the subject of the lexicon a unit names, in other words (信用卡 and 银行卡, 出金 and
 * 払い戻せます, "withdraw" and "withdrawn"), so a question in the visitor's words finds the sentence in the site's.
 */
function relater(text: string): (unit: string) => boolean {
  let named: Set<Concept> | undefined;
  return (unit) => {
    const of = unitSubjects(unit);
    if (of.length === 0) return false;
    named ??= new Set(subjects(text));
    return of.some((c) => named?.has(c));
  };
}

/** What a unit held only by another word of its subject counts against one held as written. */
const RELATED_WEIGHT = 0.5;

const unitSubjectCache = new Map<string, Concept[]>();
function unitSubjects(unit: string): Concept[] {
  let found = unitSubjectCache.get(unit);
  if (!found) {
    found = subjects(unit);
    if (unitSubjectCache.size > 5_000) unitSubjectCache.clear();
    unitSubjectCache.set(unit, found);
  }
  return found;
}

/** Room beyond an excerpt's length for the sentences that answer the rest of a question. */
const EXTRA_CHARS = 240;

/**
 * The sentences of a passage that answer the question, whole and in their order: the sentence sharing most terms
 * with the question (the intent's hint words only break ties), then the ones after it while they fit in about
 * `maxChars`. When the section's heading shares as much with the question as any sentence does (or more with the
 * question and hints), the section is about the question as a whole and its opening is quoted. A sentence is never cut, so
 * a number never is.
 */
export function bestExcerpt(
  passage: { text: string; heading: string },
  question: string,
  hints: string,
  locale: Locale,
  maxChars = 320,
): string[] {
  return scoredExcerpt(passage, question, hints, locale, maxChars).sentences;
}

/** The excerpt of `bestExcerpt` with how well its first sentence answers (the question's words it holds). */
export function scoredExcerpt(
  passage: { text: string; heading: string },
  question: string,
  hints: string,
  locale: Locale,
  maxChars = 320,
  /** What a hint word held counts against a word of the question's own. */
  hintWeight = 0.1,
): { sentences: string[]; score: number } {
  const sentences = splitSentences(passage.text, locale);
  const wanted = questionUnits(question, locale);
  const hinted = questionUnits(hints, locale).filter((t) => !wanted.includes(t));
  const heading = holder(passage.heading, locale);
  const headingHits = wanted.filter(heading).length;
  const headingAll = headingHits + hinted.filter(heading).length;
  let top = 0;
  let topScore = 0;
  let topHits = 0;
  let topExtra = 0;
  // "How long", "how many", "多久", "何日": the sentence with a number answers, other things equal.
  const asked = question.normalize('NFKC').toLowerCase();
  const quantity = QUANTITY.test(asked);
  // "How long", "几天", "いつ": the sentence that states a length of time answers, other things equal.
  const duration = DURATION_ASKED.test(asked);
  sentences.forEach((sentence, i) => {
    const holds = holder(sentence, locale);
    const found = wanted.filter(holds);
    const hits = found.length;
    const relates = relater(sentence);
    const related = wanted.filter((t) => !holds(t) && relates(t)).length;
    let score = hits + RELATED_WEIGHT * related + hintWeight * hinted.filter(holds).length;
    if (quantity && hits > 0 && /\d/.test(sentence)) score += 0.5;
    if (duration && hits > 0 && DURATION_STATED.test(sentence)) score += 0.5;
    if (score > topScore) {
      top = i;
      topScore = score;
      topHits = hits;
      topExtra = found.filter((t) => !heading(t)).length;
    }
  });
  // When the heading restates the question, the section as a whole answers it: its opening is quoted. Unless a
  // sentence holds two of the question's words, one of them not the heading's ("hourly" in a money-back section).
  const specific = topHits >= 2 && topExtra >= 1;
  if (!specific && ((headingHits > 0 && headingHits >= topHits) || headingAll > topHits)) {
    top = 0;
    // The section as a whole answers: it counts as a sentence holding its heading's words of the question.
    topScore = Math.max(topScore, headingHits) + 0.5;
  }
  const first = sentences[top];
  if (first === undefined) return { sentences: [], score: 0 };
  const chosen = [top];
  let length = first.length;
  const tableRow = (s: string) => /^[^:：]{1,60}: .+; /.test(s);
  for (let i = top + 1; i < sentences.length; i += 1) {
    const next = sentences[i] ?? '';
    if (length + next.length > maxChars) break;
    // A sentence's answer does not run on into a table below it.
    if (tableRow(next) && !tableRow(first)) break;
    chosen.push(i);
    length += next.length;
  }
  // A question asks more than one thing ("what commission, and the minimum payout?", 「多久到账？怎么申请」): a
  // sentence elsewhere in the section holding a word of the question that the quoted ones do not is quoted too, in
  // its place, at most two of them.
  // A word held as written counts whole; one whose subject a sentence names in other words ("bitcoin" and
  // "cryptocurrency") half, and only while no quoted sentence names it either ("payout" names the subject of
  // "commission": the commission's own row is still quoted).
  const literal = new Set(wanted.filter((t) => chosen.some((i) => holder(sentences[i] ?? '', locale)(t))));
  const related = new Set(wanted.filter((t) => chosen.some((i) => relater(sentences[i] ?? '')(t))));
  for (let extra = 0; extra < 2; extra += 1) {
    let pick = -1;
    let gain = 0;
    sentences.forEach((sentence, i) => {
      if (chosen.includes(i)) return;
      const holds = holder(sentence, locale);
      const relates = relater(sentence);
      let g = 0;
      for (const t of wanted) {
        if (literal.has(t)) continue;
        if (holds(t)) g += 1;
        else if (!related.has(t) && relates(t)) g += RELATED_WEIGHT;
      }
      if (g > gain) {
        pick = i;
        gain = g;
      }
    });
    const sentence = sentences[pick];
    if (sentence === undefined || length + sentence.length > maxChars + EXTRA_CHARS) break;
    chosen.push(pick);
    length += sentence.length;
    const holds = holder(sentence, locale);
    const relates = relater(sentence);
    for (const t of wanted) {
      if (holds(t)) literal.add(t);
      if (relates(t)) related.add(t);
    }
  }
  const out = chosen.sort((a, b) => a - b).map((i) => sentences[i] ?? '');
  return { sentences: out, score: topScore };
}
