import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArticleHtml } from '@/components/docs/article-html';
import { Breadcrumbs } from '@/components/docs/breadcrumbs';
import { PageIntro } from '@/components/page-intro';
import { routing } from '@/i18n/routing';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';
import { formatDate } from '@/lib/format-date';
import { type Block, parseMarkdown } from '@/lib/markdown';
import { DOC_SLUGS, localizedPath } from '@/lib/routes';
import { isSitePath } from '@/lib/site-path';
import { findArticleRedirect, getArticle } from '@/server/api/docs/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { type CatalogLabels, loadCatalogTables } from '@/server/docs/catalog-tables';
import { fillInlineFacts } from '@/server/docs/inline-facts';
import { catalogTableHtml, markdownHtml } from '@/server/docs/markdown-html';
import { resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; currency: string; slug: string }>;

// The seeded articles are prerendered per language and currency; an article added or renamed in the back office
// is rendered on its first request and kept like them. An old address of a renamed article redirects for good.
export const revalidate = 300;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => DOC_SLUGS.map((slug) => ({ locale, slug })));
}

/** The back office's rule for a slug (src/lib/admin/schemas.ts): anything else names no article. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Articles with at least this many sections get a table of contents. */
const TOC_MIN_SECTIONS = 4;

async function load(params: Params) {
  const { slug } = await params;
  const locale = await resolveLocale(params);
  const valid = SLUG.test(slug) && slug.length <= 80;
  const article = valid ? await getArticle(getReadDb(), slug, locale) : undefined;
  if (!article) {
    const movedTo = valid ? await findArticleRedirect(getReadDb(), slug) : undefined;
    // A redirect goes only to a path on this site (docs/decisions/053-site-paths.md), whatever the row holds.
    const target = movedTo && SLUG.test(movedTo) ? localizedPath(locale, `/doc/article/${movedTo}`) : undefined;
    if (target && isSitePath(target)) permanentRedirect(target);
    notFound();
  }
  return { locale, article };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, article } = await load(params);
  return pageMetadata({
    locale,
    path: `/doc/article/${article.slug}`,
    title: article.title,
    description: article.summary,
    type: 'article',
  });
}

type Heading = Extract<Block, { type: 'heading' }>;

function TocList({ items }: { items: Heading[] }) {
  return (
    <ol className="mt-3 space-y-2 border-l border-line text-sm">
      {items.map((h) => (
        <li key={h.id} className={h.level === 3 ? 'pl-7' : 'pl-4'}>
          <a href={`#${h.id}`} className="text-ink hover:text-brand-700 hover:underline">
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** /doc/article/{slug}: the Markdown body rendered on the server, with live catalog tables. */
export default async function DocArticlePage({ params }: { params: Params }) {
  const { locale, article } = await load(params);
  const db = getReadDb();
  const [t, catalogT, currency] = await Promise.all([
    getTranslations({ locale, namespace: 'doc' }),
    getTranslations({ locale, namespace: 'docCatalog' }),
    pageCurrency(db, (await params).currency),
  ]);
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
  const tax = await displayTaxFor(db, locale, currency.type);
  const blocks = parseMarkdown(fillInlineFacts(article.body, currency, locale, tax));
  const placeholders = blocks.flatMap((b) => (b.type === 'placeholder' ? [b.name] : []));
  const labels: CatalogLabels = (key, values) => catalogT(key as Parameters<typeof catalogT>[0], values);
  const tables = placeholders.length
    ? await loadCatalogTables(db, placeholders, { locale, currency, tax, t: labels })
    : new Map();
  const toc = blocks.filter((b): b is Heading => b.type === 'heading' && b.level <= 3);
  const showToc = toc.filter((h) => h.level === 2).length >= TOC_MIN_SECTIONS;
  // On a phone the article's first paragraph, not the intro band, is the largest text on the first screen,
  // so the first frame waits for it too (decision 021).
  const firstParagraph = blocks.findIndex((b) => b.type === 'paragraph');
  const lead = firstParagraph === -1 ? 1 : firstParagraph + 1;
  const placeholder = (name: string) => {
    const table = tables.get(name as never);
    return table ? catalogTableHtml(table) : null;
  };

  return (
    <>
      <PageIntro heading={article.title} intro={article.summary} firstScreen={false}>
        <Breadcrumbs
          locale={locale}
          items={[
            { name: t('breadcrumbDocs'), path: '/doc' },
            { name: article.title, path: `/doc/article/${article.slug}` },
          ]}
        />
      </PageIntro>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-5 py-10 desk:grid-cols-[16rem_minmax(0,1fr)]">
        {showToc ? (
          // One landmark, one name: the phone's folded list and the desk's open one are its two looks.
          <nav aria-label={t('toc')} className="desk:sticky desk:top-24 desk:self-start">
            {/* Phones: the contents fold away so the article starts on the first screen (no JavaScript needed). */}
            <details className="rounded-lg border border-line px-4 py-3 desk:hidden">
              <summary className="cursor-pointer font-semibold text-ink">{t('toc')}</summary>
              <TocList items={toc} />
            </details>
            <div className="hidden desk:block">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('toc')}</h2>
              <TocList items={toc} />
            </div>
          </nav>
        ) : null}
        <article className={`min-w-0 max-w-3xl ${showToc ? '' : 'desk:col-span-2'}`}>
          {/* The body is static escaped HTML, hydrated as one node each (decision 029). */}
          <ArticleHtml id={FIRST_SCREEN_ID} html={markdownHtml(blocks.slice(0, lead), placeholder)} />
          <ArticleHtml html={markdownHtml(blocks.slice(lead), placeholder)} />
          <p className="mt-12 border-t border-line pt-4 text-sm text-muted">
            {t('updated', { date: formatDate(article.updatedAt, locale) })}
          </p>
        </article>
      </div>
    </>
  );
}
