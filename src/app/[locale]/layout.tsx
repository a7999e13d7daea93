import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ShellBootstrap } from '@/components/shell/shell-bootstrap';
import { Toaster } from '@/components/shell/toaster';
import { env } from '@/env';
import { routing } from '@/i18n/routing';
import { HTML_LANG } from '@/lib/locales';
import { type LocaleParams, resolveLocale } from '@/server/page';

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
    // SPEC §2: the page title is the product name.
    title: { default: `${brand} - ${t('tagline')}`, template: `%s | ${brand}` },
    description: t('description'),
    applicationName: brand,
  };
}

/** Only the namespaces client components use travel to the browser. */
const CLIENT_NAMESPACES = [
  'nav',
  'errors',
  'api',
  'shell',
  'account',
  'validation',
  'welcome',
  'domain',
  'buy',
  'coupons',
  'forms',
] as const;

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]));
  const t = await getTranslations({ locale, namespace: 'nav' });
  return (
    <html lang={HTML_LANG[locale]}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider locale={locale} messages={clientMessages}>
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
