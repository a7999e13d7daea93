import 'server-only';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CouponInput, couponQuery } from '@/lib/admin/promotions-schemas';
import { couponState } from '../../api/coupons/queries';
import { notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import { coupons, productLines, userCoupons, welcomeClaims } from '../../db/schema';
import type { SignedInStaff } from '../sessions';
import {
  lockForSave,
  plain,
  type Reader,
  recorded,
  refusedAt,
  searchLocalized,
  stockBelowTaken,
  type Tx,
} from './common';

type CouponRow = typeof coupons.$inferSelect;

/** A coupon as the editor shows it and the audit log keeps it. */
export type CouponSnapshot = Omit<CouponRow, 'startsAt' | 'endsAt'> & {
  startsAt: string;
  endsAt: string;
  /** Taken from the stock by claims in the coupon centre: what the stock may not go below. */
  claimed: number;
  /** Held by customers (claimed from the centre or given with the welcome bundle), used or not. */
  held: number;
  state: ReturnType<typeof couponState>;
};

/** How many customers hold each coupon, by id. */
async function heldBy(db: Reader, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userCoupons.couponId, n: count() })
    .from(userCoupons)
    .where(inArray(userCoupons.couponId, ids))
    .groupBy(userCoupons.couponId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function snapshotOf(row: CouponRow, held: number, now = new Date()): CouponSnapshot {
  return plain({
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    claimed: row.stockTotal - row.stockLeft,
    held,
    state: couponState(row, now),
  });
}

export async function couponSnapshot(db: Reader, id: number): Promise<CouponSnapshot | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) return undefined;
  return snapshotOf(row, (await heldBy(db, [id])).get(id) ?? 0);
}

export async function getCoupon(db: Database, id: number): Promise<CouponSnapshot> {
  const found = await couponSnapshot(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

const SORTS = {
  sort: coupons.sort,
  id: coupons.id,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  claimed: sql`${coupons.stockTotal} - ${coupons.stockLeft}`,
} as const;

/**
 * Coupons a page at a time: the coupon centre's, the welcome bundle's or both, searched in every language of
 * their names. With the welcome bundle, also how many accounts have claimed it.
 */
export async function listCoupons(db: Database, query: z.output<typeof couponQuery>) {
  const where = and(
    query.offer === 'all' ? undefined : eq(coupons.welcome, query.offer === 'welcome'),
    query.q ? searchLocalized(coupons.name, query.q) : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [[counted], rows, [welcome]] = await Promise.all([
    db.select({ n: count() }).from(coupons).where(where),
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(coupons.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ n: count() }).from(welcomeClaims),
  ]);
  const held = await heldBy(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => snapshotOf(r, held.get(r.id) ?? 0, now)),
    welcomeClaims: welcome?.n ?? 0,
  };
}

/** Product lines named on a coupon must exist (or be "domain"): a misspelt one would silently match nothing. */
async function checkProducts(tx: Tx, products: string[]): Promise<void> {
  const lines = products.filter((p) => p !== 'domain');
  if (lines.length === 0) return;
  const found = await tx.select({ id: productLines.id }).from(productLines).where(inArray(productLines.id, lines));
  if (found.length !== lines.length) throw refusedAt('products', 'api.admin.promotionsProductUnknown');
}

/** The columns an input sets, stock apart. */
function columnsOf(input: CouponInput) {
  return {
    name: input.name,
    kind: input.kind,
    // The other kind's value is kept at 0, so the site never reads a stale one.
    amountCents: input.kind === 'amount' ? input.amountCents : 0,
    percentOff: input.kind === 'percent' ? input.percentOff : 0,
    thresholdCents: input.thresholdCents,
    products: input.products,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    validDays: input.validDays,
    perUserLimit: input.perUserLimit,
    newCustomerOnly: input.newCustomerOnly,
    sort: input.sort,
  };
}

export async function createCoupon(db: Database, by: SignedInStaff, input: CouponInput) {
  return db.transaction(async (tx) => {
    await checkProducts(tx, input.products);
    const [row] = await tx
      .insert(coupons)
      .values({
        ...columnsOf(input),
        welcome: input.welcome,
        stockTotal: input.stockTotal,
        stockLeft: input.stockTotal,
      })
      .returning({ id: coupons.id });
    if (!row) throw new Error('coupons insert returned no row');
    const after = (await couponSnapshot(tx, row.id)) ?? null;
    await recorded(tx, by, 'coupon', row.id, 'create', null, after);
    return after;
  });
}

/**
 * Saves a coupon. The stock is set by one conditional UPDATE: the new total must cover what is already claimed
 * (`stock_total - stock_left`) as the row stands when the UPDATE runs, and what is left moves by the difference.
 * A claim takes stock with its own conditional UPDATE of the same row (src/server/api/coupons/queries.ts), so the
 * two are ordered by PostgreSQL's row lock: whichever commits second sees the other's result, and no claim can
 * succeed beyond the stock nor the stock fall below the claims. Whether a coupon is in the welcome bundle is set
 * when it is made: moving it would change what customers already hold it for.
 */
export async function updateCoupon(
  db: Database,
  by: SignedInStaff,
  id: number,
  input: CouponInput & { version: number },
) {
  return db.transaction(async (tx) => {
    const before = await lockForSave(tx, 'coupons', id, input.version, couponSnapshot);
    await checkProducts(tx, input.products);
    const [saved] = await tx
      .update(coupons)
      .set({
        ...columnsOf(input),
        stockTotal: input.stockTotal,
        stockLeft: sql`${coupons.stockLeft} + (${input.stockTotal}::integer - ${coupons.stockTotal})`,
        version: before.version + 1,
      })
      .where(and(eq(coupons.id, id), sql`${coupons.stockTotal} - ${coupons.stockLeft} <= ${input.stockTotal}`))
      .returning({ id: coupons.id });
    if (!saved) throw stockBelowTaken(before.claimed);
    const after = (await couponSnapshot(tx, id)) ?? null;
    await recorded(tx, by, 'coupon', id, 'update', before, after);
    return after;
  });
}
