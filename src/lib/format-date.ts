import { HTML_LANG, type Locale } from './locales';

/** One formatter per language: building an `Intl.DateTimeFormat` resolves locale data each time (docs/product/targets.md#performance). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date in the visitor's language, in UTC so server and browser agree. */
export function formatDate(iso: string, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
