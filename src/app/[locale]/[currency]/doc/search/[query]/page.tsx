import type { Metadata } from 'next';
import { PageIntro } from '@/components/page-intro';
import { pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; query: string }>;

/** The query as the visitor typed it; a malformed escape is shown as it came. Long queries are cut. */
async function searchQuery(params: Params): Promise<string> {
  const { query } = await params;
  let text = query;
  try {
    text = decodeURIComponent(query);
  } catch {
    // keep the raw text
  }
  return text.trim().slice(0, 200);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const query = await searchQuery(params);
  const texts = await pageTexts(locale, 'docSearch', { query });
  return {
    ...(await pageMetadata({
      locale,
      path: `/doc/search/${encodeURIComponent(query)}`,
      title: texts.heading ?? texts.title,
    })),
    robots: { index: false, follow: true },
  };
}

export default async function DocSearchPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const query = await searchQuery(params);
  const texts = await pageTexts(locale, 'docSearch', { query });
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
