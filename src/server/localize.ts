import 'server-only';
import type { Locale } from '@/lib/locales';
import type { Localized } from './db/schema';

const reported = new Set<string>();

/** Picks the visitor's language from operator content; English is shown, and logged once, when it is missing (docs/design.md#data). */
export function localize(value: Localized, locale: Locale, where = 'content'): string {
  const text = value[locale];
  if (text !== undefined && text !== '') return text;
  const key = `${where}:${locale}:${value.en.slice(0, 40)}`;
  if (locale !== 'en' && !reported.has(key)) {
    reported.add(key);
    console.warn(JSON.stringify({ level: 'warn', msg: 'missing translation, showing English', where, locale }));
  }
  return value.en;
}
