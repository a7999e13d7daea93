import 'server-only';
import { asc, eq, max, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';
import { ADMIN_LOCALES, type ArticleCreate, type ArticleUpdate } from '@/lib/admin/schemas';
import { parseMarkdown } from '@/lib/markdown';
import { ApiError, BusinessCode, type FieldErrors, isUniqueViolation, notFound } from '../api/errors';
import { announceChange } from '../changes/bus';
import type { Database } from '../db/client';
import { docArticleRedirects, docArticles, docArticleTranslations } from '../db/schema';
import { type CatalogLabels, isCatalogTable, loadCatalogTables } from '../docs/catalog-tables';
import { fillInlineFacts, USD } from '../docs/inline-facts';
import { catalogTableHtml, markdownHtml } from '../docs/markdown-html';
import { indexArticles } from '../search/indexer';
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

/**
 * The article an address names (its own, or an old one that redirects), as it is now and locked until the caller's
 * transaction ends. A move committed while waiting for the lock is followed to the new address.
 */
export async function lockArticle(tx: Tx, slug: string): Promise<ArticleSnapshot | undefined> {
  for (let tries = 0; tries < 3; tries += 1) {
    const at = await currentArticleSlug(tx, slug);
    if (!at) return undefined;
    await tx.execute(sql`select 1 from ${docArticles} where ${docArticles.slug} = ${at} for update`);
    const found = await articleSnapshot(tx, at);
    if (found) return found;
  }
  return undefined;
}

/** A placeholder the site cannot fill, named at the body of the language it is in. */
function refusePlaceholders(input: { translations: Record<Locale, Text> }) {
  const fields: FieldErrors = {};
  for (const locale of ADMIN_LOCALES) {
    if (unknownPlaceholders(input.translations[locale].body).length) {
      fields[`translations.${locale}.body`] = 'api.admin.unknownPlaceholder';
    }
  }
  if (Object.keys(fields).length) throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields });
}

const slugTaken = () =>
  new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields: { slug: 'api.admin.slugTaken' } });

/**
 * Gives the article at `from` the address `to`: its texts and earlier redirects follow it (ON UPDATE CASCADE), and
 * the old address redirects to the new one. An address another article has, or one that still leads to another
 * article, is taken; the article's own old address can be taken back (its redirect goes).
 */
async function moveArticle(tx: Tx, from: string, to: string) {
  if (from === to) return;
  const [holder] = await tx
    .select({ toSlug: docArticleRedirects.toSlug })
    .from(docArticleRedirects)
    .where(eq(docArticleRedirects.fromSlug, to));
  if (holder && holder.toSlug !== from) throw slugTaken();
  if (holder) await tx.delete(docArticleRedirects).where(eq(docArticleRedirects.fromSlug, to));
  await tx.update(docArticles).set({ slug: to }).where(eq(docArticles.slug, from));
  await tx.insert(docArticleRedirects).values({ fromSlug: from, toSlug: to });
}

/** Runs `work`; a unique-key refusal on the way (another save took the slug meanwhile) is the same answer as the check. */
async function orSlugTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Adds an article, listed last in its section. Its address must be free: neither an article's nor an old address
 * that still redirects to one.
 */
export async function createArticle(db: Database, by: SignedInStaff, input: ArticleCreate) {
  refusePlaceholders(input);
  return orSlugTaken(() =>
    db.transaction(async (tx) => {
      if (await currentArticleSlug(tx, input.slug)) throw slugTaken();
      const [last] = await tx.select({ sort: max(docArticles.sort) }).from(docArticles);
      await tx.insert(docArticles).values({ slug: input.slug, category: input.category, sort: (last?.sort ?? 0) + 1 });
      await writeTexts(tx, input.slug, input.translations);
      await indexArticles(tx, [input.slug]);
      const after = (await articleSnapshot(tx, input.slug)) ?? null;
      await recordAudit(tx, {
        staffId: by.id,
        kind: 'article',
        entityId: input.slug,
        action: 'create',
        before: null,
        after,
      });
      await announceChange(tx, ['articles']);
      return after;
    }),
  );
}

/**
 * Saves an article's address, section and three languages. A placeholder the site cannot fill is refused naming
 * the language's body (an article showing `{{catalog:vps-plan}}` to visitors is a typo nobody would see in the
 * editor otherwise). A new slug leaves a redirect from the old address.
 */
export async function updateArticle(db: Database, by: SignedInStaff, slug: string, input: ArticleUpdate) {
  refusePlaceholders(input);
  return orSlugTaken(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${docArticles} where ${docArticles.slug} = ${slug} for update`);
      const before = await articleSnapshot(tx, slug);
      if (!before) throw notFound('api.admin.notFound');
      if (before.version !== input.version) {
        throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current: before } });
      }
      await moveArticle(tx, slug, input.slug);
      await tx
        .update(docArticles)
        .set({ category: input.category, version: before.version + 1, updatedAt: new Date() })
        .where(eq(docArticles.slug, input.slug));
      await writeTexts(tx, input.slug, input.translations);
      // The old address's entries go, the new one's are written (docs/decisions/046-search.md).
      await indexArticles(tx, [slug, input.slug]);
      const after = (await articleSnapshot(tx, input.slug)) ?? null;
      await recordAudit(tx, { staffId: by.id, kind: 'article', entityId: input.slug, action: 'update', before, after });
      await announceChange(tx, ['articles']);
      return after;
    }),
  );
}

/**
 * Puts an article back as an audit entry found it (address, section and texts), as a new version. `slug` is the
 * entry's, which may since have moved: the article is found through its redirects. Undoing its creation is not
 * offered (its address may already be linked to).
 */
export async function restoreArticle(tx: Tx, slug: string, state: ArticleSnapshot | null) {
  const at = await currentArticleSlug(tx, slug);
  if (!at || !state) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
  await tx.execute(sql`select 1 from ${docArticles} where ${docArticles.slug} = ${at} for update`);
  const now = await articleSnapshot(tx, at);
  if (!now) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
  await orSlugTaken(() => moveArticle(tx, at, state.slug));
  await tx
    .update(docArticles)
    .set({ category: state.category, version: now.version + 1, updatedAt: new Date() })
    .where(eq(docArticles.slug, state.slug));
  await writeTexts(tx, state.slug, state.translations);
  await indexArticles(tx, [at, state.slug]);
  await announceChange(tx, ['articles']);
  return (await articleSnapshot(tx, state.slug)) ?? null;
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
