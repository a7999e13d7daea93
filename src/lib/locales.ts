/** Site languages (docs/product/screens.md#languages-and-addresses): English unprefixed, Chinese under /zh, Japanese under /ja. */
export const LOCALES = ['en', 'zh', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** `<html lang>` and hreflang values (docs/product/screens.md#languages-and-addresses: en-US, zh-CN, ja-JP). */
export const HTML_LANG: Record<Locale, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };

/** Native names shown by the language switcher. */
export const LOCALE_LABEL: Record<Locale, string> = { en: 'English', zh: '简体中文', ja: '日本語' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Accepts en / en-US / zh-CN / ja-JP style tags; anything else is undefined. */
export function parseLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}
