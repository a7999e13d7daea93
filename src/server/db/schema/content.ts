import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { mailOutbox, users } from './accounts';
import { at, createdAt, type DbLocale, type Localized, type LocalizedList, updatedAt } from './common';

/** Announcements (docs/product/entities.md#content: id, title). Text is a row per language so each can be searched in its own language. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: text('category').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: at('published_at').notNull(),
    createdAt: createdAt(),
    /** Bumped by every back-office save: a save over a newer version is refused (docs/decisions/039-back-office.md). */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    /**
     * Which of Chinese and Japanese this announcement has no title in, kept by a trigger on its translations
     * (migration 0010), so the missing-translations view reads a partial index instead of every row's texts.
     */
    missingLocales: text('missing_locales').array().notNull().default(sql`'{zh,ja}'::text[]`),
  },
  (t) => [
    // With the id: the back office's list pages by (published_at, id) from the index alone.
    index('announcements_published_idx').on(t.publishedAt, t.id),
    index('announcements_untranslated_idx').on(t.publishedAt.desc()).where(sql`cardinality(${t.missingLocales}) > 0`),
    // The back office's list sorted by category (docs/decisions/039-back-office.md, lists at 100,000 rows).
    index('announcements_category_idx').on(t.category, t.id),
  ],
);

export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<DbLocale>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.locale] }),
    // The back office searches titles anywhere in the text (`ilike '%…%'`): trigrams keep that an index lookup.
    index('announcement_translations_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Documentation articles (seeded, or added in the back office); body is Markdown. */
export const docArticles = pgTable('doc_articles', {
  slug: text('slug').primaryKey(),
  category: text('category').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
  /** Bumped by every back-office save: a save over a newer version is refused (docs/decisions/039-back-office.md). */
  version: integer('version').notNull().default(1),
});

export const docArticleTranslations = pgTable(
  'doc_article_translations',
  {
    // A renamed article takes its texts along (docs/decisions/039-back-office.md, "Article addresses").
    slug: text('slug')
      .notNull()
      .references(() => docArticles.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    locale: text('locale').$type<DbLocale>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);

/**
 * Old addresses of renamed articles: `/doc/article/{fromSlug}` answers a permanent redirect to the article now
 * at `toSlug`, which follows the article through later renames (ON UPDATE CASCADE).
 */
export const docArticleRedirects = pgTable(
  'doc_article_redirects',
  {
    fromSlug: text('from_slug').primaryKey(),
    toSlug: text('to_slug')
      .notNull()
      .references(() => docArticles.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('doc_article_redirects_to_idx').on(t.toSlug)],
);

/** Company history shown on /about (POST /api/seniorManage/about/history/search). */
export const companyHistory = pgTable('company_history', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  body: jsonb('body').$type<Localized>().notNull(),
  /** Bumped by every back-office save (docs/decisions/039-back-office.md). */
  version: integer('version').notNull().default(1),
});

/** Job openings (POST /api/seniorManage/jobs/search); department and location are codes with translated labels. */
export const jobs = pgTable('jobs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  department: text('department').notNull(),
  location: text('location').notNull(),
  employmentType: text('employment_type').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  summary: jsonb('summary').$type<Localized>().notNull(),
  responsibilities: jsonb('responsibilities').$type<LocalizedList>().notNull(),
  requirements: jsonb('requirements').$type<LocalizedList>().notNull(),
  postedAt: at('posted_at').notNull(),
  active: boolean('active').notNull().default(true),
  /** Bumped by every back-office save (docs/decisions/039-back-office.md). */
  version: integer('version').notNull().default(1),
});

export const jobDepartments = pgTable('job_departments', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const jobLocations = pgTable('job_locations', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Customer reviews behind the rating summary and the footer comments (docs/product/entities.md#content); only approved ones are shown.
 * A posted comment starts `pending` and waits for an operator (the back office's review queue, src/server/admin/moderation.ts); `userId` is the
 * signed-in author (null for seeded reviews), so the per-user rate limit and later removal can find them.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    locale: text('locale').$type<DbLocale>().notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    createdAt: createdAt(),
    moderatedAt: at('moderated_at'),
  },
  (t) => [index('reviews_status_idx').on(t.status, t.createdAt), index('reviews_user_idx').on(t.userId)],
);

/**
 * Messages sent through the /contact form. Stored first, then delivered to the operators' address through
 * the mail outbox in the same transaction (docs/design.md#architecture: nothing lost when the mail server is down).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').$type<'sales' | 'support' | 'billing' | 'partnership' | 'abuse' | 'other'>().notNull(),
    message: text('message').notNull(),
    locale: text('locale').$type<DbLocale>().notNull(),
    ip: text('ip').notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
