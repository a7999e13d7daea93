import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '@/env';
import { HTML_LANG, LOCALES, type Locale } from '@/lib/locales';
import { type CurrencyRate, convertUsdCents } from '@/lib/money';
import { localizedPath } from '@/lib/routes';

/** The default share image (1200×630 PNG; crawlers ignore SVG). */
export const OG_IMAGE = { url: '/og-default.png', width: 1200, height: 630 } as const;

/** Absolute URL of a site path in a language. */
export function absoluteUrl(locale: Locale, path: string): string {
  return new URL(localizedPath(locale, path), env().SITE_URL).href;
}

/** Canonical URL plus hreflang alternates for every language and x-default (English). */
export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  return { canonical: absoluteUrl(locale, path), languages: hreflangUrls(path) };
}

/** hreflang → absolute URL of a path in every language, plus x-default (English). Also used by the sitemap. */
export function hreflangUrls(path: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const l of LOCALES) languages[HTML_LANG[l]] = absoluteUrl(l, path);
  languages['x-default'] = absoluteUrl('en', path);
  return languages;
}

const ogLocale = (locale: Locale) => HTML_LANG[locale].replace('-', '_');

/**
 * Metadata of a page: translated title and description, canonical, alternates, Open Graph and Twitter card
 * with the default share image (docs/product/screens.md#search-engines). Next replaces a parent's openGraph wholesale, so every page's
 * metadata carries the complete set.
 */
export async function pageMetadata(options: {
  locale: Locale;
  path: string;
  title: string;
  description?: string | undefined;
  type?: 'website' | 'article';
}): Promise<Metadata> {
  const t = await getTranslations({ locale: options.locale, namespace: 'meta' });
  const description = options.description ?? t('description');
  const brand = env().BRAND_NAME;
  const image = { ...OG_IMAGE, alt: `${brand} - ${t('tagline')}` };
  return {
    title: options.title,
    description,
    alternates: alternatesFor(options.locale, options.path),
    openGraph: {
      title: options.title,
      description,
      url: absoluteUrl(options.locale, options.path),
      siteName: brand,
      locale: ogLocale(options.locale),
      alternateLocale: LOCALES.filter((l) => l !== options.locale).map(ogLocale),
      type: options.type ?? 'website',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: options.title, description, images: [image] },
  };
}

/** schema.org Organization of the provider, on every page (docs/product/screens.md#search-engines). */
export async function organizationJsonLd(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'meta' });
  const site = env().SITE_URL;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': new URL('/#organization', site).href,
    name: env().BRAND_NAME,
    url: absoluteUrl(locale, '/'),
    logo: new URL('/logo.svg', site).href,
    image: new URL(OG_IMAGE.url, site).href,
    description: t('description'),
  };
}

/** schema.org BreadcrumbList of a trail of site paths (doc pages). */
export function breadcrumbJsonLd(locale: Locale, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(locale, item.path),
    })),
  };
}

/** A USD-cent price in the page currency as schema.org wants it: a plain decimal string ("12.50", "1875"). */
export function schemaPrice(usdCents: number, currency: CurrencyRate): string {
  return (convertUsdCents(usdCents, currency) / 10 ** currency.digits).toFixed(currency.digits);
}

/** schema.org Product with one Offer per priced item, prices in the page currency (docs/product/screens.md#search-engines). */
export function productJsonLd(options: {
  locale: Locale;
  path: string;
  name: string;
  description: string;
  category: string;
  currency: CurrencyRate;
  offers: { name: string; usdCents: number; unitText?: string }[];
}) {
  const url = absoluteUrl(options.locale, options.path);
  const prices = options.offers.map((o) => convertUsdCents(o.usdCents, options.currency));
  const major = (minor: number) => (minor / 10 ** options.currency.digits).toFixed(options.currency.digits);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: options.name,
    description: options.description,
    category: options.category,
    url,
    image: new URL(OG_IMAGE.url, env().SITE_URL).href,
    brand: { '@type': 'Brand', name: env().BRAND_NAME },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: options.currency.type,
      lowPrice: major(Math.min(...prices)),
      highPrice: major(Math.max(...prices)),
      offerCount: options.offers.length,
      offers: options.offers.map((o) => ({
        '@type': 'Offer',
        name: o.name,
        price: schemaPrice(o.usdCents, options.currency),
        priceCurrency: options.currency.type,
        availability: 'https://schema.org/InStock',
        url,
        ...(o.unitText
          ? {
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: schemaPrice(o.usdCents, options.currency),
                priceCurrency: options.currency.type,
                unitText: o.unitText,
              },
            }
          : {}),
      })),
    },
  };
}
