import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { docArticleRedirects, docArticles, docArticleTranslations } from '../../db/schema';

export type ArticleSummary = { slug: string; category: string; title: string; summary: string };
export type Article = ArticleSummary & { body: string; updatedAt: string };

/** Articles of the documentation index, in the visitor's language (English where a translation is missing). */
export async function listArticles(db: Database, locale: Locale): Promise<ArticleSummary[]> {
  const rows = await db
    .select({
      slug: docArticles.slug,
      category: docArticles.category,
      locale: docArticleTranslations.locale,
      title: docArticleTranslations.title,
      summary: docArticleTranslations.summary,
    })
    .from(docArticles)
    .innerJoin(docArticleTranslations, eq(docArticleTranslations.slug, docArticles.slug))
    .orderBy(asc(docArticles.sort), asc(docArticles.slug));
  const bySlug = new Map<string, ArticleSummary>();
  for (const row of rows) {
    if (row.locale === locale || (row.locale === 'en' && !bySlug.has(row.slug))) {
      bySlug.set(row.slug, { slug: row.slug, category: row.category, title: row.title, summary: row.summary });
    }
  }
  return [...bySlug.values()];
}

export async function getArticle(db: Database, slug: string, locale: Locale): Promise<Article | undefined> {
  const rows = await db
    .select({
      slug: docArticles.slug,
      category: docArticles.category,
      updatedAt: docArticles.updatedAt,
      locale: docArticleTranslations.locale,
      title: docArticleTranslations.title,
      summary: docArticleTranslations.summary,
      body: docArticleTranslations.body,
    })
    .from(docArticles)
    .innerJoin(docArticleTranslations, eq(docArticleTranslations.slug, docArticles.slug))
    .where(and(eq(docArticles.slug, slug)));
  const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en');
  if (!row) return undefined;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Where an old address of a renamed article leads now (its current slug), or undefined. */
export async function findArticleRedirect(db: Database, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ to: docArticleRedirects.toSlug })
    .from(docArticleRedirects)
    .where(eq(docArticleRedirects.fromSlug, slug));
  return row?.to;
}

/** Slug and last change of every article, for the sitemap. */
export async function listArticleDates(db: Database): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: docArticles.slug, updatedAt: docArticles.updatedAt })
    .from(docArticles)
    .orderBy(asc(docArticles.sort), asc(docArticles.slug));
}
