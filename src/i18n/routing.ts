import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/locales';

export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365; // the locale cookie lasts 365 days

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: { name: 'NEXT_LOCALE', maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' },
  // hreflang alternates are written into each page's <head> (with x-default), not repeated as Link headers.
  alternateLinks: false,
});
