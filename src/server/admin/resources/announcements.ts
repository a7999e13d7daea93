import 'server-only';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AnnouncementInput, announcementPreview } from '@/lib/admin/resources/announcements';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { parseMarkdown } from '@/lib/markdown';
import type { Reader, Tx } from '../../db/client';
import { announcements, announcementTranslations } from '../../db/schema';
import { markdownHtml } from '../../docs/markdown-html';
import { indexAnnouncements } from '../../search/indexer';
import type { Binding } from '../resource/bind';

type Texts = AnnouncementInput['translations'];

/** Announcements with their three languages (empty text for a missing one), as the API answers them. */
async function read(db: Reader, where: SQL | undefined) {
  const rows = await db.select().from(announcements).where(where);
  const texts = rows.length
    ? await db
        .select()
        .from(announcementTranslations)
        .where(
          inArray(
            announcementTranslations.announcementId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    pinned: row.pinned,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    translations: textsIn(
      texts.filter((t) => t.announcementId === row.id),
      ['title', 'body'],
    ),
  }));
}

/** A row's three languages from its rows in a texts table, empty text for a language it has none in. */
export function textsIn<P extends string>(found: (Record<P, string> & { locale: string })[], parts: readonly P[]) {
  const one = (locale: AdminLocale) => {
    const text = found.find((t) => t.locale === locale);
    return Object.fromEntries(parts.map((p) => [p, text?.[p] ?? ''])) as Record<P, string>;
  };
  return { en: one('en'), zh: one('zh'), ja: one('ja') };
}

/**
 * Writes an announcement's texts, a language left empty without a row (the site shows English for it), and
 * indexes it for the site's search in the same transaction (docs/decisions/046-search.md).
 */
async function writeTexts(tx: Tx, id: number, translations: Texts): Promise<void> {
  await tx.delete(announcementTranslations).where(eq(announcementTranslations.announcementId, id));
  const rows = ADMIN_LOCALES.flatMap((locale) => {
    const t = translations[locale];
    return t.title && t.body ? [{ announcementId: id, locale, title: t.title, body: t.body }] : [];
  });
  if (rows.length) await tx.insert(announcementTranslations).values(rows);
  await indexAnnouncements(tx, [id]);
}

/** What announcements do beyond the generic path: texts in their own table, the search index, a preview. */
export const announcementsBinding: Binding = {
  // Titles in any language, through their trigram index, and the category.
  search: {
    text: [announcements.category],
    also: (pattern) =>
      sql`exists (select 1 from ${announcementTranslations} where ${and(
        eq(announcementTranslations.announcementId, announcements.id),
        ilike(announcementTranslations.title, pattern),
      )})`,
  },
  read,
  values: (input, before) => (before ? { ...input, updatedAt: new Date() } : input),
  afterWrite: (tx, id, input) => writeTexts(tx, Number(id), input.translations as Texts),
  afterDelete: async (tx, id) => {
    await indexAnnouncements(tx, [Number(id)]);
  },
  // Brought back under its old id, so links to it work again.
  restore: async (tx, state, version, exists) => {
    const values = {
      category: String(state.category),
      pinned: Boolean(state.pinned),
      publishedAt: new Date(String(state.publishedAt)),
      version,
      updatedAt: new Date(),
    };
    if (exists)
      await tx
        .update(announcements)
        .set(values)
        .where(eq(announcements.id, Number(state.id)));
    else
      await tx
        .insert(announcements)
        .overridingSystemValue()
        .values({ id: Number(state.id), ...values });
  },
  routes: (router) => {
    // A preview writes nothing and shows only what the site would show, so every role that reads content may ask.
    router.route(
      {
        method: 'post',
        path: '/admin/announcements/preview',
        summary: 'An announcement body rendered as the announcement page would show it',
        body: announcementPreview,
        response: z.object({ html: z.string() }),
        tag: 'Admin: announcements',
        auth: 'staff',
        permission: 'readContent',
      },
      (_c, { body }) => ({ html: markdownHtml(parseMarkdown(body.body)) }),
    );
  },
};
