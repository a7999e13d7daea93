import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type en from '@/i18n/messages/en.json';
import { routing } from '@/i18n/routing';
import type { Locale } from '@/lib/locales';
import { pageMetadata } from './seo';

export type LocaleParams = Promise<{ locale: string }>;
export type PageKey = keyof (typeof en)['pages'];
export type PageTexts = { title: string; heading?: string; intro?: string };

/** Validates the [locale] segment and enables static rendering for it (next-intl). */
export async function resolveLocale(params: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/** Title, heading and intro of a page, translated. */
export async function pageTexts(locale: Locale, page: PageKey, values?: Record<string, string>): Promise<PageTexts> {
  const raw: PageTexts = (await getMessages({ locale })).pages[page];
  const fill = (s: string | undefined) =>
    s === undefined ? undefined : s.replace(/\{(\w+)\}/g, (_, k: string) => values?.[k] ?? `{${k}}`);
  return { title: fill(raw.title) ?? '', heading: fill(raw.heading), intro: fill(raw.intro) };
}

/** generateMetadata of a page whose title comes from the `pages` messages. */
export function metadataFor(page: PageKey, path: string) {
  return async ({ params }: { params: LocaleParams }): Promise<Metadata> => {
    const locale = await resolveLocale(params);
    const texts = await pageTexts(locale, page);
    return pageMetadata({ locale, path, title: texts.title, description: texts.intro });
  };
}
