import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageIntro } from '@/components/page-intro';
import { pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; id: string }>;

/** A group id is a positive integer; anything else fails page validation with a 404 (SPEC §2). */
async function load(params: Params) {
  const { id } = await params;
  const locale = await resolveLocale(params);
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return { locale, id };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, id } = await load(params);
  const texts = await pageTexts(locale, 'pintuanJoin');
  return {
    ...(await pageMetadata({
      locale,
      path: `/activity/pintuan/part-vps/${id}`,
      title: texts.title,
      description: texts.intro,
    })),
    robots: { index: false, follow: true },
  };
}

export default async function GroupBuyJoinPage({ params }: { params: Params }) {
  const { locale } = await load(params);
  const texts = await pageTexts(locale, 'pintuanJoin');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
