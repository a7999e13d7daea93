import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderTaxLine } from './billing';
import { at, createdAt, type DbLocale, updatedAt } from './common';
import { type InvoiceContent, invoices } from './invoices';
import { type OrderStatus, orders } from './orders';
import { staff } from './staff';

/**
 * A refund's states (docs/decisions/068-refunds-and-credit-notes.md): `requested` by support and waiting for an
 * owner or manager, who `rejected` it or approved it; an approved refund (or one an owner or manager made) is
 * `pending` once its `refund.requested` event is in the outbox for the customer centre, which answers
 * `refund.succeeded` or `refund.failed`. A failed refund may be sent again (`pending`).
 */
export type RefundStatus = 'requested' | 'rejected' | 'pending' | 'succeeded' | 'failed';

/** How the amount was asked for: the whole remainder, an amount, or chosen lines of the order. */
export type RefundBasis = 'full' | 'amount' | 'lines';

/** One refunded line of an order (basis `lines`): its key in `orders.lines` and what it was paid, tax included. */
export type RefundLine = { key: string; amountMinor: number };

/**
 * Refunds of paid orders (docs/decisions/068-refunds-and-credit-notes.md). `amount_minor` is what goes back to the
 * customer, tax included; `amount_excl_tax_minor` and `tax_minor` its split, `tax_lines` the split per rate (the
 * order's lines with the refunded base and tax). Every refund that is not `rejected` counts toward what an order may
 * still give back, so two operators at once can never refund more than was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    basis: text('basis').$type<RefundBasis>().notNull(),
    lines: jsonb('lines').$type<RefundLine[]>(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    amountExclTaxMinor: integer('amount_excl_tax_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    reason: text('reason').notNull(),
    /** The order's status to go back to when this refund fails and no other is under way. */
    resumeStatus: text('resume_status').$type<OrderStatus>().notNull(),
    /** Who asked (a staff id; null when the site itself refunds, a failed group-buy). */
    requestedBy: integer('requested_by').references(() => staff.id),
    /** Who approved or rejected a requested refund, or made it (an owner or manager approves their own). */
    approvedBy: integer('approved_by').references(() => staff.id),
    decidedAt: at('decided_at'),
    /** How many times it was sent to the customer centre (a failed refund may be sent again). */
    attempts: integer('attempts').notNull().default(0),
    /** The customer centre's reason for a failure, as it said it. */
    failureReason: text('failure_reason'),
    completedAt: at('completed_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    index('refunds_status_idx').on(t.status, t.id),
    // What an order has given back or is giving back: summed under the order's lock by every new refund.
    index('refunds_order_open_idx').on(t.orderId).where(sql`${t.status} <> 'rejected'`),
  ],
);

/** What a credit note shows: an invoice's content with negative amounts, the reason and the invoice it corrects. */
export type CreditNoteContent = InvoiceContent & { reason: string; invoiceNumber: string; invoiceIssuedAt: string };

/**
 * Credit notes (docs/decisions/068-refunds-and-credit-notes.md): one per approved refund of an invoiced order,
 * shaped like `invoices` with every amount negative, numbered without gaps in their own series (`CN-2026`, through
 * `invoice_counters`), in the customer's language, immutable once issued (a trigger, as for invoices).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').notNull(),
    locale: text('locale').$type<DbLocale>().notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** Units of the currency per USD, the invoice's. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    /** Negative: what the invoice's totals are reduced by. */
    totalExclTaxMinor: integer('total_excl_tax_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalInclTaxMinor: integer('total_incl_tax_minor').notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The invoice's day of supply: the supply the note corrects. */
    supplyDate: date('supply_date').notNull(),
    content: jsonb('content').$type<CreditNoteContent>().notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_series_sequence_key').on(t.series, t.sequence),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    index('credit_notes_issued_idx').on(t.issuedAt, t.id),
    index('credit_notes_order_idx').on(t.orderId, t.id),
    index('credit_notes_invoice_idx').on(t.invoiceId),
  ],
);
