import 'server-only';
import { eq } from 'drizzle-orm';
import type { AffiliateTermsAnswer } from '@/lib/affiliates';
import type { Reader } from '../db/client';
import { affiliateTerms } from '../db/schema';

/** The programme's one row of terms (docs/decisions/070-affiliate-programme.md). */
export const TERMS_ID = 1;

/** The terms as they are now; the migration writes the first row, so it is always there. */
export async function currentTerms(db: Reader): Promise<AffiliateTermsAnswer> {
  const [row] = await db.select().from(affiliateTerms).where(eq(affiliateTerms.id, TERMS_ID));
  if (!row) throw new Error('affiliate_terms has no row');
  return {
    version: row.version,
    ratePercent: row.ratePercent,
    months: row.months,
    cookieDays: row.cookieDays,
    holdingDays: row.holdingDays,
    minimumPayoutUsdCents: row.minimumPayoutUsdCents,
    excludedLineKeys: row.excludedLineKeys,
  };
}

/** A percent such as `15.00` as basis points (1500), so commission is integer arithmetic. */
export function basisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
