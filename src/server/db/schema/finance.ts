import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Where a rollup row's amounts come from: issued invoices, or credit notes (negative amounts). */
export type FinanceSource = 'invoice' | 'credit_note';

/**
 * What a rollup row sums: the documents' totals (`total`), their tax per country, rate and reverse charge (`tax`:
 * the base in `excl_tax_minor`; a document with no tax line is one row with an empty rate), or their lines per
 * product line (`line`: the order line's kind, `coupon` for an invoice's coupon discount, `whole` for a credit note
 * that refunds an amount rather than lines).
 */
export type FinanceSection = 'total' | 'tax' | 'line';

/**
 * The finance report's monthly rollup (docs/decisions/078-finance-report.md): per UTC month and currency, the sums of
 * invoices and credit notes the report shows, kept by insert triggers on both tables in the transaction that issues
 * the document (both are immutable once issued, so an insert is the only change to follow). The report reads a few
 * hundred rows of it whatever the number of invoices. Unused key parts are empty strings, so the key is whole.
 */
export const financeRollup = pgTable(
  'finance_rollup',
  {
    month: date('month').notNull(),
    currency: text('currency').notNull(),
    source: text('source').$type<FinanceSource>().notNull(),
    section: text('section').$type<FinanceSection>().notNull(),
    country: text('country').notNull().default(''),
    /** The tax line's rate as the document keeps it (`"10.00"`); empty for no tax line and outside `tax`. */
    ratePercent: text('rate_percent').notNull().default(''),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    kind: text('kind').notNull().default(''),
    documents: integer('documents').notNull().default(0),
    exclTaxMinor: bigint('excl_tax_minor', { mode: 'number' }).notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    inclTaxMinor: bigint('incl_tax_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'finance_rollup_pkey',
      columns: [t.month, t.currency, t.source, t.section, t.country, t.ratePercent, t.reverseCharge, t.kind],
    }),
  ],
);
