import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { formatDate } from '@/lib/format-date';
import { getAnnouncement } from '@/server/api/announcements/queries';
import { getDb } from '@/server/db/client';
import { resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; id: string }>;

// Rendered on first request, then cached; a malformed or unknown id is a 404 (SPEC §2).
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

async function load(params: Params) {
  const { id } = await params;
  const locale = await resolveLocale(params);
  const announcement = /^[1-9]\d{0,8}$/.test(id) ? await getAnnouncement(getDb(), Number(id), locale) : undefined;
  if (!announcement) notFound();
  return { locale, announcement };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, announcement } = await load(params);
  return pageMetadata({ locale, path: `/doc/announce/detail/${announcement.id}`, title: announcement.title });
}

export default async function AnnouncementPage({ params }: { params: Params }) {
  const { locale, announcement } = await load(params);
  const t = await getTranslations({ locale, namespace: 'doc' });
  return (
    <>
      <PageIntro
        heading={announcement.title}
        intro={t('published', { date: formatDate(announcement.publishedAt, locale) })}
      />
      <article className="mx-auto w-full max-w-3xl space-y-4 px-5 py-10 leading-relaxed">
        {announcement.body.split(/\n{2,}/).map((paragraph, i) => (
          // Paragraph order is stable for a given body.
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </article>
    </>
  );
}
