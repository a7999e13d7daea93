import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt } from './common';
import { orders } from './orders';

/**
 * The affiliate programme's terms as data (docs/decisions/070-affiliate-programme.md): one row, edited by owners and
 * managers in the back office, its history in the audit log. The storefront's affiliate page, the dashboard and the
 * commission ledger read the numbers from here; the affiliate article says the same numbers (a test compares them).
 */
export const affiliateTerms = pgTable('affiliate_terms', {
  id: integer('id').primaryKey(),
  /** Percent of an order's total excluding tax, e.g. `15.00`. */
  ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
  /** A referred customer's orders earn commission for this many months from their sign-up. */
  months: integer('months').notNull(),
  /** How long the referral cookie lasts after a click. */
  cookieDays: integer('cookie_days').notNull(),
  /** How long a commission stays pending before it is approved (refunds in that time cancel it before payout). */
  holdingDays: integer('holding_days').notNull(),
  /** The least an approved balance must reach to be paid by PayPal or bank transfer, in US cents. */
  minimumPayoutUsdCents: integer('minimum_payout_usd_cents').notNull(),
  /** Order line keys that earn nothing (domains, traffic overage). */
  excludedLineKeys: jsonb('excluded_line_keys').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
});

export type AffiliateStatus = 'active' | 'disabled';
export type PayoutMethod = 'balance' | 'paypal' | 'bank';

/** A customer who joined the programme: their code (random, at least 40 bits) and the terms version they accepted. */
export const affiliates = pgTable(
  'affiliates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status').$type<AffiliateStatus>().notNull().default('active'),
    termsVersion: integer('terms_version').notNull(),
    payoutMethod: text('payout_method').$type<PayoutMethod>().notNull().default('balance'),
    /** A PayPal address or bank details, as the affiliate typed them; only for those methods. */
    payoutAccount: text('payout_account'),
    /** A keyed hash of the address the affiliate joined from: a self-referral signal. */
    joinIpHash: text('join_ip_hash'),
    /** What the back office should look at (`same_address`, `same_mail_domain`…). */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    joinedAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('affiliates_user_key').on(t.userId),
    uniqueIndex('affiliates_code_key').on(t.code),
    index('affiliates_joined_idx').on(t.joinedAt, t.id),
  ],
);

/**
 * Clicks on referral links, counted once per affiliate, address and UTC day (`window_start`): a flood from one
 * address is one click. `token` is what the referral cookie holds; the address is kept only as a keyed hash.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    ipHash: text('ip_hash').notNull(),
    windowStart: at('window_start').notNull(),
    /** The page the link pointed at, without its query. */
    landingPath: text('landing_path').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_clicks_token_key').on(t.token),
    uniqueIndex('affiliate_clicks_window_key').on(t.affiliateId, t.ipHash, t.windowStart),
    index('affiliate_clicks_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);

/**
 * Who referred whom, made once at sign-up and kept for good (one row per referred account). `refused` rows record a
 * referral the rules turned down (an existing account, a self-referral), with why in `flags`; they earn nothing.
 */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clickId: integer('click_id').references(() => affiliateClicks.id, { onDelete: 'set null' }),
    status: text('status').$type<'active' | 'refused'>().notNull(),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_referrals_referred_key').on(t.referredUserId),
    index('affiliate_referrals_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);

export type CommissionStatus = 'pending' | 'approved' | 'paid';

/**
 * The commission ledger (docs/decisions/070-affiliate-programme.md): an `earn` line per paid order of a referred
 * customer, a negative `reversal` line per refund. A line is never changed after it is written except for its
 * status (pending → approved → paid), which a trigger in the migration enforces; sums are sums of lines.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => affiliateReferrals.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'earn' | 'reversal'>().notNull(),
    /** The refund a reversal line answers (the refund's own id), so a refund reverses once. */
    refundId: text('refund_id'),
    status: text('status').$type<CommissionStatus>().notNull(),
    /** What the line was computed on: the order's eligible total excluding tax, or the refunded part of it. */
    baseMinor: integer('base_minor').notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    /** Signed: negative for a reversal. In the order's currency. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The order's currency rate per USD, and the line in US cents at that rate. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    /** When a pending line is approved by the holding job. */
    availableAt: at('available_at').notNull(),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_earn_key').on(t.orderId).where(sql`${t.kind} = 'earn'`),
    uniqueIndex('affiliate_commissions_refund_key').on(t.orderId, t.refundId).where(sql`${t.kind} = 'reversal'`),
    index('affiliate_commissions_due_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateId, t.status),
    index('affiliate_commissions_created_idx').on(t.createdAt, t.id),
  ],
);

/** A payout of an affiliate's approved balance, made in a monthly batch (`batch` is `YYYY-MM`) and marked paid. */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    batch: text('batch').notNull(),
    method: text('method').$type<PayoutMethod>().notNull(),
    amountUsdCents: integer('amount_usd_cents').notNull(),
    status: text('status').$type<'due' | 'paid'>().notNull().default('due'),
    reference: text('reference'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('affiliate_payouts_batch_key').on(t.affiliateId, t.batch),
    index('affiliate_payouts_created_idx').on(t.createdAt, t.id),
  ],
);

/** Which ledger lines a payout paid: each line once. */
export const affiliatePayoutItems = pgTable(
  'affiliate_payout_items',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => affiliatePayouts.id, { onDelete: 'cascade' }),
    commissionId: integer('commission_id')
      .notNull()
      .references(() => affiliateCommissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('affiliate_payout_items_commission_key').on(t.commissionId),
    index('affiliate_payout_items_payout_idx').on(t.payoutId),
  ],
);
