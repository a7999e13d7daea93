import 'server-only';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { recordSystemAudit } from '../admin/audit';
import type { Database, Tx } from '../db/client';
import {
  affiliateCommissions,
  affiliateReferrals,
  affiliates,
  currencies,
  type OrderLine,
  type orders,
} from '../db/schema';
import { type RepeatingJob, startRepeatingJob } from '../jobs/repeating-job';
import { basisPoints, currentTerms } from './terms';

type OrderRow = typeof orders.$inferSelect;
const DAY_MS = 86_400_000;

/** Rounds half away from zero: the ledger's one rounding, so a line and its reversal mirror each other. */
function roundHalf(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** US cents of an amount in minor units of a currency priced `rate` per USD with `digits` minor digits. */
export function usdCents(amountMinor: number, rate: string, digits: number): number {
  return roundHalf((amountMinor * 100) / 10 ** digits / Number(rate));
}

/**
 * The part of an order's total excluding tax that earns commission: the lines whose keys the terms exclude
 * (domains, traffic overage) leave their share of the total out, the discount shared in proportion; what was paid
 * from account balance leaves its share out too (docs/decisions/070-affiliate-programme.md).
 */
export function eligibleBaseMinor(
  order: Pick<OrderRow, 'totalMinor' | 'subtotalMinor' | 'totalInclTaxMinor'> & { lines: OrderLine[] },
  excludedLineKeys: readonly string[],
  paidFromBalanceMinor = 0,
): number {
  if (order.totalMinor <= 0 || order.subtotalMinor <= 0) return 0;
  const excluded = order.lines
    .filter((l) => excludedLineKeys.includes(l.key))
    .reduce((sum, l) => sum + l.amountMinor, 0);
  let base = Math.round((order.totalMinor * (order.subtotalMinor - excluded)) / order.subtotalMinor);
  if (paidFromBalanceMinor > 0 && order.totalInclTaxMinor > 0) {
    base -= Math.round(
      (Math.min(paidFromBalanceMinor, order.totalInclTaxMinor) * order.totalMinor) / order.totalInclTaxMinor,
    );
  }
  return Math.max(0, Math.min(base, order.totalMinor));
}

/**
 * Writes the commission of newly paid orders, in the transaction that records the payment: one `earn` line per
 * order of a customer an active affiliate referred, paid within the terms' months of their sign-up, `pending` until
 * the holding period has passed. An order earns once (a unique index), however often it is handled.
 */
export async function earnCommissions(tx: Tx, paid: OrderRow[], at: Date): Promise<number> {
  if (paid.length === 0) return 0;
  const referred = await tx
    .select({ referral: affiliateReferrals, affiliate: affiliates })
    .from(affiliateReferrals)
    .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
    .where(
      and(
        inArray(
          affiliateReferrals.referredUserId,
          paid.map((o) => o.userId),
        ),
        eq(affiliateReferrals.status, 'active'),
        eq(affiliates.status, 'active'),
      ),
    );
  if (referred.length === 0) return 0;
  const terms = await currentTerms(tx);
  const byUser = new Map(referred.map((r) => [r.referral.referredUserId, r]));
  const digits = new Map(
    (await tx.select({ code: currencies.code, digits: currencies.minorDigits }).from(currencies)).map((c) => [
      c.code,
      c.digits,
    ]),
  );
  let written = 0;
  for (const order of paid) {
    const link = byUser.get(order.userId);
    if (!link) continue;
    const until = new Date(link.referral.createdAt);
    until.setUTCMonth(until.getUTCMonth() + terms.months);
    const paidAt = order.paidAt ?? at;
    if (paidAt.getTime() >= until.getTime()) continue;
    const base = eligibleBaseMinor(order, terms.excludedLineKeys);
    const amountMinor = roundHalf((base * basisPoints(terms.ratePercent)) / 10_000);
    if (amountMinor <= 0) continue;
    const inserted = await tx
      .insert(affiliateCommissions)
      .values({
        affiliateId: link.affiliate.id,
        referralId: link.referral.id,
        orderId: order.id,
        kind: 'earn',
        status: 'pending',
        baseMinor: base,
        ratePercent: terms.ratePercent,
        amountMinor,
        currency: order.currency,
        rate: order.rate,
        amountUsdCents: usdCents(amountMinor, order.rate, digits.get(order.currency) ?? 2),
        availableAt: new Date(paidAt.getTime() + terms.holdingDays * DAY_MS),
        flags: link.referral.flags,
        createdAt: at,
        statusChangedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: affiliateCommissions.id });
    written += inserted.length;
  }
  return written;
}

/** What a refund tells the ledger: the order, the refund's own id, and how much of the total excluding tax went back. */
export type CommissionReversal = {
  orderId: number;
  /** The refund's id (a credit note's number, a notification's id): the same refund reverses once. */
  refundId: string;
  /** The part of the order's total excluding tax this refund gave back, in the order's currency. */
  refundedExclTaxMinor: number;
  currency: string;
};

/**
 * Reverses the commission share of a refund (full or partial) with a negative line, in the refund's transaction:
 * pending with its earn line while that is still held (both are approved together, netting out), approved at once
 * once the earn line was approved or paid (the affiliate's next payout carries it). Cumulative and capped: the
 * reversals of an order never pass its earn line, and a full refund reverses it to the cent, in the order's currency
 * and in US cents. Answers the line's amount (0 when the order earned nothing or is reversed already).
 */
export async function reverseCommission(tx: Tx, refund: CommissionReversal, at = new Date()): Promise<number> {
  // The earn line, locked: two refunds of one order take turns, so the cap holds.
  const [earn] = await tx
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderId, refund.orderId), eq(affiliateCommissions.kind, 'earn')))
    .for('update');
  if (!earn || refund.refundedExclTaxMinor <= 0) return 0;
  if (earn.currency !== refund.currency) throw new Error('refund currency differs from the commission line');
  const [order] = await tx
    .execute<{ total_minor: number }>(sql`select total_minor from orders where id = ${refund.orderId}`)
    .then((r) => r.rows);
  const totalMinor = Number(order?.total_minor ?? 0);
  const [done] = await tx
    .select({
      base: sql<string>`coalesce(sum(${affiliateCommissions.baseMinor}), 0)`,
      amount: sql<string>`coalesce(sum(${affiliateCommissions.amountMinor}), 0)`,
      usd: sql<string>`coalesce(sum(${affiliateCommissions.amountUsdCents}), 0)`,
      already: sql<number>`count(*) filter (where ${affiliateCommissions.refundId} = ${refund.refundId})`,
    })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderId, refund.orderId), eq(affiliateCommissions.kind, 'reversal')));
  if (Number(done?.already ?? 0) > 0) return 0;
  const reversedBase = Number(done?.base ?? 0);
  // The refund's share of the eligible base, the whole refunded total when the order earned on all of it.
  const share = totalMinor > 0 ? Math.round((refund.refundedExclTaxMinor * earn.baseMinor) / totalMinor) : 0;
  const cumulativeBase = Math.min(earn.baseMinor, reversedBase + share);
  const baseThis = cumulativeBase - reversedBase;
  if (baseThis <= 0) return 0;
  const full = cumulativeBase >= earn.baseMinor;
  const targetAmount = full ? earn.amountMinor : roundHalf((earn.amountMinor * cumulativeBase) / earn.baseMinor);
  const targetUsd = full ? earn.amountUsdCents : roundHalf((earn.amountUsdCents * cumulativeBase) / earn.baseMinor);
  const amountMinor = -(targetAmount + Number(done?.amount ?? 0));
  const usd = -(targetUsd + Number(done?.usd ?? 0));
  const held = earn.status === 'pending';
  await tx.insert(affiliateCommissions).values({
    affiliateId: earn.affiliateId,
    referralId: earn.referralId,
    orderId: earn.orderId,
    kind: 'reversal',
    refundId: refund.refundId,
    status: held ? 'pending' : 'approved',
    baseMinor: baseThis,
    ratePercent: earn.ratePercent,
    amountMinor,
    currency: earn.currency,
    rate: earn.rate,
    amountUsdCents: usd,
    availableAt: held ? earn.availableAt : at,
    flags: [],
    createdAt: at,
    statusChangedAt: at,
  });
  return amountMinor;
}

/**
 * The refund path the site has today: an order that reached `refunded` gave back its whole total, so its commission
 * is reversed whole (what a partial refund reversed before counts, and the rest goes now).
 */
export async function reverseRefundedOrders(tx: Tx, refunded: OrderRow[], at: Date): Promise<void> {
  for (const order of refunded) {
    await reverseCommission(
      tx,
      {
        orderId: order.id,
        refundId: `order-refunded:${order.number}`,
        refundedExclTaxMinor: order.totalMinor,
        currency: order.currency,
      },
      at,
    );
  }
}

/**
 * Approves the commission lines whose holding period has passed (`pending` → `approved`), a batch per transaction.
 * Each batch is one audit entry by the system (the line ids, src/server/admin/audit.ts `recordSystemAudit`).
 * `SKIP LOCKED` lets several instances run it; a refund holding an earn line's lock is waited for next time.
 * `now` is injectable so tests move the clock.
 */
export async function approveHeldCommissions(db: Database, now = new Date(), batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select id from affiliate_commissions
       where status = 'pending' and available_at <= ${now.toISOString()}::timestamptz
       order by available_at
       limit ${batch}
       for update skip locked`);
    const ids = due.rows.map((r) => Number(r.id));
    if (ids.length === 0) return 0;
    const moved = await tx
      .update(affiliateCommissions)
      .set({ status: 'approved', statusChangedAt: now })
      .where(
        and(
          inArray(affiliateCommissions.id, ids),
          eq(affiliateCommissions.status, 'pending'),
          lte(affiliateCommissions.availableAt, now),
        ),
      )
      .returning({ id: affiliateCommissions.id });
    if (moved.length === 0) return 0;
    // One entry per batch, in the batch's transaction: the lines it approved, by the job, no staff member.
    const approved = moved.map((r) => r.id).sort((a, b) => a - b);
    await recordSystemAudit(tx, 'affiliateHolding', {
      kind: 'affiliateCommission',
      entityId: `approval:${approved[0]}`,
      action: 'update',
      before: { status: 'pending', ids: approved },
      after: { status: 'approved', ids: approved, count: approved.length },
    });
    return moved.length;
  });
}

/** The holding job every `intervalMs` (default a minute) and at start: lines whose holding period passed are approved. */
export function startCommissionApprovalWorker(
  db: Database,
  options: { intervalMs?: number; now?: () => Date } = {},
): RepeatingJob {
  const clock = options.now ?? (() => new Date());
  return startRepeatingJob(
    'affiliate commission approval',
    async () => (await approveHeldCommissions(db, clock())) >= 500,
    { intervalMs: options.intervalMs ?? 60_000 },
  );
}

const globalForAffiliates = globalThis as unknown as { cirrusCommissionApproval?: RepeatingJob };

/** The process's one approval job, started with the other background jobs (src/server/jobs/background.ts). */
export function ensureCommissionApprovalWorker(db: Database): RepeatingJob {
  globalForAffiliates.cirrusCommissionApproval ??= startCommissionApprovalWorker(db);
  return globalForAffiliates.cirrusCommissionApproval;
}
