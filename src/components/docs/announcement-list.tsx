import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import type { Locale } from '@/lib/locales';
import type { AnnouncementSummary } from '@/server/api/announcements/queries';

export async function AnnouncementList({ items, locale }: { items: AnnouncementSummary[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'doc' });
  if (items.length === 0) return <p className="text-muted">{t('noAnnouncements')}</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line">
      {items.map((a) => (
        <li key={a.id}>
          <PageLink
            href={`/doc/announce/detail/${a.id}`}
            className="flex flex-col gap-1 px-4 py-3 hover:bg-surface desk:flex-row desk:items-center desk:justify-between"
          >
            <span className="font-semibold text-ink">{a.title}</span>
            <time dateTime={a.publishedAt} className="shrink-0 text-sm text-muted">
              {formatDate(a.publishedAt, locale)}
            </time>
          </PageLink>
        </li>
      ))}
    </ul>
  );
}
