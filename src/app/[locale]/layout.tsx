import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickNamespaces, SHELL_NAMESPACES } from '@/components/i18n/client-messages';
import { JsonLd } from '@/components/seo/json-ld';
import { CookieConsent } from '@/components/shell/cookie-consent';
import { ShellBootstrap } from '@/components/shell/shell-bootstrap';
import { Toaster } from '@/components/shell/toaster';
import { env } from '@/env';
import { routing } from '@/i18n/routing';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';
import { HTML_LANG } from '@/lib/locales';
import { type LocaleParams, resolveLocale } from '@/server/page';
import { absoluteUrl, OG_IMAGE, organizationJsonLd } from '@/server/seo';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1a62db' };

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'meta' });
  const brand = env().BRAND_NAME;
  return {
    metadataBase: new URL(env().SITE_URL),
    // docs/product/screens.md#shared-shell: the page title is the product name.
    title: { default: `${brand} - ${t('tagline')}`, template: `%s | ${brand}` },
    description: t('description'),
    applicationName: brand,
    // Pages without their own share data (home) still get a complete Open Graph and Twitter card (docs/product/screens.md#search-engines).
    openGraph: {
      title: `${brand} - ${t('tagline')}`,
      description: t('description'),
      url: absoluteUrl(locale, '/'),
      siteName: brand,
      locale: HTML_LANG[locale].replace('-', '_'),
      alternateLocale: routing.locales.filter((l) => l !== locale).map((l) => HTML_LANG[l].replace('-', '_')),
      type: 'website',
      images: [{ ...OG_IMAGE, alt: `${brand} - ${t('tagline')}` }],
    },
    twitter: {
      card: 'summary_large_image',
      title: `${brand} - ${t('tagline')}`,
      description: t('description'),
      images: [{ ...OG_IMAGE, alt: `${brand} - ${t('tagline')}` }],
    },
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const messages = await getMessages();
  const clientMessages = pickNamespaces(messages, SHELL_NAMESPACES);
  const t = await getTranslations({ locale, namespace: 'nav' });
  const organization = await organizationJsonLd(locale);
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        {/* The first frame waits for the page's first screen (its heading and intro), so the first contentful
            paint is also the largest one (decision 021). Browsers without rel=expect ignore it. */}
        <link rel="expect" href={`#${FIRST_SCREEN_ID}`} blocking="render" />
      </head>
      <body>
        <JsonLd data={organization} />
        <NextIntlClientProvider locale={locale} messages={clientMessages}>
          {/* First in the body, before the skip link, so a first visit reaches the panel with one Tab (decision 006). */}
          <CookieConsent />
          <a href="#main" className="skip-link">
            {t('skipToContent')}
          </a>
          {children}
          <Toaster />
          <ShellBootstrap
            locale={locale}
            storageVersion={env().STORAGE_VERSION}
            buildId={process.env.NEXT_PUBLIC_BUILD_ID ?? 'development'}
          />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
