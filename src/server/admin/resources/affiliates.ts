import 'server-only';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ResourceQuery } from '@/lib/admin/resource';
import { resourceQuery } from '@/lib/admin/resource';
import { reverseCommission } from '../../affiliates/ledger';
import { makePayoutBatch, markPayoutPaid } from '../../affiliates/payouts';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import type { Database, Reader, Tx } from '../../db/client';
import { affiliateCommissions, affiliatePayouts, affiliates, orders, users } from '../../db/schema';
import { recordAudit } from '../audit';
import { type CsvValue, csvDownload } from '../csv';
import type { Binding, Snapshot } from '../resource/bind';
import { plain } from '../resource/bind';
import type { SignedInStaff } from '../sessions';

/**
 * The affiliate programme in the back office (docs/decisions/070-affiliate-programme.md): affiliates with what they
 * brought and earned, the ledger for review, and the monthly payouts.
 */

const flagged = (column: AnyPgColumn) => (value: string) =>
  value === 'yes'
    ? sql`jsonb_array_length(${column}) > 0`
    : value === 'no'
      ? sql`jsonb_array_length(${column}) = 0`
      : undefined;

async function readAffiliates(db: Reader, where: SQL | undefined): Promise<Snapshot[]> {
  const rows = await db
    .select({
      affiliate: affiliates,
      username: users.username,
      clicks: sql<number>`(select count(*)::int from affiliate_clicks c where c.affiliate_id = ${affiliates.id})`,
      signUps: sql<number>`(select count(*)::int from affiliate_referrals r where r.affiliate_id = ${affiliates.id} and r.status = 'active')`,
      refused: sql<number>`(select count(*)::int from affiliate_referrals r where r.affiliate_id = ${affiliates.id} and r.status = 'refused')`,
      pending: sql<number>`(select coalesce(sum(amount_usd_cents), 0)::int from affiliate_commissions m where m.affiliate_id = ${affiliates.id} and m.status = 'pending')`,
      approved: sql<number>`(select coalesce(sum(amount_usd_cents), 0)::int from affiliate_commissions m where m.affiliate_id = ${affiliates.id} and m.status = 'approved')`,
      paid: sql<number>`(select coalesce(sum(amount_usd_cents), 0)::int from affiliate_commissions m where m.affiliate_id = ${affiliates.id} and m.status = 'paid')`,
    })
    .from(affiliates)
    .leftJoin(users, eq(users.id, affiliates.userId))
    .where(where);
  return rows.map((r) => ({
    id: r.affiliate.id,
    userId: r.affiliate.userId,
    username: r.username,
    code: r.affiliate.code,
    status: r.affiliate.status,
    termsVersion: r.affiliate.termsVersion,
    payoutMethod: r.affiliate.payoutMethod,
    flags: r.affiliate.flags,
    joinedAt: r.affiliate.joinedAt.toISOString(),
    clicks: Number(r.clicks),
    signUps: Number(r.signUps),
    refused: Number(r.refused),
    pendingUsdCents: Number(r.pending),
    approvedUsdCents: Number(r.approved),
    paidUsdCents: Number(r.paid),
    version: r.affiliate.version,
  }));
}

export const affiliatesBinding: Binding = {
  search: (q) => eq(affiliates.code, q.trim().toUpperCase()),
  filters: {
    status: (value) => (value === 'all' ? undefined : eq(affiliates.status, value as 'active' | 'disabled')),
    flagged: flagged(affiliates.flags),
  },
  read: readAffiliates,
  readOne: async (db, id) => (await readAffiliates(db, eq(affiliates.id, Number(id))))[0],
  values: (input) => ({ status: input.status }),
};

async function readCommissions(db: Reader, where: SQL | undefined): Promise<Snapshot[]> {
  const rows = await db
    .select({ line: affiliateCommissions, code: affiliates.code, number: orders.number })
    .from(affiliateCommissions)
    .leftJoin(affiliates, eq(affiliates.id, affiliateCommissions.affiliateId))
    .leftJoin(orders, eq(orders.id, affiliateCommissions.orderId))
    .where(where);
  return rows.map(({ line, code, number }) => ({
    id: line.id,
    affiliateId: line.affiliateId,
    affiliateCode: code,
    orderId: line.orderId,
    orderNumber: number,
    kind: line.kind,
    refundId: line.refundId,
    status: line.status,
    baseMinor: line.baseMinor,
    ratePercent: line.ratePercent,
    amountMinor: line.amountMinor,
    currency: line.currency,
    amountUsdCents: line.amountUsdCents,
    availableAt: line.availableAt.toISOString(),
    flags: line.flags,
    createdAt: line.createdAt.toISOString(),
    version: line.version,
  }));
}

/**
 * Forfeits an order's commission (the programme's rules broken): the rest of it reversed with a line of its own,
 * as a refund would, so the ledger stays append-only and a paid line comes off the next payout.
 */
async function forfeit(db: Database, by: SignedInStaff, id: number): Promise<Snapshot | null> {
  return db.transaction(async (tx) => {
    const [earn] = await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, id));
    if (earn?.kind !== 'earn') throw notFound('api.admin.notFound');
    const [order] = await tx.select().from(orders).where(eq(orders.id, earn.orderId));
    const amount = await reverseCommission(tx, {
      orderId: earn.orderId,
      refundId: `forfeit:${earn.id}`,
      refundedExclTaxMinor: order?.totalMinor ?? 0,
      currency: earn.currency,
    });
    if (amount === 0) throw new ApiError(BusinessCode.conflict, 'api.admin.affiliateNothingToForfeit');
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'affiliateCommission',
      entityId: earn.id,
      action: 'update',
      before: { forfeited: false },
      after: { forfeited: true, reversedMinor: amount, currency: earn.currency },
    });
    return (await readCommissions(tx, eq(affiliateCommissions.id, id)))[0] ?? null;
  });
}

export const affiliateCommissionsBinding: Binding = {
  filters: {
    status: (value) =>
      value === 'all' ? undefined : eq(affiliateCommissions.status, value as 'pending' | 'approved' | 'paid'),
    kind: (value) => (value === 'all' ? undefined : eq(affiliateCommissions.kind, value as 'earn' | 'reversal')),
    flagged: flagged(affiliateCommissions.flags),
    currency: (value) => (value === 'all' ? undefined : eq(affiliateCommissions.currency, value)),
  },
  read: readCommissions,
  actions: { forfeit: ({ db, by, id }) => forfeit(db, by, Number(id)) },
};

async function readPayouts(db: Reader, where: SQL | undefined): Promise<Snapshot[]> {
  const rows = await db
    .select({
      payout: affiliatePayouts,
      code: affiliates.code,
      account: affiliates.payoutAccount,
      username: users.username,
    })
    .from(affiliatePayouts)
    .leftJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
    .leftJoin(users, eq(users.id, affiliates.userId))
    .where(where);
  return rows.map(({ payout, code, account, username }) => ({
    id: payout.id,
    affiliateId: payout.affiliateId,
    affiliateCode: code,
    username,
    batch: payout.batch,
    method: payout.method,
    payoutAccount: payout.method === 'balance' ? null : account,
    amountUsdCents: payout.amountUsdCents,
    status: payout.status,
    reference: payout.reference,
    paidAt: payout.paidAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    version: payout.version,
  }));
}

/**
 * "New" on the payouts list makes the month's batch: one payout per affiliate due (makePayoutBatch), each audited;
 * 409 when nobody is due. Answers the first payout's id, which the screen opens.
 */
async function createBatch(tx: Tx, input: Record<string, unknown>, by: SignedInStaff): Promise<number> {
  const month = String(input.batch);
  const now = new Date();
  // A batch is for the month it is made in; a past month's label is refused rather than back-dated.
  if (month !== now.toISOString().slice(0, 7)) {
    throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
      fields: { batch: 'api.admin.affiliateBatchMonth' },
    });
  }
  const made = await makePayoutBatch(tx, now);
  const [first] = made.payouts;
  if (first === undefined) throw new ApiError(BusinessCode.conflict, 'api.admin.affiliateNothingDue');
  const rows = await tx.select().from(affiliatePayouts).where(inArray(affiliatePayouts.id, made.payouts));
  for (const row of rows.slice(1)) {
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'affiliatePayout',
      entityId: row.id,
      action: 'create',
      before: null,
      after: plain(row),
    });
  }
  return first;
}

async function markPaid(db: Database, by: SignedInStaff, id: number, reference: string): Promise<Snapshot | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id));
    if (!before) throw notFound('api.admin.notFound');
    if (!(await markPayoutPaid(tx, id, reference, new Date()))) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.affiliatePayoutPaid');
    }
    const [after] = await tx.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id));
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'affiliatePayout',
      entityId: id,
      action: 'update',
      before: { status: before.status, reference: before.reference },
      after: { status: after?.status ?? 'paid', reference },
    });
    return (await readPayouts(tx, eq(affiliatePayouts.id, id)))[0] ?? null;
  });
}

const CSV_HEADER = [
  'payout',
  'batch',
  'affiliate_code',
  'method',
  'account',
  'amount_usd',
  'status',
  'reference',
  'paid_at',
] as const;

async function* csvRows(batches: AsyncGenerator<Snapshot[]>): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) {
    yield batch.map(
      (row) =>
        [
          row.id,
          row.batch,
          row.affiliateCode ?? '',
          row.method,
          row.payoutAccount ?? '',
          (Number(row.amountUsdCents) / 100).toFixed(2),
          row.status,
          row.reference ?? '',
          row.paidAt ?? '',
        ] as CsvValue[],
    );
  }
}

export const affiliatePayoutsBinding: Binding = {
  filters: {
    status: (value) => (value === 'all' ? undefined : eq(affiliatePayouts.status, value as 'due' | 'paid')),
    method: (value) =>
      value === 'all' ? undefined : eq(affiliatePayouts.method, value as 'balance' | 'paypal' | 'bank'),
    batch: (value) => (value ? eq(affiliatePayouts.batch, value.trim()) : undefined),
  },
  read: readPayouts,
  create: (tx, input, by) => createBatch(tx, input as Record<string, unknown>, by),
  actions: {
    'mark-paid': ({ db, by, id, input }) => markPaid(db, by, Number(id), String(input.reference ?? '')),
  },
  routes: (router, resource) => {
    router.route(
      {
        method: 'get',
        path: '/admin/affiliate-payouts/export',
        summary: 'The payouts the list query matches, as CSV for the accountant',
        query: resourceQuery(resource.declaration),
        raw: { mediaType: 'text/csv', description: 'The payouts as CSV (an attachment), not the envelope.' },
        auth: 'staff',
        permission: resource.declaration.access.read,
      },
      (c, { query }) => {
        const batches = resource.batches(c.get('db'), query as ResourceQuery, c.get('staff'), 1_000);
        return csvDownload(c, 'affiliate-payouts', CSV_HEADER, csvRows(batches));
      },
    );
  },
};
