import 'server-only';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { z } from 'zod';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';
import { type ArticleInput, articlePreview } from '@/lib/admin/resources/articles';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { parseMarkdown } from '@/lib/markdown';
import { ApiError, BusinessCode, type FieldErrors, invalidInput } from '../../api/errors';
import type { Database, Reader, Tx } from '../../db/client';
import { docArticleRedirects, docArticles, docArticleTranslations } from '../../db/schema';
import { type CatalogLabels, isCatalogTable, loadCatalogTables } from '../../docs/catalog-tables';
import { fillInlineFacts, USD } from '../../docs/inline-facts';
import { catalogTableHtml, markdownHtml } from '../../docs/markdown-html';
import { indexArticles } from '../../search/indexer';
import type { Binding } from '../resource/bind';
import { textsIn } from './announcements';

type Texts = ArticleInput['translations'];
const MESSAGES = { en, zh, ja } as const;

/** Every `{{…}}` in a body that is neither a catalog table the site has nor an inline amount. */
export function unknownPlaceholders(body: string): string[] {
  const found = [...body.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1] ?? '');
  return [
    ...new Set(
      found.filter((p) => {
        const [kind, name = ''] = p.split(':');
        if (kind === 'catalog') return !isCatalogTable(name);
        if (kind === 'money') return !/^\d{1,9}$/.test(name);
        return true;
      }),
    ),
  ].map((p) => `{{${p}}}`);
}

/**
 * The article body as the site will show it, made by the site's own renderer (the same parser, inline amounts in
 * US dollars, live catalog tables), with the placeholders it cannot fill.
 */
export async function previewArticle(db: Database, locale: AdminLocale, body: string) {
  const blocks = parseMarkdown(fillInlineFacts(body, USD, locale, null));
  const names = blocks.flatMap((b) => (b.type === 'placeholder' ? [b.name] : []));
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'docCatalog' });
  const labels: CatalogLabels = (key, values) => t(key as never, values as never);
  const tables = names.length
    ? await loadCatalogTables(db, names, { locale, currency: USD, tax: null, t: labels })
    : new Map();
  const html = markdownHtml(blocks, (name) => {
    const table = tables.get(name as never);
    return table ? catalogTableHtml(table) : null;
  });
  return { html, unknownPlaceholders: unknownPlaceholders(body) };
}

/** Articles with their three languages (empty text for a missing one), as the API answers them. */
async function read(db: Reader, where: SQL | undefined) {
  const rows = await db.select().from(docArticles).where(where);
  const texts = rows.length
    ? await db
        .select()
        .from(docArticleTranslations)
        .where(
          inArray(
            docArticleTranslations.slug,
            rows.map((r) => r.slug),
          ),
        )
    : [];
  return rows.map((row) => ({
    slug: row.slug,
    category: row.category,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    translations: textsIn(
      texts.filter((t) => t.slug === row.slug),
      ['title', 'summary', 'body'],
    ),
  }));
}

/** Writes an article's texts (a language without a body has no row) and its search entries. */
async function writeTexts(tx: Tx, slug: string, translations: Texts): Promise<void> {
  await tx.delete(docArticleTranslations).where(eq(docArticleTranslations.slug, slug));
  const rows = ADMIN_LOCALES.flatMap((locale) => {
    const t = translations[locale];
    return t.title && t.body.trim() ? [{ slug, locale, title: t.title, summary: t.summary, body: t.body }] : [];
  });
  if (rows.length) await tx.insert(docArticleTranslations).values(rows);
  await indexArticles(tx, [slug]);
}

/** The slug an article is at now: `slug` itself, or where an old address of it redirects. */
export async function currentArticleSlug(db: Reader, slug: string): Promise<string | undefined> {
  const [article] = await db.select({ slug: docArticles.slug }).from(docArticles).where(eq(docArticles.slug, slug));
  if (article) return article.slug;
  const [moved] = await db
    .select({ slug: docArticleRedirects.toSlug })
    .from(docArticleRedirects)
    .where(eq(docArticleRedirects.fromSlug, slug));
  return moved?.slug;
}

const slugTaken = () => invalidInput({ slug: 'api.admin.slugTaken' });

/**
 * Gives the article at `from` the address `to`: its texts and earlier redirects follow it (ON UPDATE CASCADE), the
 * old address redirects to the new one, and the old address's search entries go. An address that still leads to
 * another article is taken; the article's own old address can be taken back (its redirect goes).
 */
async function moveArticle(tx: Tx, from: string, to: string) {
  const [holder] = await tx
    .select({ toSlug: docArticleRedirects.toSlug })
    .from(docArticleRedirects)
    .where(eq(docArticleRedirects.fromSlug, to));
  if (holder && holder.toSlug !== from) throw slugTaken();
  if (holder) await tx.delete(docArticleRedirects).where(eq(docArticleRedirects.fromSlug, to));
  await tx.update(docArticles).set({ slug: to }).where(eq(docArticles.slug, from));
  await tx.insert(docArticleRedirects).values({ fromSlug: from, toSlug: to });
  await indexArticles(tx, [from]);
}

/**
 * What articles do beyond the generic path: texts in their own table, the address rule (free to take, a move
 * leaves a redirect), placeholders the site cannot fill refused per language, the search index, a preview.
 */
export const articlesBinding: Binding = {
  search: {
    text: [docArticles.category],
    also: (pattern) =>
      sql`exists (select 1 from ${docArticleTranslations} where ${and(
        eq(docArticleTranslations.slug, docArticles.slug),
        ilike(docArticleTranslations.title, pattern),
      )})`,
  },
  read,
  // A new article is listed last in its section.
  values: (input, before) =>
    before
      ? { ...input, updatedAt: new Date() }
      : { ...input, sort: sql`(select coalesce(max(${docArticles.sort}), 0) + 1 from ${docArticles})` },
  check: async (tx, input, before) => {
    const fields: FieldErrors = {};
    // An article showing `{{catalog:vps-plan}}` to visitors is a typo nobody would see in the editor otherwise.
    const texts = input.translations as Texts;
    for (const locale of ADMIN_LOCALES) {
      if (unknownPlaceholders(texts[locale].body).length) {
        fields[`translations.${locale}.body`] = 'api.admin.unknownPlaceholder';
      }
    }
    // An address is free unless an article has it or it still redirects to one (this article's own old ones aside).
    const slug = String(input.slug);
    if (slug !== before?.slug) {
      const holder = await currentArticleSlug(tx, slug);
      if (holder !== undefined && holder !== before?.slug) fields.slug = 'api.admin.slugTaken';
    }
    return fields;
  },
  rekey: (tx, from, to) => moveArticle(tx, String(from), String(to)),
  follow: (db, slug) => currentArticleSlug(db, String(slug)),
  afterWrite: (tx, slug, input) => writeTexts(tx, String(slug), input.translations as Texts),
  // Articles are never deleted, so an undo finds the row (at the address `state` had, moved back if need be).
  restore: async (tx, state, version, exists) => {
    if (!exists) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
    await tx
      .update(docArticles)
      .set({ category: String(state.category), version, updatedAt: new Date() })
      .where(eq(docArticles.slug, String(state.slug)));
  },
  routes: (router) => {
    // A preview writes nothing and shows only what the site would show, so every role that reads content may ask.
    router.route(
      {
        method: 'post',
        path: '/admin/articles/preview',
        summary: 'An article body rendered as the site would show it, with the placeholders it cannot fill',
        body: articlePreview,
        response: z.object({ html: z.string(), unknownPlaceholders: z.array(z.string()) }),
        tag: 'Admin: articles',
        auth: 'staff',
        permission: 'readContent',
      },
      (c, { body }) => previewArticle(c.get('db'), body.locale, body.body),
    );
  },
};
