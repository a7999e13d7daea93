import 'server-only';
import type { Locale } from '@/lib/locales';

/*
 * Words of a text, the same function at index time and at query time (docs/decisions/046-search.md). Chinese
 * and Japanese are cut into words by ICU's dictionary segmenter (Intl.Segmenter; Node ships full ICU), which
 * PostgreSQL's text-search parser cannot do; Latin text is NFKC-folded, lower-cased and split at anything that
 * is not a letter or digit, and English plurals are folded ("policies" → "policy") before PostgreSQL's
 * 'english' stemmer sees them.
 */

const segmenters = new Map<string, Intl.Segmenter>();

/** ICU's segmenter for a language, made once per language and granularity (the chat cuts sentences with it too). */
export function segmenter(locale: Locale, granularity: 'word' | 'sentence' = 'word'): Intl.Segmenter {
  const key = `${locale} ${granularity}`;
  let found = segmenters.get(key);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, found);
  }
  return found;
}

/** The text-search configuration a language's words are stemmed with; CJK words are already cut, so 'simple'. */
export function searchConfig(locale: Locale): 'english' | 'simple' {
  return locale === 'en' ? 'english' : 'simple';
}

const LATIN_WORD = /^[a-z]+$/;

/** English plural folding, light on purpose: the 'english' stemmer does the rest. */
export function foldWord(word: string, locale: Locale): string {
  if (locale !== 'en' || !LATIN_WORD.test(word) || word.length < 4) return word;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The folded words of a text, in order, repeats kept. Text without Chinese or Japanese is cut at anything that is
 * not a letter, digit or mark; text with them goes through the segmenter (the slow part, so only then), which
 * also cuts "vps套餐" into "vps" and "套餐".
 */
export function textWords(text: string, locale: Locale): string[] {
  const out: string[] = [];
  const folded = text.normalize('NFKC').toLowerCase();
  if (!CJK.test(folded)) {
    for (const [run] of folded.matchAll(WORD_RUN)) out.push(foldWord(run, locale));
    return out;
  }
  for (const s of segmenter(locale).segment(folded)) {
    if (!s.isWordLike) continue;
    for (const [part] of s.segment.matchAll(WORD_RUN)) out.push(foldWord(part, locale));
  }
  return out;
}

// Words that carry no meaning in a question: pronouns, auxiliaries, particles, question words.
const STOP_WORDS: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    `a an the and or but of to in on at by for with from about into over as is are was were be been being am do does
    did doing have has had having i me my mine we our you your he she it its they them their this that these those
    what which who whom whose when where why how can could should would will shall may might must there here not no
    so if then than too very just also any some all get got getting want need please tell know thing way use using`
      .split(/\s+/)
      .filter(Boolean),
  ),
  zh: new Set(
    `的 了 是 吗 呢 吧 啊 呀 么 我 我们 你 您 他 她 它 他们 这 那 这个 那个 这些 那些 什么 怎么 怎么样 怎样 如何 为什么
    哪 哪里 哪些 哪个 多少 几 请 请问 一下 可以 能 能否 能不能 会 要 想 需要 应该 在 和 与 及 或 或者 还是 有 没有 就 都 也
    又 还 把 被 给 对 对于 关于 从 到 向 以 及其 之 其 而 并 但 但是 如果 因为 所以 一个 个 吗 嘛 呗 得 地 着 过 多久
    多长 多长时间 几天 啥 咋 咋样 用 什么时候 何时 时候`
      .split(/\s+/)
      .filter(Boolean),
  ),
  ja: new Set(
    `の は が を に で と も へ や から まで より か ね よ な だ です ます でした ました ません ください について には とは
    では でも って ので けど けれど こと もの ため よう どう どうやって どの どれ どこ いつ なに 何 なぜ 誰 私 わたし
    あなた これ それ あれ この その あの する します した して できる できます できますか ある あります いる います
    なる なります 教え 教えて 知り 知りたい たい 方法 方 件`
      .split(/\s+/)
      .filter(Boolean),
  ),
};

/** Whether a word is on a language's stop list itself (a particle, a question word), whatever its script. */
export function isListedStopWord(word: string, locale: Locale): boolean {
  return STOP_WORDS[locale].has(word) || (locale !== 'en' && STOP_WORDS.en.has(word));
}

const ONLY_HIRAGANA = /^\p{Script=Hiragana}+$/u;
const LONE_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;

/**
 * Whether a query word says nothing about what is searched: a stop word of the language, a Japanese word
 * written only in hiragana (particles and endings such as "について", "ですか"), a lone kana or a lone Latin letter.
 */
export function isStopWord(word: string, locale: Locale): boolean {
  if (STOP_WORDS[locale].has(word)) return true;
  if (locale !== 'en' && STOP_WORDS.en.has(word)) return true;
  if (locale === 'ja' && ONLY_HIRAGANA.test(word)) return true;
  // A lone kana is a fragment the segmenter cut from a word it does not know; it would match almost everything.
  if (LONE_KANA.test(word)) return true;
  return /^[a-z]$/.test(word);
}

/** At most this many words of a query are searched; more add nothing to a documentation search. */
export const MAX_QUERY_WORDS = 12;

/** The meaningful words of a query, without repeats, in order. */
export function queryWords(query: string, locale: Locale): string[] {
  const out: string[] = [];
  for (const word of textWords(query, locale)) {
    if (isStopWord(word, locale) || out.includes(word)) continue;
    out.push(word);
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

/** What the vocabulary keeps: words a typo could be meant for (not numbers, not single characters). */
export function isVocabularyWord(word: string): boolean {
  return Array.from(word).length >= 2 && !/^\p{N}+$/u.test(word);
}

/**
 * The words of a Chinese or Japanese text as the segmenter cuts them, with runs of single hanzi it could not make a
 * word of joined back (内/网 → 内网, 银/联/云/闪/付 → 银联云闪付), stop words left out: what a question names.
 */
export function joinedWords(text: string, locale: Locale): string[] {
  const segments = [...segmenter(locale).segment(text.normalize('NFKC').toLowerCase())]
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
  const out: string[] = [];
  let run = '';
  for (const s of [...segments, '']) {
    if (/^\p{Script=Han}$/u.test(s) && !isListedStopWord(s, locale)) {
      run += s;
      continue;
    }
    if (Array.from(run).length >= 2) out.push(run);
    run = '';
    if (s && !isStopWord(s, locale)) out.push(s);
  }
  return out;
}
