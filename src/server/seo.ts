import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '@/env';
import { HTML_LANG, LOCALES, type Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';

/** Absolute URL of a site path in a language. */
export function absoluteUrl(locale: Locale, path: string): string {
  return new URL(localizedPath(locale, path), env().SITE_URL).href;
}

/** Canonical URL plus hreflang alternates for every language and x-default (English). */
export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  const languages: Record<string, string> = {};
  for (const l of LOCALES) languages[HTML_LANG[l]] = absoluteUrl(l, path);
  languages['x-default'] = absoluteUrl('en', path);
  return { canonical: absoluteUrl(locale, path), languages };
}

/** Metadata of a page: translated title and description, canonical, alternates, Open Graph basics. */
export async function pageMetadata(options: {
  locale: Locale;
  path: string;
  title: string;
  description?: string;
}): Promise<Metadata> {
  const t = await getTranslations({ locale: options.locale, namespace: 'meta' });
  const description = options.description ?? t('description');
  return {
    title: options.title,
    description,
    alternates: alternatesFor(options.locale, options.path),
    openGraph: {
      title: options.title,
      description,
      url: absoluteUrl(options.locale, options.path),
      siteName: env().BRAND_NAME,
      locale: HTML_LANG[options.locale].replace('-', '_'),
      type: 'website',
    },
  };
}
