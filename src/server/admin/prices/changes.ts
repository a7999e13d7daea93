import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { PriceChange, PriceSnapshot } from '@/lib/admin/prices-schemas';
import { ApiError, BusinessCode, invalidInput, notFound } from '../../api/errors';
import { announceChange, seenHereAtOnce } from '../../changes/bus';
import type { Database, Reader, Tx } from '../../db/client';
import { images, planRegions, plans, regions, termDiscounts } from '../../db/schema';
import { recordAudit } from '../audit';

/** The audit log's name for the row a change touches ("plan:std-1c1g", "planRegion:std-1c1g/hong-kong"). */
export function targetKey(change: PriceChange): string {
  switch (change.target) {
    case 'plan':
      return `plan:${change.planId}`;
    case 'planRegion':
      return `planRegion:${change.planId}/${change.regionId}`;
    case 'region':
      return `region:${change.regionId}`;
    case 'term':
      return `term:${change.months}`;
    case 'licence':
      return `licence:${change.imageId}`;
  }
}

/**
 * The row a change touches, as it is now, or undefined when there is none (a plan not sold in the region has no
 * price there). With `lock`, the row is locked for the rest of the transaction.
 */
export async function readTarget(db: Reader, change: PriceChange, lock = false): Promise<PriceSnapshot | undefined> {
  const forUpdate = lock ? sql` for update` : sql``;
  switch (change.target) {
    case 'plan': {
      const { rows } = await db.execute<PriceSnapshot>(sql`
        select ${plans.id} as "planId", ${plans.monthlyPriceCents} as "monthlyPriceCents",
               ${plans.hourlyPriceMicroUsd} as "hourlyPriceMicroUsd", ${plans.hourlyBilling} as "hourlyBilling",
               ${plans.version} as "version"
          from ${plans} where ${plans.id} = ${change.planId}${forUpdate}`);
      return rows[0];
    }
    case 'planRegion': {
      const { rows } = await db.execute<PriceSnapshot>(sql`
        select ${planRegions.planId} as "planId", ${planRegions.regionId} as "regionId",
               ${planRegions.monthlyPriceCents} as "monthlyPriceCents",
               ${planRegions.hourlyPriceMicroUsd} as "hourlyPriceMicroUsd", ${planRegions.version} as "version"
          from ${planRegions}
         where ${planRegions.planId} = ${change.planId} and ${planRegions.regionId} = ${change.regionId}${forUpdate}`);
      return rows[0];
    }
    case 'region': {
      const { rows } = await db.execute<PriceSnapshot>(sql`
        select ${regions.id} as "regionId", ${regions.priceAdjustmentPct} as "priceAdjustmentPct",
               ${regions.version} as "version"
          from ${regions} where ${regions.id} = ${change.regionId}${forUpdate}`);
      return rows[0];
    }
    case 'term': {
      const { rows } = await db.execute<PriceSnapshot>(sql`
        select ${termDiscounts.months} as "months", ${termDiscounts.percentOff} as "percentOff",
               ${termDiscounts.version} as "version"
          from ${termDiscounts} where ${termDiscounts.months} = ${change.months}${forUpdate}`);
      return rows[0];
    }
    case 'licence': {
      const { rows } = await db.execute<PriceSnapshot>(sql`
        select ${images.id} as "imageId", ${images.licenceCentsPerVcpu} as "licenceCentsPerVcpu",
               ${images.version} as "version"
          from ${images} where ${images.id} = ${change.imageId}${forUpdate}`);
      return rows[0];
    }
  }
}

/** Why a change has no row to touch, as the field that names it. */
export function missingTarget(change: PriceChange): ApiError {
  if (change.target === 'planRegion') return invalidInput({ regionId: 'api.admin.pricesNotSoldInRegion' });
  return notFound('api.admin.notFound');
}

/** Writes a change to its (locked) row as the next version. */
async function writeTarget(tx: Tx, change: PriceChange, version: number): Promise<void> {
  switch (change.target) {
    case 'plan':
      await tx
        .update(plans)
        .set({
          monthlyPriceCents: change.monthlyPrice,
          hourlyPriceMicroUsd: change.hourlyPrice,
          hourlyBilling: change.hourlyBilling,
          version,
        })
        .where(eq(plans.id, change.planId));
      return;
    case 'planRegion':
      await tx
        .update(planRegions)
        .set({ monthlyPriceCents: change.monthlyPrice, hourlyPriceMicroUsd: change.hourlyPrice, version })
        .where(and(eq(planRegions.planId, change.planId), eq(planRegions.regionId, change.regionId)));
      return;
    case 'region':
      await tx
        .update(regions)
        .set({ priceAdjustmentPct: change.priceAdjustmentPct, version })
        .where(eq(regions.id, change.regionId));
      return;
    case 'term':
      await tx
        .update(termDiscounts)
        .set({ percentOff: change.percentOff, version })
        .where(eq(termDiscounts.months, change.months));
      return;
    case 'licence':
      await tx
        .update(images)
        .set({ licenceCentsPerVcpu: change.licencePerVcpu, version })
        .where(eq(images.id, change.imageId));
      return;
  }
}

/**
 * Makes a price change in the caller's transaction: the row locked, checked against the version the editor
 * loaded (when given; a scheduled change applies over whatever is there at its time), written, audited as
 * `staffId`'s and announced so every instance drops what it keeps. Answers the row before and after.
 */
export async function applyPriceChange(
  tx: Tx,
  change: PriceChange,
  staffId: number | null,
  expectedVersion?: number,
): Promise<{ before: PriceSnapshot; after: PriceSnapshot }> {
  const before = await readTarget(tx, change, true);
  if (!before) throw missingTarget(change);
  if (expectedVersion !== undefined && before.version !== expectedVersion) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current: before } });
  }
  await writeTarget(tx, change, before.version + 1);
  const after = await readTarget(tx, change);
  if (!after) throw new Error(`price row ${targetKey(change)} vanished under its lock`);
  await recordAudit(tx, { staffId, kind: 'price', entityId: targetKey(change), action: 'update', before, after });
  await announceChange(tx, ['prices']);
  return { before, after };
}

/**
 * A price change made now, by a signed-in person, over the version they loaded; this process drops what it keeps
 * as soon as it is committed, the others when the announcement reaches them.
 */
export async function changePriceNow(db: Database, staffId: number, change: PriceChange, version: number) {
  return seenHereAtOnce(db.transaction(async (tx) => (await applyPriceChange(tx, change, staffId, version)).after));
}
