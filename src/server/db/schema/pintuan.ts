import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt } from './common';
import { orders } from './orders';
import { pintuanOffers } from './promotions';

/*
 * Group-buy groups and their members (docs/decisions/013-group-buy.md). Kept out of promotions.ts: members point at orders, and
 * orders.ts already imports promotions.ts, so the tables here would make that import circular.
 */

/**
 * `pending` while the leader's order waits for payment (nobody can join), `open` from the leader's payment,
 * `succeeded` when every seat is paid, `failed` when the leader did not pay or time ran out first
 * (docs/decisions/060-group-buy-payment.md).
 */
export type PintuanGroupStatus = 'pending' | 'open' | 'succeeded' | 'failed';

/**
 * A group opened by its leader on an offer. `seatsTaken` counts the seats held, paid or not, the leader's
 * included; the group succeeds when all `size` seats are paid and fails when `expiresAt` passes first (the expiry
 * sweep, src/server/pintuan/expiry.ts). While pending, `expiresAt` is the leader's payment deadline; from the
 * leader's payment (`openedAt`), the end of the group's time to fill.
 */
export const pintuanGroups = pgTable(
  'pintuan_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => pintuanOffers.id),
    leaderUserId: integer('leader_user_id')
      .notNull()
      .references(() => users.id),
    /** The offer's group size when the group was opened; an operator changing the offer does not move it. */
    size: smallint('size').notNull(),
    seatsTaken: smallint('seats_taken').notNull().default(1),
    status: text('status').$type<PintuanGroupStatus>().notNull().default('open'),
    expiresAt: at('expires_at').notNull(),
    /** When the leader's payment opened the group to others; null while pending, and for a group that never opened. */
    openedAt: at('opened_at'),
    /** When the group succeeded or failed. */
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The sweep's and the joinable list's lookup: open groups by expiry.
    index('pintuan_groups_status_expires_idx').on(t.status, t.expiresAt),
    index('pintuan_groups_offer_idx').on(t.offerId),
    // The dashboard's group-buys opened per day and how many filled, read from the index alone.
    index('pintuan_groups_created_at_idx').on(t.createdAt, t.status),
    // A last guard behind the conditional join update: a group never holds more members than seats.
    check('pintuan_groups_seats_check', sql`${t.seatsTaken} between 1 and ${t.size}`),
  ],
);

/** One row per seat, the leader's included; each seat has its own order (docs/decisions/013-group-buy.md). */
export const pintuanMembers = pgTable(
  'pintuan_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => pintuanGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    leader: boolean('leader').notNull().default(false),
    joinedAt: createdAt(),
  },
  (t) => [
    // One seat per customer per group, enforced by the database even when joins race.
    uniqueIndex('pintuan_members_group_user_key').on(t.groupId, t.userId),
    uniqueIndex('pintuan_members_order_key').on(t.orderId),
    index('pintuan_members_user_idx').on(t.userId),
  ],
);
