import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/json-ld';
import { PageLink } from '@/i18n/page-link';
import type { Locale } from '@/lib/locales';
import { breadcrumbJsonLd } from '@/server/seo';

/** The trail Home › Documentation › page, shown and given to search engines as BreadcrumbList (docs/product/screens.md#search-engines). */
export async function Breadcrumbs({ locale, items }: { locale: Locale; items: { name: string; path: string }[] }) {
  const t = await getTranslations({ locale, namespace: 'doc' });
  const trail = [{ name: t('breadcrumbHome'), path: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumbLabel')} className="mt-6 text-sm">
      <JsonLd data={breadcrumbJsonLd(locale, trail)} />
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
        {trail.map((item, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={item.path} className="flex items-center gap-2">
              {i > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page" className="text-ink">
                  {item.name}
                </span>
              ) : (
                <PageLink href={item.path} className="hover:text-brand-700 hover:underline">
                  {item.name}
                </PageLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
