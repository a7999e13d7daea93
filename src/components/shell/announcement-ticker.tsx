import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import type { Locale } from '@/lib/locales';
import { listAnnouncements } from '@/server/api/announcements/queries';
import { getReadDb } from '@/server/db/replica';
import { orWhenDown } from '@/server/dependency-down';

/** The 3 latest announcements of the language (docs/product/api.md#site-and-shell: page 1, 3 rows), each linking to its page. */
export async function AnnouncementTicker({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'shell.ticker' });
  // While the database is down the shell goes without the ticker (orWhenDown), not the page.
  const { items } = await orWhenDown(listAnnouncements(getReadDb(), { locale, page: 1, row: 3 }), {
    items: [],
    total: 0,
  });
  if (items.length === 0) return null;
  return (
    <section aria-label={t('label')} className="border-b border-line bg-surface text-sm">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-1 desk:px-5">
        <span className="shrink-0 rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
          {t('label')}
        </span>
        <ul className="flex min-w-0 flex-1 gap-6 overflow-hidden">
          {items.map((a, i) => (
            <li key={a.id} className={`min-w-0 ${i > 0 ? 'hidden desk:block' : ''}`}>
              {/* 24 px tall targets (WCAG 2.5.8), in the same row height. */}
              <PageLink
                href={`/doc/announce/detail/${a.id}`}
                className="block truncate py-0.5 text-ink hover:text-brand-700 hover:underline"
              >
                {a.title}
              </PageLink>
            </li>
          ))}
        </ul>
        <PageLink
          href="/doc/announce"
          className="hidden shrink-0 py-0.5 text-brand-700 hover:underline desk:inline-block"
        >
          {t('more')}
        </PageLink>
      </div>
    </section>
  );
}
