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
