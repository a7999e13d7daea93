import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SaleInput, SaleItemInput, saleQuery } from '@/lib/admin/promotions-schemas';
import { notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import { planRegions, saleActivities, saleItems } from '../../db/schema';
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

type ActivityRow = typeof saleActivities.$inferSelect;
type ItemRow = typeof saleItems.$inferSelect;

export type SaleSnapshot = Omit<ActivityRow, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };
/** A sale item with what is sold (taken from its stock by orders that have not given it back). */
export type SaleItemSnapshot = ItemRow & { sold: number };

const activityOf = (row: ActivityRow): SaleSnapshot =>
  plain({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() });
const itemOf = (row: ItemRow): SaleItemSnapshot => ({ ...row, sold: row.stockTotal - row.stockLeft });

export async function saleSnapshot(db: Reader, id: number): Promise<SaleSnapshot | undefined> {
  const [row] = await db.select().from(saleActivities).where(eq(saleActivities.id, id));
  return row ? activityOf(row) : undefined;
}

export async function saleItemSnapshot(db: Reader, id: number): Promise<SaleItemSnapshot | undefined> {
  const [row] = await db.select().from(saleItems).where(eq(saleItems.id, id));
  return row ? itemOf(row) : undefined;
}

const SORTS = { startsAt: saleActivities.startsAt, endsAt: saleActivities.endsAt, id: saleActivities.id } as const;

/** Sale events a page at a time, each with how many items it has and how many are sold. */
export async function listSales(db: Database, query: z.output<typeof saleQuery>) {
  const where = query.q ? searchLocalized(saleActivities.name, query.q) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const totals = db
    .select({
      activityId: saleItems.activityId,
      items: count().as('items'),
      sold: sql<number>`sum(${saleItems.stockTotal} - ${saleItems.stockLeft})::integer`.as('sold'),
      stock: sql<number>`sum(${saleItems.stockTotal})::integer`.as('stock'),
    })
    .from(saleItems)
    .groupBy(saleItems.activityId)
    .as('totals');
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(saleActivities).where(where),
    db
      .select({ activity: saleActivities, items: totals.items, sold: totals.sold, stock: totals.stock })
      .from(saleActivities)
      .leftJoin(totals, eq(totals.activityId, saleActivities.id))
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(saleActivities.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => ({
      ...activityOf(r.activity),
      items: Number(r.items ?? 0),
      sold: Number(r.sold ?? 0),
      stock: Number(r.stock ?? 0),
    })),
  };
}

/** One sale event with its items, in the site's order. */
export async function getSale(db: Database, id: number) {
  const sale = await saleSnapshot(db, id);
  if (!sale) throw notFound('api.admin.notFound');
  const items = await db
    .select()
    .from(saleItems)
    .where(eq(saleItems.activityId, id))
    .orderBy(asc(saleItems.sort), asc(saleItems.id));
  return { ...sale, items: items.map(itemOf) };
}

export async function getSaleItem(db: Database, id: number) {
  const found = await saleItemSnapshot(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

export async function createSale(db: Database, by: SignedInStaff, input: SaleInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(saleActivities)
      .values({ ...input, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) })
      .returning({ id: saleActivities.id });
    if (!row) throw new Error('sale_activities insert returned no row');
    const after = (await saleSnapshot(tx, row.id)) ?? null;
    await recorded(tx, by, 'sale', row.id, 'create', null, after);
    return after;
  });
}

export async function updateSale(db: Database, by: SignedInStaff, id: number, input: SaleInput & { version: number }) {
  return db.transaction(async (tx) => {
    const before = await lockForSave(tx, 'sale_activities', id, input.version, saleSnapshot);
    await tx
      .update(saleActivities)
      .set({
        name: input.name,
        description: input.description,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        version: before.version + 1,
      })
      .where(eq(saleActivities.id, id));
    const after = (await saleSnapshot(tx, id)) ?? null;
    await recorded(tx, by, 'sale', id, 'update', before, after);
    return after;
  });
}

/** A sale item's plan must be offered in its region, as the configurator sells it. */
async function checkPlanRegion(tx: Tx, input: { planId: string; regionId: string }): Promise<void> {
  const [found] = await tx
    .select({ planId: planRegions.planId })
    .from(planRegions)
    .where(and(eq(planRegions.planId, input.planId), eq(planRegions.regionId, input.regionId)));
  if (!found) throw refusedAt('regionId', 'api.admin.promotionsPlanRegionUnknown');
}

export async function createSaleItem(db: Database, by: SignedInStaff, activityId: number, input: SaleItemInput) {
  return db.transaction(async (tx) => {
    // The event is held (KEY SHARE) so it cannot be deleted while its new item is written.
    await tx.execute(sql`select 1 from sale_activities where id = ${activityId} for key share`);
    if (!(await saleSnapshot(tx, activityId))) throw notFound('api.admin.notFound');
    await checkPlanRegion(tx, input);
    const [row] = await tx
      .insert(saleItems)
      .values({ ...input, activityId, stockLeft: input.stockTotal })
      .returning({ id: saleItems.id });
    if (!row) throw new Error('sale_items insert returned no row');
    const after = (await saleItemSnapshot(tx, row.id)) ?? null;
    await recorded(tx, by, 'saleItem', row.id, 'create', null, after);
    return after;
  });
}

/**
 * Saves a sale item. As for coupons, the stock is set by one conditional UPDATE that keeps the new total at or
 * above what is sold when it runs; an order takes stock by its own conditional UPDATE of the same row
 * (src/server/api/orders/service.ts) and an unpaid order gives it back capped at the total
 * (src/server/orders/lifecycle.ts), so neither can pass the other.
 */
export async function updateSaleItem(
  db: Database,
  by: SignedInStaff,
  id: number,
  input: SaleItemInput & { version: number },
) {
  return db.transaction(async (tx) => {
    const before = await lockForSave(tx, 'sale_items', id, input.version, saleItemSnapshot);
    await checkPlanRegion(tx, input);
    const [saved] = await tx
      .update(saleItems)
      .set({
        planId: input.planId,
        regionId: input.regionId,
        months: input.months,
        salePriceCents: input.salePriceCents,
        perUserLimit: input.perUserLimit,
        sort: input.sort,
        stockTotal: input.stockTotal,
        stockLeft: sql`${saleItems.stockLeft} + (${input.stockTotal}::integer - ${saleItems.stockTotal})`,
        version: before.version + 1,
      })
      .where(and(eq(saleItems.id, id), sql`${saleItems.stockTotal} - ${saleItems.stockLeft} <= ${input.stockTotal}`))
      .returning({ id: saleItems.id });
    if (!saved) throw stockBelowTaken(before.sold);
    const after = (await saleItemSnapshot(tx, id)) ?? null;
    await recorded(tx, by, 'saleItem', id, 'update', before, after);
    return after;
  });
}
