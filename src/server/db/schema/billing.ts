import { boolean, date, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Localized } from './common';

/**
 * The tax a customer in a country pays, from a day on (docs/product/back-office-api.md): its name on the
 * invoice in each language, its rate, and whether a valid business tax id moves it to the customer (reverse
 * charge). A country without a rule pays none. An order keeps the rule it was priced with.
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }).notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    validFrom: date('valid_from').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('tax_rules_country_from_idx').on(t.country, t.validFrom)],
);

/**
 * One tax line of an order or an invoice (docs/decisions/066-tax.md): the rule it was priced with (its id, kept
 * with its name and rate as they were), the amount it was computed on and the tax, computed once per rate on the
 * order's total. A reverse-charged line has a rate and no tax.
 */
export type OrderTaxLine = {
  ruleId: number | null;
  country: string;
  name: Localized;
  ratePercent: string;
  baseMinor: number;
  taxMinor: number;
  reverseCharge: boolean;
};

/**
 * Who an order is billed to, as confirmed at checkout (docs/decisions/066-tax.md). `taxIdCheck`: `none` without a
 * tax id; `format` when its format and check digits were checked and no verification service is configured, or
 * the service could not answer; `verified` when the service confirmed it.
 */
export type OrderBilling = {
  country: string;
  company: string | null;
  taxId: string | null;
  taxIdCheck: 'none' | 'format' | 'verified';
};
