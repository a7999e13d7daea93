import { boolean, integer, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { type Localized, updatedAt } from './common';

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
