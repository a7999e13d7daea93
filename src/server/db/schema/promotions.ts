import { boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { plans, regions } from './catalog';
import { at, type Localized } from './common';

/** Coupon-centre coupons (POST /api/ac/coupon/search). Amounts are USD cents; percent is 1-99. */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: jsonb('name').$type<Localized>().notNull(),
  kind: text('kind').$type<'amount' | 'percent'>().notNull(),
  amountCents: integer('amount_cents').notNull().default(0),
  percentOff: smallint('percent_off').notNull().default(0),
  /** Minimum order total (USD cents) the coupon needs; 0 = none. */
  thresholdCents: integer('threshold_cents').notNull().default(0),
  /** Product lines it applies to (product_lines.id, or "domain"); empty = all. */
  products: jsonb('products').$type<string[]>().notNull().default([]),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  /** Days a received coupon stays usable. */
  validDays: smallint('valid_days').notNull(),
  stockTotal: integer('stock_total').notNull(),
  stockLeft: integer('stock_left').notNull(),
  perUserLimit: smallint('per_user_limit').notNull().default(1),
  newCustomerOnly: boolean('new_customer_only').notNull().default(false),
  /** Part of the welcome sign-up bundle rather than the public coupon centre. */
  welcome: boolean('welcome').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(1),
});

/** VPS sale events (POST /api/home/activity/cvm/search). */
export const saleActivities = pgTable('sale_activities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  version: integer('version').notNull().default(1),
});

export const saleItems = pgTable('sale_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  activityId: integer('activity_id')
    .notNull()
    .references(() => saleActivities.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  regionId: text('region_id')
    .notNull()
    .references(() => regions.id),
  /** Billing months the sale price covers. */
  months: smallint('months').notNull(),
  salePriceCents: integer('sale_price_cents').notNull(),
  stockTotal: integer('stock_total').notNull(),
  stockLeft: integer('stock_left').notNull(),
  perUserLimit: smallint('per_user_limit').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(1),
});

/** Group-buy (pintuan) offers (POST /api/activity/pintuan/cvm/search). */
export const pintuanOffers = pgTable('pintuan_offers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: jsonb('name').$type<Localized>().notNull(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  regionId: text('region_id')
    .notNull()
    .references(() => regions.id),
  months: smallint('months').notNull(),
  groupSize: smallint('group_size').notNull(),
  /**
   * The price of one seat for the whole term (USD cents). What it is compared with, the plan's regular price in the
   * region for the term, comes from the pricing model, never from a number kept here
   * (docs/decisions/060-group-buy-payment.md).
   */
  groupPriceCents: integer('group_price_cents').notNull(),
  /** Hours a newly opened group has to fill. */
  groupHours: smallint('group_hours').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  sort: integer('sort').notNull().default(0),
  /**
   * The offer's own rules, one per line, shown after the general group-buy rules on its pages; null or an empty
   * language shows the general rules only.
   */
  rules: jsonb('rules').$type<Localized>(),
  version: integer('version').notNull().default(1),
});

/** Campaigns shown on /activity/promotion and behind the shell's pop-up and banner (docs/product/states.md#promotional-pop-up). */
export const promotions = pgTable('promotions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<Localized>().notNull(),
  subtitle: jsonb('subtitle').$type<Localized>().notNull(),
  body: jsonb('body').$type<Localized>().notNull(),
  /** Site path the campaign's call to action opens, e.g. /activity/vps. */
  ctaPath: text('cta_path').notNull(),
  ctaLabel: jsonb('cta_label').$type<Localized>().notNull(),
  /** Accent colour of the banner, a CSS hex value. */
  accent: text('accent').notNull(),
  popup: boolean('popup').notNull().default(false),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  sort: integer('sort').notNull().default(0),
  /** The pop-up's picture: a site path (/images/…) or an http(s) address; null for none. */
  imageUrl: text('image_url'),
  version: integer('version').notNull().default(1),
});

/** Views of activity pages (POST /api/user/behavior/actPage), recorded only with analytics consent (docs/product/states.md#cookie-consent). */
export const activityViews = pgTable('activity_views', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Route name (docs/product/screens.md#route-names), e.g. activity-vps___zh. */
  routeName: text('route_name').notNull(),
  /** Anonymous per-browser id kept in local storage; no account link. */
  visitorId: text('visitor_id').notNull(),
  viewedAt: at('viewed_at').notNull().defaultNow(),
});
