import { redirect } from 'next/navigation';
import { DocSearchForm } from '@/components/docs/search-form';
import { PageIntro } from '@/components/page-intro';
import { localizedPath } from '@/lib/routes';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const dynamic = 'force-dynamic';
export const generateMetadata = metadataFor('docSearch', '/doc/search');

/**
 * /doc/search?q= is where the doc pages' search form lands without JavaScript: a query goes on to
 * /doc/search/{encoded query} (docs/product/screens.md#documentation); a blank one shows the form without results.
 */
export default async function DocSearchFormPage({
  params,
  searchParams,
}: {
  params: LocaleParams;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await resolveLocale(params);
  const { q } = await searchParams;
  const query = (Array.isArray(q) ? q[0] : q)?.trim().slice(0, 200) ?? '';
  if (query !== '') redirect(localizedPath(locale, `/doc/search/${encodeURIComponent(query)}`));
  const texts = await pageTexts(locale, 'docSearch', { query: '' });
  return (
    <PageIntro heading={texts.title} intro={texts.intro}>
      <DocSearchForm locale={locale} />
    </PageIntro>
  );
}
