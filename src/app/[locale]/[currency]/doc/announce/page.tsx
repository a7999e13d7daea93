import { AnnouncementList } from '@/components/docs/announcement-list';
import { PageIntro } from '@/components/page-intro';
import { listAnnouncements } from '@/server/api/announcements/queries';
import { getDb } from '@/server/db/client';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const revalidate = 300;
export const generateMetadata = metadataFor('docAnnounce', '/doc/announce');

export default async function AnnouncementsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const texts = await pageTexts(locale, 'docAnnounce');
  const { items } = await listAnnouncements(getDb(), { locale, page: 1, row: 20 });
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        <AnnouncementList items={items} locale={locale} />
      </div>
    </>
  );
}
