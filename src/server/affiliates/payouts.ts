import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { affiliateCommissions, affiliatePayoutItems, affiliatePayouts } from '../db/schema';
import { currentTerms } from './terms';

/** The batch a time belongs to: its UTC month, `YYYY-MM`. */
export function payoutBatch(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Makes the month's payouts (docs/decisions/070-affiliate-programme.md), in the operator's transaction: for each
 * active affiliate, their approved lines not in a payout yet, summed in US cents; a payout is made when the sum
 * reaches the terms' minimum for PayPal and bank transfer, or is above zero for account balance (no minimum).
 * A negative line (a refund after approval) is part of the sum, so it comes off the next payout. Affiliates are
 * locked in id order, so two operators running the batch at once make each payout once.
 */
export async function makePayoutBatch(tx: Tx, now: Date): Promise<{ batch: string; payouts: number[] }> {
  const batch = payoutBatch(now);
  const terms = await currentTerms(tx);
  const due = await tx.execute<{
    affiliate_id: number;
    method: 'balance' | 'paypal' | 'bank';
    total: string;
    ids: number[];
  }>(sql`
    with locked as (
      select id, payout_method from affiliates where status = 'active' order by id for update)
    select a.id as affiliate_id, a.payout_method as method, sum(c.amount_usd_cents) as total,
           array_agg(c.id order by c.id) as ids
      from locked a
      join affiliate_commissions c on c.affiliate_id = a.id and c.status = 'approved'
     where not exists (select 1 from affiliate_payout_items i where i.commission_id = c.id)
       and not exists (select 1 from affiliate_payouts p where p.affiliate_id = a.id and p.batch = ${batch})
     group by a.id, a.payout_method`);
  const made: number[] = [];
  for (const row of due.rows) {
    const total = Number(row.total);
    const minimum = row.method === 'balance' ? 1 : Math.max(1, terms.minimumPayoutUsdCents);
    if (total < minimum) continue;
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({
        affiliateId: Number(row.affiliate_id),
        batch,
        method: row.method,
        amountUsdCents: total,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: affiliatePayouts.id });
    if (!payout) continue;
    await tx
      .insert(affiliatePayoutItems)
      .values(row.ids.map((commissionId) => ({ payoutId: payout.id, commissionId: Number(commissionId) })));
    made.push(payout.id);
  }
  return { batch, payouts: made };
}

/** Marks a payout paid with the payment's reference; its ledger lines become `paid`. Answers false when it was paid already. */
export async function markPayoutPaid(tx: Tx, id: number, reference: string, now: Date): Promise<boolean> {
  const [paid] = await tx
    .update(affiliatePayouts)
    .set({ status: 'paid', reference, paidAt: now, version: sql`${affiliatePayouts.version} + 1` })
    .where(and(eq(affiliatePayouts.id, id), eq(affiliatePayouts.status, 'due')))
    .returning({ id: affiliatePayouts.id });
  if (!paid) return false;
  const items = await tx
    .select({ id: affiliatePayoutItems.commissionId })
    .from(affiliatePayoutItems)
    .where(eq(affiliatePayoutItems.payoutId, id));
  if (items.length > 0) {
    await tx
      .update(affiliateCommissions)
      .set({ status: 'paid', statusChangedAt: now })
      .where(
        and(
          inArray(
            affiliateCommissions.id,
            items.map((i) => i.id),
          ),
          eq(affiliateCommissions.status, 'approved'),
        ),
      );
  }
  return true;
}
