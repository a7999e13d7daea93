import 'server-only';
import { and, asc, desc, eq, exists, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_LOCALES, type AnnouncementInput, type listQuery } from '@/lib/admin/schemas';
import { parseMarkdown } from '@/lib/markdown';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import { announceChange } from '../changes/bus';
import type { Database } from '../db/client';
import { announcements, announcementTranslations } from '../db/schema';
import { markdownHtml } from '../docs/markdown-html';
import { indexAnnouncements } from '../search/indexer';
import { recordAudit } from './audit';
import { cappedTotal } from './list-total';
import type { SignedInStaff } from './sessions';

export const ANNOUNCEMENT_SORTS = ['publishedAt', 'updatedAt', 'category', 'id'] as const;
type ListQuery = z.output<ReturnType<typeof listQuery<typeof ANNOUNCEMENT_SORTS>>>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

type Text = { title: string; body: string };
/** An announcement as the editor shows it and the audit log keeps it. */
export type AnnouncementSnapshot = {
  id: number;
  category: string;
  pinned: boolean;
  publishedAt: string;
  version: number;
  updatedAt: string;
  translations: Record<(typeof ADMIN_LOCALES)[number], Text>;
};

const SORT_COLUMNS = {
  publishedAt: announcements.publishedAt,
  updatedAt: announcements.updatedAt,
  category: announcements.category,
  id: announcements.id,
} as const;

/** Announcements for the editor's list, a page at a time, searched in every language's title. */
export async function listAnnouncements(db: Database, query: ListQuery) {
  const q = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = q
    ? exists(
        db
          .select({ one: sql`1` })
          .from(announcementTranslations)
          .where(
            and(
              eq(announcementTranslations.announcementId, announcements.id),
              ilike(announcementTranslations.title, `%${q}%`),
            ),
          ),
      )
    : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const ordering = [order(SORT_COLUMNS[query.sort]), order(announcements.id)];
  // The page's ids first, from the sort's index alone (a deep page skips index entries, not rows), then their rows.
  const pageIds = db
    .select({ id: announcements.id })
    .from(announcements)
    .where(where)
    .orderBy(...ordering)
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [{ total, capped }, rows] = await Promise.all([
    cappedTotal(db, announcements, where),
    db
      .select()
      .from(announcements)
      .where(inArray(announcements.id, pageIds))
      .orderBy(...ordering),
  ]);
  const texts = rows.length
    ? await db
        .select({
          id: announcementTranslations.announcementId,
          locale: announcementTranslations.locale,
          title: announcementTranslations.title,
        })
        .from(announcementTranslations)
        .where(sql`${announcementTranslations.announcementId} in ${rows.map((r) => r.id)}`)
    : [];
  return {
    total,
    capped,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => ({
      id: r.id,
      category: r.category,
      pinned: r.pinned,
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
      titles: Object.fromEntries(texts.filter((t) => t.id === r.id).map((t) => [t.locale, t.title])),
    })),
  };
}

/** One announcement with its three languages (empty text for a missing one), or undefined. */
export async function announcementSnapshot(db: Reader, id: number): Promise<AnnouncementSnapshot | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) return undefined;
  const texts = await db.select().from(announcementTranslations).where(eq(announcementTranslations.announcementId, id));
  const text = (locale: string): Text => {
    const t = texts.find((x) => x.locale === locale);
    return { title: t?.title ?? '', body: t?.body ?? '' };
  };
  return {
    id: row.id,
    category: row.category,
    pinned: row.pinned,
    publishedAt: row.publishedAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    translations: { en: text('en'), zh: text('zh'), ja: text('ja') },
  };
}

export async function getAnnouncement(db: Database, id: number): Promise<AnnouncementSnapshot> {
  const found = await announcementSnapshot(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

/** Writes the texts of an announcement: a language left empty has no row (the site shows English for it). */
async function writeTexts(tx: Tx, id: number, input: Pick<AnnouncementInput, 'translations'>): Promise<void> {
  await tx.delete(announcementTranslations).where(eq(announcementTranslations.announcementId, id));
  const rows = ADMIN_LOCALES.flatMap((locale) => {
    const t = input.translations[locale];
    return t.title && t.body ? [{ announcementId: id, locale, title: t.title, body: t.body }] : [];
  });
  if (rows.length) await tx.insert(announcementTranslations).values(rows);
  // Searchable as soon as the save commits (docs/decisions/046-search.md).
  await indexAnnouncements(tx, [id]);
}

/** An announcement as it is now, locked until the caller's transaction ends; undefined when there is none. */
export async function lockAnnouncement(tx: Tx, id: number): Promise<AnnouncementSnapshot | undefined> {
  await tx.execute(sql`select 1 from ${announcements} where ${announcements.id} = ${id} for update`);
  return announcementSnapshot(tx, id);
}

/**
 * The row locked for a save, or 404; a save made over another version answers 409 with the row as it is now, so
 * the editor can show theirs beside what was typed.
 */
async function lockForSave(tx: Tx, id: number, version: number): Promise<AnnouncementSnapshot> {
  const current = await lockAnnouncement(tx, id);
  if (!current) throw notFound('api.admin.notFound');
  if (current.version !== version) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current } });
  }
  return current;
}

export async function createAnnouncement(db: Database, by: SignedInStaff, input: AnnouncementInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ category: input.category, pinned: input.pinned, publishedAt: new Date(input.publishedAt) })
      .returning({ id: announcements.id });
    if (!row) throw new Error('announcements insert returned no row');
    await writeTexts(tx, row.id, input);
    const after = (await announcementSnapshot(tx, row.id)) ?? null;
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'announcement',
      entityId: row.id,
      action: 'create',
      before: null,
      after,
    });
    await announceChange(tx, ['announcements']);
    return after;
  });
}

export async function updateAnnouncement(
  db: Database,
  by: SignedInStaff,
  id: number,
  input: AnnouncementInput & { version: number },
) {
  return db.transaction(async (tx) => {
    const before = await lockForSave(tx, id, input.version);
    await tx
      .update(announcements)
      .set({
        category: input.category,
        pinned: input.pinned,
        publishedAt: new Date(input.publishedAt),
        version: before.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(announcements.id, id));
    await writeTexts(tx, id, input);
    const after = (await announcementSnapshot(tx, id)) ?? null;
    await recordAudit(tx, { staffId: by.id, kind: 'announcement', entityId: id, action: 'update', before, after });
    await announceChange(tx, ['announcements']);
    return after;
  });
}

export async function deleteAnnouncement(db: Database, by: SignedInStaff, id: number, version: number) {
  await db.transaction(async (tx) => {
    const before = await lockForSave(tx, id, version);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await indexAnnouncements(tx, [id]);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'announcement',
      entityId: id,
      action: 'delete',
      before,
      after: null,
    });
    await announceChange(tx, ['announcements']);
  });
}

/**
 * Puts an announcement back as an audit entry found it (`state`, null for "did not exist"), as a new version, in
 * the caller's transaction; answers the row as it is after.
 */
export async function restoreAnnouncement(
  tx: Tx,
  id: number,
  state: AnnouncementSnapshot | null,
): Promise<AnnouncementSnapshot | null> {
  const now = await lockAnnouncement(tx, id);
  if (state === null) {
    if (now) await tx.delete(announcements).where(eq(announcements.id, id));
    await indexAnnouncements(tx, [id]);
  } else if (now) {
    await tx
      .update(announcements)
      .set({
        category: state.category,
        pinned: state.pinned,
        publishedAt: new Date(state.publishedAt),
        version: now.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(announcements.id, id));
    await writeTexts(tx, id, state);
  } else {
    // Deleted since: it comes back under its old id, so links to it work again, at the version after the one it
    // was deleted at (never a number an earlier state of it had: an undo compares versions).
    await tx.execute(sql`insert into ${announcements} (id, category, pinned, published_at, version)
      overriding system value values (${id}, ${state.category}, ${state.pinned}, ${state.publishedAt}, ${state.version + 1})`);
    await writeTexts(tx, id, state);
  }
  await announceChange(tx, ['announcements']);
  return (await announcementSnapshot(tx, id)) ?? null;
}

/** An announcement's body as the announcement page will show it: the same parser and renderer. */
export function previewAnnouncement(body: string): { html: string } {
  return { html: markdownHtml(parseMarkdown(body)) };
}
