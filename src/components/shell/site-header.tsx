import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';

export async function SiteHeader({ locale, brand }: { locale: Locale; brand: string }) {
  const t = await getTranslations({ locale, namespace: 'nav' });
  const items = [
    { href: '/product/vps', label: t('products') },
    { href: '/doc/article/pricing', label: t('pricing') },
    { href: '/doc', label: t('docs') },
    { href: '/contact', label: t('support') },
    { href: '/about', label: t('about') },
  ];
  return (
    <header className="sticky top-0 z-[2000] border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 desk:gap-6 desk:px-5">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-bold text-ink"
          aria-label={`${brand} - ${t('home')}`}
        >
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M9 24h15a6 6 0 0 0 .7-11.96A8 8 0 0 0 9.3 13.6 5.2 5.2 0 0 0 9 24Z" fill="#2f7cf6" />
          </svg>
          <span>{brand}</span>
        </Link>
        <nav aria-label={t('primary')} className="hidden desk:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 whitespace-nowrap desk:gap-2">
          <Link href="/?ope=login" className="rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface">
            {t('login')}
          </Link>
          <Link
            href="/?ope=reg"
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('register')}
          </Link>
        </div>
      </div>
    </header>
  );
}
