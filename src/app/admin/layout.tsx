import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/admin/shell';
import { HTML_LANG } from '@/lib/locales';
import { adminLocale, adminMessages } from './messages';

// Staff pages depend on who asks and in which language; none is ever prerendered or kept in a cache.
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#13203a' };

export async function generateMetadata(): Promise<Metadata> {
  const messages = (await adminMessages(await adminLocale())) as { admin: { title: string } };
  return {
    title: { default: messages.admin.title, template: `%s | ${messages.admin.title}` },
    robots: { index: false, follow: false, nocache: true },
    referrer: 'same-origin',
  };
}

/**
 * The back office (/admin), outside the public site's language prefixes and shell: its own document, language
 * and client bundle (src/components/admin, imported by nothing public).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const locale = await adminLocale();
  const messages = await adminMessages(locale);
  return (
    <html lang={HTML_LANG[locale]}>
      <body className="bg-surface">
        <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
          <AdminShell>{children}</AdminShell>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
