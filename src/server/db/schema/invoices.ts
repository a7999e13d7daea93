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
import type { DbLocale } from './common';
import { orders } from './orders';

/**
 * The last number given in each invoice series (docs/decisions/067-invoices.md): taken with the row's lock in the
 * transaction that issues the invoice, so numbers are consecutive and a rolled-back payment gives its number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** What an invoice shows, kept whole when it is issued so it renders the same for ever. */
export type InvoiceContent = {
  seller: { name: string; address: string; registrations: { label: string; value: string }[] };
  buyer: { name: string; email: string; company: string | null; taxId: string | null; country: string };
  /**
   * `kind`: the order line's kind (`plan`, `licence`, `traffic`…), what the finance report sums its product lines by
   * (docs/decisions/078-finance-report.md); invoices issued before it was kept have none (the report reads their
   * order's lines).
   */
  lines: { description: string; quantity: number; months: number; amountMinor: number; kind?: string }[];
  discountMinor: number;
  taxLines: OrderTaxLine[];
};

/**
 * Invoices (docs/decisions/067-invoices.md): one per paid order, numbered without gaps in its series, in the
 * customer's language. Immutable once issued (a trigger refuses any change but the order link's going when an
 * order is deleted, and any deletion), so the PDF rendered from a row is the same every time.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').notNull(),
    locale: text('locale').$type<DbLocale>().notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** Units of the currency per USD the order was priced at. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    totalExclTaxMinor: integer('total_excl_tax_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalInclTaxMinor: integer('total_incl_tax_minor').notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The day the service was supplied: the day it was paid for (the first day of its term). */
    supplyDate: date('supply_date').notNull(),
    content: jsonb('content').$type<InvoiceContent>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_sequence_key').on(t.series, t.sequence),
    uniqueIndex('invoices_order_key').on(t.orderId),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
  ],
);
