import { getTranslations } from 'next-intl/server';
import { AnnouncementList } from '@/components/docs/announcement-list';
import { DocSearchForm } from '@/components/docs/search-form';
import { PageIntro } from '@/components/page-intro';
import { PageLink } from '@/i18n/page-link';
import { listAnnouncements } from '@/server/api/announcements/queries';
import { type ArticleSummary, listArticles } from '@/server/api/docs/queries';
import { getReadDb } from '@/server/db/replica';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const revalidate = 300;
export const generateMetadata = metadataFor('doc', '/doc');

/** Article categories with a translated heading, in the order the index shows them. */
const CATEGORIES = ['product', 'pricing', 'developer', 'network', 'policy'] as const;

/** /doc (docs/product/screens.md#documentation): articles grouped by category, a search form and the latest announcements. */
export default async function DocIndexPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const texts = await pageTexts(locale, 'doc');
  const t = await getTranslations({ locale, namespace: 'doc' });
  const [articles, latest] = await Promise.all([
    listArticles(getReadDb(), locale),
    listAnnouncements(getReadDb(), { locale, page: 1, row: 5 }),
  ]);
  const known = new Set<string>(CATEGORIES);
  const groups: { key: string; title: string; articles: ArticleSummary[] }[] = [
    ...CATEGORIES.map((key) => ({
      key,
      title: t(`category.${key}`),
      articles: articles.filter((a) => a.category === key),
    })),
    { key: 'other', title: t('category.other'), articles: articles.filter((a) => !known.has(a.category)) },
  ].filter((g) => g.articles.length > 0);
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro}>
        <DocSearchForm locale={locale} />
      </PageIntro>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-5 py-12 desk:grid-cols-3">
        <div className="space-y-10 desk:col-span-2">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`doc-${group.key}`}>
              <h2 id={`doc-${group.key}`} className="text-xl font-semibold">
                {group.title}
              </h2>
              <ul className="mt-4 grid gap-4 desk:grid-cols-2">
                {group.articles.map((a) => (
                  <li key={a.slug}>
                    <PageLink
                      href={`/doc/article/${a.slug}`}
                      className="block h-full rounded-lg border border-line p-4 hover:border-brand-500 hover:shadow-sm"
                    >
                      <span className="font-semibold text-ink">{a.title}</span>
                      <span className="mt-1 block text-sm text-muted">{a.summary}</span>
                    </PageLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <section aria-labelledby="doc-announcements">
          <h2 id="doc-announcements" className="text-xl font-semibold">
            {t('announcements')}
          </h2>
          <div className="mt-4">
            <AnnouncementList items={latest.items} locale={locale} />
          </div>
          <PageLink href="/doc/announce" className="mt-3 inline-block text-sm text-brand-700 hover:underline">
            {t('allAnnouncements')}
          </PageLink>
        </section>
      </div>
    </>
  );
}
