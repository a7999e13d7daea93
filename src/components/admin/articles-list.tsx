'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { ADMIN_LOCALES } from '@/lib/admin/schemas';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from './api';
import { ListSearch } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, buttonClass, formatWhen, PageHeading } from './ui';

type ArticleSummary = {
  slug: string;
  category: string;
  version: number;
  updatedAt: string;
  titles: Partial<Record<Locale, string>>;
};

/**
 * /admin/articles: the documentation articles in the site's order (a few dozen; the API answers them at once),
 * each with the languages it has. Every role reads them; editors and owners open one to change it.
 */
export function ArticlesList() {
  const t = useTranslations('admin.articles');
  const ta = useTranslations('admin.announcements');
  const locale = useLocale() as Locale;
  const [items, setItems] = useState<ArticleSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');

  useEffect(() => {
    adminApi<{ items: ArticleSummary[] }>('/articles')
      .then((answer) => setItems(answer.items))
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, []);

  const q = search.trim().toLowerCase();
  const shown = (items ?? []).filter(
    (a) =>
      !q ||
      a.slug.includes(q) ||
      a.category.toLowerCase().includes(q) ||
      Object.values(a.titles).some((title) => title?.toLowerCase().includes(q)),
  );

  return (
    <>
      <PageHeading title={t('title')}>
        {editable ? (
          <Link href="/admin/articles/new" className={buttonClass.primary} data-testid="article-new">
            {t('new')}
          </Link>
        ) : null}
      </PageHeading>
      <ListSearch id="article-search" label={t('search')} value={search} onChange={setSearch} />
      {error ? <Alert messageKey={error} /> : null}
      {items === null && !error ? <p aria-busy="true" className="h-32" /> : null}
      {items !== null ? (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="articles">
          {shown.map((article) => (
            <li
              key={article.slug}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
              data-testid="row"
              data-id={article.slug}
            >
              <span className="min-w-0">
                <Link
                  href={`/admin/articles/${article.slug}`}
                  className={`${buttonClass.link} break-words`}
                  lang={article.titles[locale] ? locale : 'en'}
                >
                  {article.titles[locale] || article.titles.en || article.slug}
                </Link>
                <span className="block text-xs text-muted">
                  {article.category} · {article.slug} ·{' '}
                  {t('updated', { time: formatWhen(article.updatedAt, HTML_LANG[locale]) })}
                </span>
              </span>
              <span className="flex gap-1">
                {ADMIN_LOCALES.map((l) => (
                  <span
                    key={l}
                    className={`rounded px-1.5 py-0.5 text-xs uppercase ${article.titles[l] ? 'bg-emerald-100 text-emerald-900' : 'bg-surface text-muted line-through'}`}
                    title={article.titles[l] ? undefined : ta('missing')}
                  >
                    {l}
                  </span>
                ))}
              </span>
            </li>
          ))}
          {shown.length === 0 ? <li className="p-6 text-center text-muted">{t('empty')}</li> : null}
        </ul>
      ) : null}
    </>
  );
}
