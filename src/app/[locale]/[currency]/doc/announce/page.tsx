import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AnnouncementList } from '@/components/docs/announcement-list';
import { Breadcrumbs } from '@/components/docs/breadcrumbs';
import { Pagination } from '@/components/docs/pagination';
import { PageIntro } from '@/components/page-intro';
import { listAnnouncements } from '@/server/api/announcements/queries';
import { getReadDb } from '@/server/db/replica';
import { type LocaleParams, pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

/** Announcements per page of /doc/announce (docs/decisions/011-doc-search.md). */
const PER_PAGE = 10;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `?page=n`; absent is page 1, anything but a positive integer is a 404. */
async function pageNumber(searchParams: SearchParams): Promise<number> {
  const raw = (await searchParams).page;
  if (raw === undefined) return 1;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^[1-9]\d{0,4}$/.test(value)) notFound();
  return Number(value);
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const page = await pageNumber(searchParams);
  const texts = await pageTexts(locale, 'docAnnounce');
  const t = await getTranslations({ locale, namespace: 'doc' });
  const meta = await pageMetadata({ locale, path: '/doc/announce', title: texts.title, description: texts.intro });
  // Later pages keep the first page as canonical and stay out of the index; their links are followed.
  return page === 1
    ? meta
    : { ...meta, title: `${texts.title} - ${t('pageN', { page })}`, robots: { index: false, follow: true } };
}

/** /doc/announce (docs/product/screens.md#documentation): every announcement of the visitor's language, newest first, 10 per page. */
export default async function AnnouncementsPage({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: SearchParams;
}) {
  const locale = await resolveLocale(params);
  const page = await pageNumber(searchParams);
  const [texts, t, { items, total }] = await Promise.all([
    pageTexts(locale, 'docAnnounce'),
    getTranslations({ locale, namespace: 'doc' }),
    listAnnouncements(getReadDb(), { locale, page, row: PER_PAGE }),
  ]);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  if (page > pages) notFound();
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro}>
        <Breadcrumbs
          locale={locale}
          items={[
            { name: t('breadcrumbDocs'), path: '/doc' },
            { name: texts.title, path: '/doc/announce' },
          ]}
        />
      </PageIntro>
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        {pages > 1 ? <p className="mb-4 text-sm text-muted">{t('pageOf', { page, pages, total })}</p> : null}
        <AnnouncementList items={items} locale={locale} />
        <Pagination locale={locale} path="/doc/announce" page={page} pages={pages} />
      </div>
    </>
  );
}
