import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import { markdownSections } from '@/lib/markdown';
import type { Database } from '../db/client';
import { announcements, announcementTranslations, docArticleTranslations } from '../db/schema';
import { fillInlineFacts, USD } from '../docs/inline-facts';

/**
 * Retrieval for the chat helper (issue 8) over the same documents the documentation search serves (issue 7),
 * in the visitor's language. A question is a sentence, not a search phrase: the page search requires every
 * term, which a question's filler words would defeat, so the helper ranks by BM25 instead, over sections
 * (an article cut at its headings) so that the quoted passage is the part that answers. Latin text counts
 * words; Chinese and Japanese, written without spaces, count overlapping character pairs.
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

type Section = Omit<Passage, 'score'> & { terms: Map<string, number>; length: number };
type Index = { sections: Section[]; df: Map<string, number>; avgLength: number; builtAt: number };

const CACHE_MS = 60_000;
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

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}._-]*/gu;

/** Terms of a text: lower-cased words (stop words and single letters dropped) and CJK character pairs. */
export function terms(text: string): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  const latin = normalized.replace(CJK_RUN, ' ');
  for (const match of latin.matchAll(WORD)) {
    const word = match[0].replace(/[._-]+$/, '');
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    // A light plural fold, so "snapshots" finds "snapshot".
    out.push(word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
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

function countTerms(list: string[], into = new Map<string, number>(), weight = 1): Map<string, number> {
  for (const t of list) into.set(t, (into.get(t) ?? 0) + weight);
  return into;
}

const indexes = new Map<Locale, Index>();

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
      .where(eq(announcementTranslations.locale, locale)),
  ]);
  const sections: Section[] = [];
  const add = (base: Omit<Section, 'terms' | 'length'>) => {
    const counts = countTerms(terms(base.text));
    countTerms(terms(base.title), counts, TITLE_WEIGHT);
    if (base.heading !== base.title) countTerms(terms(base.heading), counts, HEADING_WEIGHT);
    let length = 0;
    for (const n of counts.values()) length += n;
    sections.push({ ...base, terms: counts, length });
  };
  for (const a of articles) {
    const path = `/doc/article/${a.slug}`;
    add({ kind: 'article', id: a.slug, path, title: a.title, heading: a.title, text: a.summary });
    for (const s of markdownSections(fillInlineFacts(a.body, USD, locale))) {
      if (s.text.trim())
        add({ kind: 'article', id: a.slug, path, title: a.title, heading: s.heading || a.title, text: s.text });
    }
  }
  for (const n of notices) {
    const [first] = markdownSections(n.body);
    const text = markdownSections(n.body)
      .map((s) => s.text)
      .join(' ');
    add({
      kind: 'announcement',
      id: String(n.id),
      path: `/doc/announce/detail/${n.id}`,
      title: n.title,
      heading: first?.heading || n.title,
      text,
    });
  }
  const df = new Map<string, number>();
  let total = 0;
  for (const s of sections) {
    total += s.length;
    for (const t of s.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { sections, df, avgLength: sections.length ? total / sections.length : 1, builtAt: Date.now() };
}

async function indexFor(db: Database, locale: Locale): Promise<Index> {
  const cached = indexes.get(locale);
  // Edited articles reach the helper within a minute; the corpus is a few dozen documents per language.
  if (cached && Date.now() - cached.builtAt < CACHE_MS) return cached;
  const built = await buildIndex(db, locale);
  indexes.set(locale, built);
  return built;
}

/** The best passages for a question, one per document, best first. */
export async function retrievePassages(db: Database, question: string, locale: Locale, limit = 3): Promise<Passage[]> {
  const index = await indexFor(db, locale);
  const wanted = [...new Set(terms(question))];
  if (wanted.length === 0) return [];
  const n = index.sections.length;
  const best = new Map<string, Passage>();
  for (const s of index.sections) {
    let score = 0;
    for (const t of wanted) {
      const tf = s.terms.get(t);
      if (!tf) continue;
      const df = index.df.get(t) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * s.length) / index.avgLength));
    }
    if (score <= 0) continue;
    // Articles answer questions; announcements are news, so they rank a little lower at equal match.
    if (s.kind === 'announcement') score *= 0.8;
    const key = `${s.kind}:${s.id}`;
    const previous = best.get(key);
    if (!previous || previous.score < score) {
      best.set(key, {
        kind: s.kind,
        id: s.id,
        path: s.path,
        title: s.title,
        heading: s.heading,
        text: s.text,
        score,
      });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/** The sentences of a passage that share the most terms with the question, in their order, up to ~280 characters. */
export function bestExcerpt(text: string, question: string, maxChars = 280): string {
  const sentences = text
    .match(/[^.!?。！？\n]+[.!?。！？]?/gu)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text];
  const wanted = new Set(terms(question));
  const scored = sentences.map((sentence, i) => ({
    i,
    sentence,
    hits: terms(sentence).filter((t) => wanted.has(t)).length,
  }));
  const top = [...scored].sort((a, b) => b.hits - a.hits || a.i - b.i)[0];
  if (!top) return '';
  let excerpt = top.sentence;
  for (let i = top.i + 1; i < sentences.length; i += 1) {
    const next = sentences[i] ?? '';
    if (excerpt.length + next.length + 1 > maxChars) break;
    excerpt += /[。！？]$/u.test(excerpt) ? next : ` ${next}`;
  }
  return Array.from(excerpt).length > maxChars
    ? `${Array.from(excerpt)
        .slice(0, maxChars - 1)
        .join('')}…`
    : excerpt;
}
