import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArticleHtml } from '@/components/docs/article-html';
import { Breadcrumbs } from '@/components/docs/breadcrumbs';
import { PageIntro } from '@/components/page-intro';
import { formatDate } from '@/lib/format-date';
import { markdownText, parseMarkdown } from '@/lib/markdown';
import { getAnnouncement } from '@/server/api/announcements/queries';
import { getReadDb } from '@/server/db/replica';
import { markdownHtml } from '@/server/docs/markdown-html';
import { resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; id: string }>;

// Rendered on first request, then cached; a malformed or unknown id is a 404 (docs/product/screens.md#not-found-and-error-pages).
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

async function load(params: Params) {
  const { id } = await params;
  const locale = await resolveLocale(params);
  const announcement = /^[1-9]\d{0,8}$/.test(id) ? await getAnnouncement(getReadDb(), Number(id), locale) : undefined;
  if (!announcement) notFound();
  return { locale, announcement };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, announcement } = await load(params);
  return pageMetadata({
    locale,
    path: `/doc/announce/detail/${announcement.id}`,
    title: announcement.title,
    description: markdownText(announcement.body).replace(/\s+/g, ' ').slice(0, 160),
    type: 'article',
  });
}

/** /doc/announce/detail/{id} (docs/product/screens.md#documentation): one announcement, its Markdown body rendered on the server. */
export default async function AnnouncementPage({ params }: { params: Params }) {
  const { locale, announcement } = await load(params);
  const t = await getTranslations({ locale, namespace: 'doc' });
  return (
    <>
      <PageIntro
        heading={announcement.title}
        intro={t('published', { date: formatDate(announcement.publishedAt, locale) })}
      >
        <Breadcrumbs
          locale={locale}
          items={[
            { name: t('breadcrumbDocs'), path: '/doc' },
            { name: t('announcements'), path: '/doc/announce' },
            { name: announcement.title, path: `/doc/announce/detail/${announcement.id}` },
          ]}
        />
      </PageIntro>
      <ArticleHtml
        as="article"
        className="mx-auto w-full max-w-3xl px-5 py-10"
        html={markdownHtml(parseMarkdown(announcement.body))}
      />
    </>
  );
}
