import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/docs/breadcrumbs';
import { DocSearchForm } from '@/components/docs/search-form';
import { PageIntro } from '@/components/page-intro';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import { normalizeQuery, type Segment, searchDocs } from '@/server/api/docs/search';
import { getReadDb } from '@/server/db/replica';
import { pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; query: string }>;

// Any text can be a query, so results are rendered per request and never fill the page cache (docs/decisions/011-doc-search.md).
export const dynamic = 'force-dynamic';

/** The query as the visitor typed it; a malformed escape is kept as it came. searchDocs cuts it to 100 characters. */
async function searchQuery(params: Params): Promise<string> {
  const { query } = await params;
  let text = query;
  try {
    text = decodeURIComponent(query);
  } catch {
    // keep the raw text
  }
  return normalizeQuery(text.slice(0, 1000));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const query = await searchQuery(params);
  const texts = await pageTexts(locale, 'docSearch', { query });
  return {
    ...(await pageMetadata({
      locale,
      path: `/doc/search/${encodeURIComponent(query)}`,
      title: query ? (texts.heading ?? texts.title) : texts.title,
      description: texts.intro,
    })),
    robots: { index: false, follow: true },
  };
}

function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          // Runs of one text never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-ink">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

/** /doc/search/{query} (docs/product/screens.md#documentation): matching articles and announcements in the visitor's language, best first. */
export default async function DocSearchPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const query = await searchQuery(params);
  const [texts, t, result] = await Promise.all([
    pageTexts(locale, 'docSearch', { query }),
    getTranslations({ locale, namespace: 'doc' }),
    searchDocs(getReadDb(), { query, locale, limit: 30 }),
  ]);
  const hits = result.hits;
  return (
    <>
      <PageIntro heading={query ? (texts.heading ?? texts.title) : texts.title} intro={texts.intro}>
        <DocSearchForm locale={locale} query={query} />
        <Breadcrumbs
          locale={locale}
          items={[
            { name: t('breadcrumbDocs'), path: '/doc' },
            { name: texts.title, path: `/doc/search/${encodeURIComponent(query)}` },
          ]}
        />
      </PageIntro>
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        {query === '' ? (
          <p className="text-muted">{t('searchEmpty')}</p>
        ) : hits.length === 0 ? (
          <div role="status" className="rounded-lg border border-line bg-surface p-6" data-testid="search-empty">
            <p className="font-semibold text-ink">{t('noResults', { query })}</p>
            <p className="mt-2 text-muted">{t('noResultsHint')}</p>
            <PageLink href="/doc" className="mt-4 inline-block text-brand-700 hover:underline">
              {t('browseAll')}
            </PageLink>
          </div>
        ) : (
          <>
            <div role="status" className="text-sm text-muted">
              {result.suggestion ? (
                // The corrected search is a link of its own, so it can be opened, shared or bookmarked.
                <p className="mb-1 text-base text-ink" data-testid="search-suggestion">
                  {t.rich('showingResultsFor', {
                    query,
                    suggestion: result.suggestion,
                    link: (chunks) => (
                      <PageLink
                        href={`/doc/search/${encodeURIComponent(result.suggestion ?? '')}`}
                        className="font-semibold text-brand-700 underline"
                      >
                        {chunks}
                      </PageLink>
                    ),
                  })}
                </p>
              ) : null}
              <p>{t('resultCount', { count: hits.length })}</p>
            </div>
            <ol className="mt-4 space-y-4" data-testid="search-results">
              {hits.map((hit) => (
                <li key={`${hit.kind}-${hit.id}`} className="rounded-lg border border-line p-5">
                  <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                    {hit.kind === 'article' ? t('kindArticle') : t('kindAnnouncement')}
                    {hit.publishedAt ? (
                      <>
                        {' · '}
                        <time dateTime={hit.publishedAt}>{formatDate(hit.publishedAt, locale)}</time>
                      </>
                    ) : null}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold">
                    <PageLink href={hit.path} className="text-brand-700 hover:underline">
                      <Marked segments={hit.titleSegments} />
                    </PageLink>
                  </h2>
                  <p className="mt-2 text-sm leading-relaxed text-ink">
                    <Marked segments={hit.snippet} />
                  </p>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </>
  );
}
