import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';
import { ADMIN_LOCALES, type ArticleUpdate } from '@/lib/admin/schemas';
import { parseMarkdown } from '@/lib/markdown';
import { ApiError, BusinessCode, type FieldErrors, notFound } from '../api/errors';
import { announceChange } from '../changes/bus';
import type { Database } from '../db/client';
import { docArticles, docArticleTranslations } from '../db/schema';
import { type CatalogLabels, isCatalogTable, loadCatalogTables } from '../docs/catalog-tables';
import { fillInlineFacts, USD } from '../docs/inline-facts';
import { catalogTableHtml, markdownHtml } from '../docs/markdown-html';
import { recordAudit } from './audit';
import type { SignedInStaff } from './sessions';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;
type Locale = (typeof ADMIN_LOCALES)[number];
type Text = { title: string; summary: string; body: string };

export type ArticleSnapshot = {
  slug: string;
  category: string;
  version: number;
  updatedAt: string;
  translations: Record<Locale, Text>;
};

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

export async function listArticles(db: Database) {
  const rows = await db
    .select({
      slug: docArticles.slug,
      category: docArticles.category,
      version: docArticles.version,
      updatedAt: docArticles.updatedAt,
      locale: docArticleTranslations.locale,
      title: docArticleTranslations.title,
    })
    .from(docArticles)
    .leftJoin(docArticleTranslations, eq(docArticleTranslations.slug, docArticles.slug))
    .orderBy(asc(docArticles.sort), asc(docArticles.slug));
  const bySlug = new Map<
    string,
    { slug: string; category: string; version: number; updatedAt: string; titles: Record<string, string> }
  >();
  for (const r of rows) {
    const item = bySlug.get(r.slug) ?? {
      slug: r.slug,
      category: r.category,
      version: r.version,
      updatedAt: r.updatedAt.toISOString(),
      titles: {},
    };
    if (r.locale && r.title) item.titles[r.locale] = r.title;
    bySlug.set(r.slug, item);
  }
  return { items: [...bySlug.values()] };
}

export async function articleSnapshot(db: Reader, slug: string): Promise<ArticleSnapshot | undefined> {
  const [row] = await db.select().from(docArticles).where(eq(docArticles.slug, slug));
  if (!row) return undefined;
  const texts = await db.select().from(docArticleTranslations).where(eq(docArticleTranslations.slug, slug));
  const text = (locale: string): Text => {
    const t = texts.find((x) => x.locale === locale);
    return { title: t?.title ?? '', summary: t?.summary ?? '', body: t?.body ?? '' };
  };
  return {
    slug: row.slug,
    category: row.category,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    translations: { en: text('en'), zh: text('zh'), ja: text('ja') },
  };
}

export async function getArticleForEditing(db: Database, slug: string): Promise<ArticleSnapshot> {
  const found = await articleSnapshot(db, slug);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

async function writeTexts(tx: Tx, slug: string, translations: Record<Locale, Text>): Promise<void> {
  await tx.delete(docArticleTranslations).where(eq(docArticleTranslations.slug, slug));
  const rows = ADMIN_LOCALES.flatMap((locale) => {
    const t = translations[locale];
    return t.title && t.body.trim() ? [{ slug, locale, title: t.title, summary: t.summary, body: t.body }] : [];
  });
  if (rows.length) await tx.insert(docArticleTranslations).values(rows);
}

/**
 * Saves an article's three languages. A placeholder the site cannot fill is refused naming the language's body
 * (an article showing `{{catalog:vps-plan}}` to visitors is a typo nobody would see in the editor otherwise).
 */
export async function updateArticle(db: Database, by: SignedInStaff, slug: string, input: ArticleUpdate) {
  const fields: FieldErrors = {};
  for (const locale of ADMIN_LOCALES) {
    if (unknownPlaceholders(input.translations[locale].body).length) {
      fields[`translations.${locale}.body`] = 'api.admin.unknownPlaceholder';
    }
  }
  if (Object.keys(fields).length) throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${docArticles} where ${docArticles.slug} = ${slug} for update`);
    const before = await articleSnapshot(tx, slug);
    if (!before) throw notFound('api.admin.notFound');
    if (before.version !== input.version) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current: before } });
    }
    await tx
      .update(docArticles)
      .set({ version: before.version + 1, updatedAt: new Date() })
      .where(eq(docArticles.slug, slug));
    await writeTexts(tx, slug, input.translations);
    const after = (await articleSnapshot(tx, slug)) ?? null;
    await recordAudit(tx, { staffId: by.id, kind: 'article', entityId: slug, action: 'update', before, after });
    await announceChange(tx, ['articles']);
    return after;
  });
}

/** Puts an article's texts back as an audit entry found them, as a new version (the slug itself stays). */
export async function restoreArticle(tx: Tx, slug: string, state: ArticleSnapshot | null) {
  await tx.execute(sql`select 1 from ${docArticles} where ${docArticles.slug} = ${slug} for update`);
  const now = await articleSnapshot(tx, slug);
  if (!now || !state) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
  await tx
    .update(docArticles)
    .set({ version: now.version + 1, updatedAt: new Date() })
    .where(eq(docArticles.slug, slug));
  await writeTexts(tx, slug, state.translations);
  await announceChange(tx, ['articles']);
  return (await articleSnapshot(tx, slug)) ?? null;
}

/**
 * The article body as the site will show it, made by the site's own renderer (the same parser, inline amounts in
 * US dollars, live catalog tables), with the placeholders it cannot fill.
 */
export async function previewArticle(db: Database, locale: Locale, body: string) {
  const blocks = parseMarkdown(fillInlineFacts(body, USD, locale));
  const names = blocks.flatMap((b) => (b.type === 'placeholder' ? [b.name] : []));
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'docCatalog' });
  const labels: CatalogLabels = (key, values) => t(key as never, values as never);
  const tables = names.length ? await loadCatalogTables(db, names, { locale, currency: USD, t: labels }) : new Map();
  const html = markdownHtml(blocks, (name) => {
    const table = tables.get(name as never);
    return table ? catalogTableHtml(table) : null;
  });
  return { html, unknownPlaceholders: unknownPlaceholders(body) };
}
