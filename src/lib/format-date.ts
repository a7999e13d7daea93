import { HTML_LANG, type Locale } from './locales';

/** A calendar date in the visitor's language, in UTC so server and browser agree. */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
