import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './common';
import { staff } from './staff';
import { currencies } from './system';

/**
 * A price change an operator scheduled: what it changes (`change`, the same body an immediate change takes,
 * docs/product/back-office-prices.md) and from when. Applied once, at `starts_at`, by whichever instance gets
 * to it first (docs/decisions/042-scheduled-prices.md); `pending` is the only state that leaves.
 */
export type ScheduledPriceStatus = 'pending' | 'applied' | 'cancelled' | 'failed';

export const scheduledPriceChanges = pgTable(
  'scheduled_price_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What kind of price: plan, planRegion, region, term, licence. */
    target: text('target').notNull(),
    /** The row it changes, as the audit log names it ("plan:std-1c1g", "planRegion:std-1c1g/hong-kong"). */
    targetKey: text('target_key').notNull(),
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    startsAt: at('starts_at').notNull(),
    status: text('status').$type<ScheduledPriceStatus>().notNull().default('pending'),
    /** Who scheduled it: the change is audited as theirs when it applies. */
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    appliedAt: at('applied_at'),
    cancelledAt: at('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => staff.id, { onDelete: 'set null' }),
    /** Why a change could not be applied at its time (its row gone, the plan no longer sold in the region). */
    failure: text('failure'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('scheduled_price_changes_due_idx').on(t.startsAt).where(sql`${t.status} = 'pending'`),
    index('scheduled_price_changes_created_idx').on(t.createdAt),
    check('scheduled_price_changes_status_check', sql`${t.status} in ('pending', 'applied', 'cancelled', 'failed')`),
  ],
);

/**
 * Every currency rate with the moment it took effect and who set it (null: the seed or the migration that
 * started the history). The current rate is also on `currencies.rate`, which the price engine reads; an order
 * keeps the rate it was placed at on `orders.rate`.
 */
export const currencyRateHistory = pgTable(
  'currency_rate_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade' }),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    validFrom: at('valid_from').notNull().defaultNow(),
    setBy: integer('set_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('currency_rate_history_code_idx').on(t.code, t.validFrom),
    check('currency_rate_history_rate_check', sql`${t.rate} > 0`),
  ],
);
