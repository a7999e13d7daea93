import { parseCurrencySegment } from './currency-segment';
import { isLocale, type Locale } from './locales';
import { localizedPath } from './routes';

/**
 * The path as the visitor's address bar shows it. During prerendering Next reports the internal route path
 * (`/en/usd/about`: the locale and currency segments that src/proxy.ts adds); in the browser it reports
 * `/about`. Normalising both to the browser form keeps server and client renders identical.
 */
export function browserPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  let locale: Locale = 'en';
  if (isLocale(segments[0])) locale = segments.shift() as Locale;
  if (parseCurrencySegment(segments[0])) segments.shift();
  return localizedPath(locale, `/${segments.join('/')}`);
}

/** Like browserPath, without the language prefix (what next-intl's usePathname returns). */
export function pathWithinLocale(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (parseCurrencySegment(segments[0])) segments.shift();
  return `/${segments.join('/')}`;
}
