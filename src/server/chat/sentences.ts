import 'server-only';
import type { Locale } from '@/lib/locales';
import { segmenter } from '../search/text';

/**
 * Sentences of a passage, whole (docs/decisions/047-chat-answers.md). ICU's sentence rules (Intl.Segmenter) keep
 * "99.95%", "1.5" and "v2.0" together, since no space follows their point; what they do split is an abbreviation
 * followed by a capital ("e.g. Ubuntu"), which is joined back here. Line breaks end a sentence (list items).
 */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|approx|incl|no|nr|mr|mrs|ms|dr|inc|ltd|co|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.\s*$/i;
/** A segment that ends in a number and a point ("version 2." before "0") is not a sentence end either. */
const DANGLING_NUMBER = /\d\.$/;

export function splitSentences(text: string, locale: Locale): string[] {
  const out: string[] = [];
  let carry = '';
  for (const { segment } of segmenter(locale, 'sentence').segment(text)) {
    const joined = carry + segment;
    const trimmed = joined.trimEnd();
    if (
      !segment.endsWith('\n') &&
      (ABBREVIATION.test(trimmed) || (DANGLING_NUMBER.test(trimmed) && trimmed === joined))
    ) {
      carry = joined;
      continue;
    }
    carry = '';
    const sentence = trimmed.trim();
    if (sentence) out.push(sentence);
  }
  const rest = carry.trim();
  if (rest) out.push(rest);
  return out;
}
