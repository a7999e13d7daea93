import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { type AffiliateDashboard, maskPayoutAccount } from '@/lib/affiliates';
import { ApiError, BusinessCode } from '../api/errors';
import type { Database, Reader } from '../db/client';
import { affiliateReferrals, affiliates, type PayoutMethod } from '../db/schema';
import { addressHash, affiliateOfUser, newAffiliateCode } from './attribution';
import { currentTerms } from './terms';

/**
 * Joins the programme (POST /api/affiliate/join): the customer accepts the terms version they were shown (409 when
 * an operator changed them meanwhile: they read them again) and gets a code. Joining twice answers the same code.
 */
export async function joinProgramme(
  db: Database,
  userId: number,
  input: { termsVersion: number; payoutMethod: PayoutMethod; payoutAccount?: string; ip: string },
): Promise<{ code: string }> {
  return db.transaction(async (tx) => {
    const terms = await currentTerms(tx);
    if (terms.version !== input.termsVersion) throw new ApiError(BusinessCode.conflict, 'api.affiliate.termsChanged');
    const existing = await affiliateOfUser(tx, userId);
    if (existing) return { code: existing.code };
    // 50 random bits: a clash is rare; the unique index refuses it and the next code is tried.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(affiliates)
        .values({
          userId,
          code: newAffiliateCode(),
          termsVersion: terms.version,
          payoutMethod: input.payoutMethod,
          payoutAccount: input.payoutMethod === 'balance' ? null : (input.payoutAccount ?? null),
          joinIpHash: addressHash(input.ip),
        })
        .onConflictDoNothing()
        .returning({ code: affiliates.code });
      if (row) return { code: row.code };
      const again = await affiliateOfUser(tx, userId);
      if (again) return { code: again.code };
    }
    throw new Error('no free affiliate code after five tries');
  });
}

/** Changes how the affiliate is paid (PUT /api/affiliate/payout-method). */
export async function setPayoutMethod(
  db: Database,
  userId: number,
  input: { payoutMethod: PayoutMethod; payoutAccount?: string },
): Promise<void> {
  const moved = await db
    .update(affiliates)
    .set({
      payoutMethod: input.payoutMethod,
      payoutAccount: input.payoutMethod === 'balance' ? null : (input.payoutAccount ?? null),
      version: sql`${affiliates.version} + 1`,
    })
    .where(eq(affiliates.userId, userId))
    .returning({ id: affiliates.id });
  if (moved.length === 0) throw new ApiError(BusinessCode.notFound, 'api.affiliate.notJoined');
}

/** The 10th of the month after `now` (UTC): when the next monthly batch is paid by. */
export function nextPayoutDate(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (now.getUTCDate() > 10 ? 1 : 0), 10));
  return d.toISOString().slice(0, 10);
}

/**
 * The affiliate's own dashboard (GET /api/affiliate/me): counts and sums by month (US cents), never a customer's
 * name, address or order: a single referred customer's orders are only ever part of a month's sum.
 */
export async function affiliateDashboard(db: Reader, userId: number, now = new Date()): Promise<AffiliateDashboard> {
  const terms = await currentTerms(db);
  const me = await affiliateOfUser(db, userId);
  if (!me) return { terms, affiliate: null };
  const monthly = await db.execute<{
    month: string;
    clicks: string;
    sign_ups: string;
    orders: string;
    pending: string;
    approved: string;
    paid: string;
  }>(sql`
    with c as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as clicks
        from affiliate_clicks where affiliate_id = ${me.id} group by 1),
    r as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as sign_ups
        from affiliate_referrals where affiliate_id = ${me.id} and status = 'active' group by 1),
    m as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
             count(*) filter (where kind = 'earn') as orders,
             coalesce(sum(amount_usd_cents) filter (where status = 'pending'), 0) as pending,
             coalesce(sum(amount_usd_cents) filter (where status = 'approved'), 0) as approved,
             coalesce(sum(amount_usd_cents) filter (where status = 'paid'), 0) as paid
        from affiliate_commissions where affiliate_id = ${me.id} group by 1)
    select month,
           coalesce(c.clicks, 0) as clicks, coalesce(r.sign_ups, 0) as sign_ups, coalesce(m.orders, 0) as orders,
           coalesce(m.pending, 0) as pending, coalesce(m.approved, 0) as approved, coalesce(m.paid, 0) as paid
      from c full join r using (month) full join m using (month)
     order by month desc
     limit 24`);
  const months = monthly.rows.map((r) => ({
    month: r.month,
    clicks: Number(r.clicks),
    signUps: Number(r.sign_ups),
    orders: Number(r.orders),
    commissionUsdCents: { pending: Number(r.pending), approved: Number(r.approved), paid: Number(r.paid) },
  }));
  const [totals] = (
    await db.execute<{
      clicks: string;
      sign_ups: string;
      orders: string;
      pending: string;
      approved: string;
      paid: string;
      unpaid: string;
    }>(sql`
      select (select count(*) from affiliate_clicks where affiliate_id = ${me.id}) as clicks,
             (select count(*) from affiliate_referrals where affiliate_id = ${me.id} and status = 'active') as sign_ups,
             (select count(*) from affiliate_commissions where affiliate_id = ${me.id} and kind = 'earn') as orders,
             (select coalesce(sum(amount_usd_cents), 0) from affiliate_commissions where affiliate_id = ${me.id} and status = 'pending') as pending,
             (select coalesce(sum(amount_usd_cents), 0) from affiliate_commissions where affiliate_id = ${me.id} and status = 'approved') as approved,
             (select coalesce(sum(amount_usd_cents), 0) from affiliate_commissions where affiliate_id = ${me.id} and status = 'paid') as paid,
             (select coalesce(sum(c.amount_usd_cents), 0) from affiliate_commissions c
               where c.affiliate_id = ${me.id} and c.status = 'approved'
                 and not exists (select 1 from affiliate_payout_items i where i.commission_id = c.id)) as unpaid`)
  ).rows;
  const approvedUnbatched = Number(totals?.unpaid ?? 0);
  const minimum = me.payoutMethod === 'balance' ? 0 : terms.minimumPayoutUsdCents;
  return {
    terms,
    affiliate: {
      code: me.code,
      status: me.status,
      payoutMethod: me.payoutMethod,
      payoutAccount: maskPayoutAccount(me.payoutMethod, me.payoutAccount),
      joinedAt: me.joinedAt.toISOString(),
      clicks: Number(totals?.clicks ?? 0),
      signUps: Number(totals?.sign_ups ?? 0),
      orders: Number(totals?.orders ?? 0),
      commissionUsdCents: {
        pending: Number(totals?.pending ?? 0),
        approved: Number(totals?.approved ?? 0),
        paid: Number(totals?.paid ?? 0),
      },
      months,
      nextPayout: {
        date: nextPayoutDate(now),
        approvedUsdCents: approvedUnbatched,
        minimumUsdCents: minimum,
        due: approvedUnbatched > 0 && approvedUnbatched >= minimum,
      },
    },
  };
}

/** Whether `userId` was referred (an active referral): the account page may say so. */
export async function referredBy(db: Reader, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ affiliateId: affiliateReferrals.affiliateId })
    .from(affiliateReferrals)
    .where(and(eq(affiliateReferrals.referredUserId, userId), eq(affiliateReferrals.status, 'active')));
  return row?.affiliateId;
}
