'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';
import { LOCALE_LABEL, LOCALES } from '@/lib/locales';

/** Links to the same page in the other languages (docs/product/states.md#currency: a language change keeps the path). */
export function LanguageSwitcher() {
  const t = useTranslations('nav');
  const current = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t('language')} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          href={pathname}
          locale={locale}
          lang={locale}
          // No prefetch: a prefetch made while the locale cookie still names the current language would be
          // redirected to that language and cached under the target's URL (next-intl locale detection).
          prefetch={false}
          aria-current={locale === current ? 'true' : undefined}
          className={
            locale === current
              ? 'rounded px-2 py-1 font-semibold text-brand-700'
              : 'rounded px-2 py-1 text-muted hover:bg-surface hover:text-ink'
          }
        >
          {LOCALE_LABEL[locale]}
        </Link>
      ))}
    </nav>
  );
}
