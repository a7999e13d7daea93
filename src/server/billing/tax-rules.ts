import 'server-only';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Reader } from '../db/client';
import { taxRules } from '../db/schema';

export type TaxRuleRow = typeof taxRules.$inferSelect;

/** The calendar day a rule's `valid_from` is compared with: the day in UTC. */
export const taxDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The rule in force for a country on a day (docs/decisions/066-tax.md): the one with the latest `valid_from` not after
 * it; none when the country has no rule yet, which means no tax.
 */
export async function ruleInForce(db: Reader, country: string, at: Date): Promise<TaxRuleRow | null> {
  const [rule] = await db
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.country, country), lte(taxRules.validFrom, taxDay(at))))
    .orderBy(desc(taxRules.validFrom))
    .limit(1);
  return rule ?? null;
}
