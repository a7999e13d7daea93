import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PintuanOfferInput, pintuanQuery } from '@/lib/admin/promotions-schemas';
import { notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import { pintuanGroups, pintuanOffers, planRegions } from '../../db/schema';
import type { SignedInStaff } from '../sessions';
import { lockForSave, plain, type Reader, recorded, refusedAt, searchLocalized, type Tx } from './common';

type OfferRow = typeof pintuanOffers.$inferSelect;
export type PintuanOfferSnapshot = Omit<OfferRow, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };

const offerOf = (row: OfferRow): PintuanOfferSnapshot =>
  plain({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() });

export async function pintuanOfferSnapshot(db: Reader, id: number): Promise<PintuanOfferSnapshot | undefined> {
  const [row] = await db.select().from(pintuanOffers).where(eq(pintuanOffers.id, id));
  return row ? offerOf(row) : undefined;
}

export async function getPintuanOffer(db: Database, id: number) {
  const found = await pintuanOfferSnapshot(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

const SORTS = {
  sort: pintuanOffers.sort,
  id: pintuanOffers.id,
  startsAt: pintuanOffers.startsAt,
  endsAt: pintuanOffers.endsAt,
} as const;

/** Group-buy offers a page at a time, each with its open and succeeded groups. */
export async function listPintuanOffers(db: Database, query: z.output<typeof pintuanQuery>) {
  const where = query.q ? searchLocalized(pintuanOffers.name, query.q) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const groups = db
    .select({
      offerId: pintuanGroups.offerId,
      open: sql<number>`count(*) filter (where ${pintuanGroups.status} = 'open')::integer`.as('open'),
      succeeded: sql<number>`count(*) filter (where ${pintuanGroups.status} = 'succeeded')::integer`.as('succeeded'),
    })
    .from(pintuanGroups)
    .groupBy(pintuanGroups.offerId)
    .as('groups');
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(pintuanOffers).where(where),
    db
      .select({ offer: pintuanOffers, open: groups.open, succeeded: groups.succeeded })
      .from(pintuanOffers)
      .leftJoin(groups, eq(groups.offerId, pintuanOffers.id))
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(pintuanOffers.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => ({
      ...offerOf(r.offer),
      openGroups: Number(r.open ?? 0),
      succeededGroups: Number(r.succeeded ?? 0),
    })),
  };
}

async function checkPlanRegion(tx: Tx, input: { planId: string; regionId: string }): Promise<void> {
  const [found] = await tx
    .select({ planId: planRegions.planId })
    .from(planRegions)
    .where(and(eq(planRegions.planId, input.planId), eq(planRegions.regionId, input.regionId)));
  if (!found) throw refusedAt('regionId', 'api.admin.promotionsPlanRegionUnknown');
}

function columnsOf(input: PintuanOfferInput) {
  const rules = input.rules.en ? input.rules : null;
  return { ...input, rules, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) };
}

export async function createPintuanOffer(db: Database, by: SignedInStaff, input: PintuanOfferInput) {
  return db.transaction(async (tx) => {
    await checkPlanRegion(tx, input);
    const [row] = await tx.insert(pintuanOffers).values(columnsOf(input)).returning({ id: pintuanOffers.id });
    if (!row) throw new Error('pintuan_offers insert returned no row');
    const after = (await pintuanOfferSnapshot(tx, row.id)) ?? null;
    await recorded(tx, by, 'pintuanOffer', row.id, 'create', null, after);
    return after;
  });
}

/**
 * Saves a group-buy offer. Groups already open keep the size they were opened with (pintuan_groups.size) and
 * their orders keep their price: a change applies to groups opened after it.
 */
export async function updatePintuanOffer(
  db: Database,
  by: SignedInStaff,
  id: number,
  input: PintuanOfferInput & { version: number },
) {
  return db.transaction(async (tx) => {
    const before = await lockForSave(tx, 'pintuan_offers', id, input.version, pintuanOfferSnapshot);
    await checkPlanRegion(tx, input);
    const { version: _, ...fields } = input;
    await tx
      .update(pintuanOffers)
      .set({ ...columnsOf(fields), version: before.version + 1 })
      .where(eq(pintuanOffers.id, id));
    const after = (await pintuanOfferSnapshot(tx, id)) ?? null;
    await recorded(tx, by, 'pintuanOffer', id, 'update', before, after);
    return after;
  });
}
