import { boolean, index, integer, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at, createdAt, type Localized, updatedAt } from './common';

/**
 * Currencies offered (docs/product/entities.md#money-and-currencies): rate is units of this currency per 1 USD, the base (docs/design.md#api-contract).
 * minorDigits drives rounding (JPY 0, USD/HKD 2).
 */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
  minorDigits: smallint('minor_digits').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
  version: integer('version').notNull().default(1),
});

/** Footer link list (docs/product/entities.md#content: name, link), fetched by GET /api/seniorManage/footLink/search. */
export const footerLinks = pgTable('footer_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: jsonb('name').$type<Localized>().notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Bumped by every back-office save (docs/decisions/039-back-office.md). */
  version: integer('version').notNull().default(1),
});

/**
 * Purges by tag for the CDN in front of the site (docs/decisions/073-cdn-purge-by-tag.md): one row per announced
 * change, written in the change's own transaction (src/server/changes/bus.ts), so a purge exists exactly when the
 * change does. The sender (src/server/cdn/purge.ts) claims the due rows with a lease, sends their tags in one
 * request and deletes them; a failure is retried with backoff, never dropped.
 */
export const cdnPurges = pgTable(
  'cdn_purges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tags: text('tags').array().notNull(),
    status: text('status').$type<'pending' | 'sending'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('cdn_purges_due_idx').on(t.nextAttemptAt)],
);
