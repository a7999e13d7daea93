import 'server-only';
import type { Locale } from '@/lib/locales';

/**
 * The language a question is written in (docs/decisions/047-chat-answers.md), so a question is answered in its
 * own language on any page. Kana is Japanese. Han without kana is Chinese, unless it uses forms only Japanese
 * writes (新字体 such as 価, 東, 円, or words such as 料金); our Chinese is simplified, so a traditional form
 * Japanese shares (東) counts as Japanese. Latin text is English when it has an English word; a question of
 * names alone ("VPS", "Tokyo", ".com") says nothing and keeps the page's language.
 */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const HAN = /\p{Script=Han}/u;
const JAPANESE_HAN = /[価東円済払込様売県駅図帯転領約専]|料金|値段|無料|解約|契約|請求|対応|稼働|返金|申込/u;
const ENGLISH_WORD =
  /\b(?:a|an|and|the|is|are|do|does|can|how|what|which|where|when|why|who|much|many|in|on|for|of|to|with|my|your|i|you|there|any|about|price|cost|plan|plans|cheap|cheapest|buy|order|refund|available|region|regions|snapshot|domain|coupon|sale|account|bill|billing|hello|hi|please|thanks|tell|me|get|have|need|want)\b/i;

/** A plan's size written the Chinese or Japanese way inside another language's question ("2核4G", "2コア"). */
const SIZE_TOKEN = /\d+\s*(?:核|コア)\s*(?:\d+\s*g(?:b)?)?/giu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

export function questionLanguage(question: string, pageLocale: Locale): Locale {
  const text = question.normalize('NFKC');
  // An English sentence with a size written the Chinese way ("how much is 2核4G in HKD") is English.
  const english = text.match(new RegExp(ENGLISH_WORD.source, 'gi'))?.length ?? 0;
  const cjk = text.replace(SIZE_TOKEN, ' ').match(CJK_CHAR)?.length ?? 0;
  if (english >= 2 && cjk === 0) return 'en';
  if (KANA.test(text)) return 'ja';
  if (HAN.test(text)) return JAPANESE_HAN.test(text) ? 'ja' : 'zh';
  if (ENGLISH_WORD.test(text)) return 'en';
  return pageLocale;
}
