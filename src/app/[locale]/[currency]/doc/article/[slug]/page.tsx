import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageIntro } from '@/components/page-intro';
import { routing } from '@/i18n/routing';
import { DOC_SLUGS, isDocSlug } from '@/lib/routes';
import { getArticle } from '@/server/api/docs/queries';
import { getDb } from '@/server/db/client';
import { resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; slug: string }>;

// The 11 slugs of SPEC §2 are prerendered per language; any other slug is a 404.
export const dynamicParams = false;
export const revalidate = 300;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => DOC_SLUGS.map((slug) => ({ locale, slug })));
}

async function load(params: Params) {
  const { slug } = await params;
  const locale = await resolveLocale(params);
  const article = isDocSlug(slug) ? await getArticle(getDb(), slug, locale) : undefined;
  if (!article) notFound();
  return { locale, article };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, article } = await load(params);
  return pageMetadata({
    locale,
    path: `/doc/article/${article.slug}`,
    title: article.title,
    description: article.summary,
  });
}

export default async function DocArticlePage({ params }: { params: Params }) {
  const { article } = await load(params);
  return <PageIntro heading={article.title} intro={article.summary} />;
}
