import { getTranslations } from 'next-intl/server';
import { renderWhenNearSize } from '@/components/render-when-near';
import { PageLink } from '@/i18n/page-link';
import type { CurrencyCode } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import { isSitePath } from '@/lib/site-path';
import { listFooterLinks } from '@/server/api/site/queries';
import { getReadDb } from '@/server/db/replica';
import { orWhenDown } from '@/server/dependency-down';
import { CookieSettingsButton } from './cookie-consent';
import { CurrencySwitcher } from './currency-switcher';
import { LanguageSwitcher } from './language-switcher';

/**
 * A footer link: a path on this site as a page link, anything else (an https address: listFooterLinks keeps
 * nothing more) in a new tab. "A path on this site" is the back office's rule (docs/decisions/053-site-paths.md),
 * not a leading `/`: `/.//host` starts with one.
 */
function FooterAnchor({ href, children }: { href: string; children: string }) {
  const className = 'text-sm text-slate-300 hover:text-white';
  return isSitePath(href) ? (
    <PageLink href={href} className={className}>
      {children}
    </PageLink>
  ) : (
    <a href={href} className={className} rel="noopener" target="_blank">
      {children}
    </a>
  );
}

/** Footer: columns from translation keys plus the operator's link list (docs/product/screens.md#footer), company details, language bar. */
export async function SiteFooter({
  locale,
  brand,
  currency,
}: {
  locale: Locale;
  brand: string;
  currency: CurrencyCode;
}) {
  const t = await getTranslations({ locale, namespace: 'footer' });
  const links = await orWhenDown(listFooterLinks(getReadDb(), locale), []);
  const columns = [
    {
      title: t('productsTitle'),
      items: [
        { href: '/product/vps', label: t('vps') },
        { href: '/product/vps#dedicated', label: t('dedicated') },
        { href: '/product/domain', label: t('domains') },
        { href: '/ac/coupon', label: t('coupons') },
      ],
    },
    {
      title: t('companyTitle'),
      items: [
        { href: '/about', label: t('about') },
        { href: '/jobs', label: t('jobs') },
        { href: '/contact', label: t('contact') },
        { href: '/doc/announce', label: t('announcements') },
      ],
    },
    { title: t('resourcesTitle'), items: links.map((l) => ({ href: l.link, label: l.name })) },
  ];
  return (
    <footer className="render-when-near mt-auto bg-brand-900 text-slate-200" style={renderWhenNearSize(80, 34)}>
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 desk:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-white">{brand}</p>
          <p className="mt-3 text-sm text-slate-300">{t('company')}</p>
          <p className="mt-1 text-sm text-slate-400">{t('companyDetail')}</p>
        </div>
        {columns
          .filter((column) => column.items.length > 0)
          .map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.title}</h2>
              <ul className="mt-3 space-y-2">
                {column.items.map((item) => (
                  <li key={`${item.href}-${item.label}`}>
                    <FooterAnchor href={item.href}>{item.label}</FooterAnchor>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
      <div className="border-t border-white/10">
        {/* On phones the page ends clear of the chat button (56 px, 20 px from the corner), so the last line,
            the language and currency switchers, can be scrolled out from under it. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 pt-5 pb-24 text-sm text-slate-400 desk:flex-row desk:items-center desk:justify-between desk:pb-5">
          <p>{t('rights', { year: new Date().getFullYear(), brand })}</p>
          <div className="flex flex-wrap items-center gap-4 [&_a]:text-slate-300 [&_a[aria-current]]:text-white">
            <CookieSettingsButton />
            <LanguageSwitcher />
            <CurrencySwitcher current={currency} />
          </div>
        </div>
      </div>
    </footer>
  );
}
