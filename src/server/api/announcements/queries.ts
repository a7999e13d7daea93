import 'server-only';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { int, isoTime } from '@/lib/api/answers';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { announcements, announcementTranslations } from '../../db/schema';

/**
 * Shown from its published_at on, by the database's clock: an operator may schedule an announcement ahead, and
 * every instance drops its copies at that moment (src/server/changes/listener.ts).
 */
export const isPublished = () => lte(announcements.publishedAt, sql`now()`);

export const announcementSummaryAnswer = z.object({
  id: int(),
  title: z.string(),
  category: z.string(),
  pinned: z.boolean(),
  publishedAt: isoTime(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummaryAnswer>;
export type AnnouncementDetail = AnnouncementSummary & { body: string };

/**
 * Announcements of one language, newest first (docs/product/api.md#site-and-shell: page, row, language). An announcement is listed
 * in a language only when it has a translation there, so the ticker never mixes languages.
 */
export async function listAnnouncements(
  db: Database,
  options: { locale: Locale; page: number; row: number },
): Promise<{ items: AnnouncementSummary[]; total: number }> {
  const where = and(eq(announcementTranslations.locale, options.locale), isPublished());
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: announcements.id,
        title: announcementTranslations.title,
        category: announcements.category,
        pinned: announcements.pinned,
        publishedAt: announcements.publishedAt,
      })
      .from(announcements)
      .innerJoin(announcementTranslations, eq(announcementTranslations.announcementId, announcements.id))
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(options.row)
      .offset((options.page - 1) * options.row),
    db
      .select({ total: count() })
      .from(announcementTranslations)
      .innerJoin(announcements, eq(announcements.id, announcementTranslations.announcementId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
    total: totals[0]?.total ?? 0,
  };
}

/** One announcement in a language, falling back to English when that translation is missing (docs/design.md#data). */
export async function getAnnouncement(
  db: Database,
  id: number,
  locale: Locale,
): Promise<AnnouncementDetail | undefined> {
  const rows = await db
    .select({
      id: announcements.id,
      category: announcements.category,
      pinned: announcements.pinned,
      publishedAt: announcements.publishedAt,
      locale: announcementTranslations.locale,
      title: announcementTranslations.title,
      body: announcementTranslations.body,
    })
    .from(announcements)
    .innerJoin(announcementTranslations, eq(announcementTranslations.announcementId, announcements.id))
    .where(and(eq(announcements.id, id), isPublished()));
  const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en');
  if (!row) return undefined;
  if (row.locale !== locale) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'missing translation, showing English',
        where: `announcement ${id}`,
        locale,
      }),
    );
  }
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

/** Every announcement with the languages it is translated into, for the sitemap (docs/product/screens.md#search-engines). */
export async function listAnnouncementLanguages(
  db: Database,
): Promise<{ id: number; publishedAt: Date; locales: Locale[] }[]> {
  const rows = await db
    .select({
      id: announcements.id,
      publishedAt: announcements.publishedAt,
      locale: announcementTranslations.locale,
    })
    .from(announcements)
    .innerJoin(announcementTranslations, eq(announcementTranslations.announcementId, announcements.id))
    .where(isPublished())
    .orderBy(desc(announcements.publishedAt), desc(announcements.id));
  const byId = new Map<number, { id: number; publishedAt: Date; locales: Locale[] }>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, publishedAt: row.publishedAt, locales: [] };
    entry.locales.push(row.locale);
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}
