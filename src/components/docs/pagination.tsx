import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import type { Locale } from '@/lib/locales';

/** Page links of a list (`?page=n`); the current page is marked with aria-current (docs/decisions/011-doc-search.md). */
export async function Pagination({
  locale,
  path,
  page,
  pages,
}: {
  locale: Locale;
  path: string;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'doc' });
  const href = (n: number) => (n === 1 ? path : { pathname: path, query: { page: String(n) } });
  const item = 'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm';
  return (
    <nav aria-label={t('pagination')} className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <PageLink href={href(page - 1)} rel="prev" className={`${item} border-line hover:border-brand-500`}>
              {t('previous')}
            </PageLink>
          ) : (
            <span className={`${item} border-line text-muted`} aria-disabled="true">
              {t('previous')}
            </span>
          )}
        </li>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <PageLink
              href={href(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pageN', { page: n })}
              className={
                n === page
                  ? `${item} border-brand-600 bg-brand-600 font-semibold text-white`
                  : `${item} border-line hover:border-brand-500`
              }
            >
              {n}
            </PageLink>
          </li>
        ))}
        <li>
          {page < pages ? (
            <PageLink href={href(page + 1)} rel="next" className={`${item} border-line hover:border-brand-500`}>
              {t('next')}
            </PageLink>
          ) : (
            <span className={`${item} border-line text-muted`} aria-disabled="true">
              {t('next')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
