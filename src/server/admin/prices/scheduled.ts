import 'server-only';
import { aliasedTable, and, count, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PriceChange, priceSchedule } from '@/lib/admin/prices-schemas';
import type { ScheduledPriceChange } from '@/lib/admin/resources/prices/scheduled';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database, Reader } from '../../db/client';
import { scheduledPriceChanges, staff } from '../../db/schema';
import { logEvent } from '../../log';
import { recordAudit } from '../audit';
import { plain } from '../resource/bind';
import { applyPriceChange, missingTarget, readTarget, targetKey } from './changes';

const createdByStaff = aliasedTable(staff, 'created_by_staff');
const cancelledByStaff = aliasedTable(staff, 'cancelled_by_staff');
const t = scheduledPriceChanges;

/** Scheduled changes as the API answers them, with who scheduled and who cancelled each by name. */
export async function readScheduled(db: Reader, where: SQL | undefined): Promise<ScheduledPriceChange[]> {
  const rows = await db
    .select({ row: t, createdBy: createdByStaff.name, cancelledBy: cancelledByStaff.name })
    .from(t)
    .leftJoin(createdByStaff, eq(createdByStaff.id, t.createdBy))
    .leftJoin(cancelledByStaff, eq(cancelledByStaff.id, t.cancelledBy))
    .where(where);
  // `target` and `change` are written from the schedule's own schema only (scheduleChange).
  return plain(
    rows.map(({ row, createdBy, cancelledBy }) => ({
      ...row,
      createdBy: row.createdBy === null ? null : { id: row.createdBy, name: createdBy },
      cancelledBy: row.cancelledBy === null ? null : { id: row.cancelledBy, name: cancelledBy },
    })),
  ) as unknown as ScheduledPriceChange[];
}

/**
 * The list's order (`due`): the pending changes first, soonest first, then the others, latest first. A number (its
 * time in milliseconds, pending ones shifted below every other), so a keyset cursor carries it exactly.
 */
export const DUE_ORDER = sql`case when ${t.status} = 'pending'
  then floor(extract(epoch from ${t.startsAt}) * 1000)::bigint - 100000000000000
  else -floor(extract(epoch from ${t.startsAt}) * 1000)::bigint end`;

/**
 * Schedules a change from `startsAt`. Its row must exist now (a plan's price in a region it is not sold in is
 * refused at once, not at its time). Announced like any change, so every instance arms its timer for it
 * (src/server/changes/listener.ts).
 */
export async function scheduleChange(db: Database, staffId: number, input: z.output<typeof priceSchedule>) {
  return db.transaction(async (tx) => {
    if (!(await readTarget(tx, input.change))) throw missingTarget(input.change);
    const [row] = await tx
      .insert(t)
      .values({
        target: input.change.target,
        targetKey: targetKey(input.change),
        change: input.change,
        startsAt: new Date(input.startsAt),
        createdBy: staffId,
      })
      .returning({ id: t.id });
    const [after] = row ? await readScheduled(tx, eq(t.id, row.id)) : [];
    if (!row || !after) throw new Error('scheduled change vanished after insert');
    await recordAudit(tx, { staffId, kind: 'priceSchedule', entityId: row.id, action: 'create', before: null, after });
    await announceChange(tx, ['prices']);
    return after;
  });
}

/**
 * Cancels a change that has not happened yet. One that applied, failed or was cancelled already answers 409 with
 * the row as it is: the conditional update makes a cancel racing the change's time either cancel it or find it
 * applied, never both. Nothing but its time, a cancel or its failure changes a pending change, so "still pending"
 * is all a cancel needs to know it cancels what was shown.
 */
export async function cancelScheduled(db: Database, staffId: number, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await readScheduled(tx, eq(t.id, id));
    if (!before) throw notFound('api.admin.notFound');
    const [done] = await tx
      .update(t)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: staffId, version: sql`${t.version} + 1` })
      .where(and(eq(t.id, id), eq(t.status, 'pending')))
      .returning({ id: t.id });
    const [after] = await readScheduled(tx, eq(t.id, id));
    if (!done || !after) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.pricesScheduledNotPending', {
        extra: { current: after ?? before },
      });
    }
    await recordAudit(tx, { staffId, kind: 'priceSchedule', entityId: id, action: 'update', before, after });
    await announceChange(tx, ['prices']);
    return after;
  });
}

/**
 * Applies the scheduled changes whose time has come, each once, oldest first, each in a transaction of its own,
 * by the database's clock. Several instances run this at the same moment (each one's timer fires at the change's
 * time, src/server/changes/listener.ts): the first to lock a pending row applies it, and its status leaves
 * `pending` in the same transaction as the prices; the others wait on that lock, find the row no longer pending
 * when it is released (PostgreSQL checks the condition again on the row as committed) and have nothing left to
 * do, so a change is applied by exactly one, and the others return only after it committed. A change whose row is gone
 * by its time is marked failed with the reason, not retried for ever. Answers how many applied and failed here,
 * and how many were due when it began (applied here or by another instance, each announced either way).
 */
export async function applyDuePriceChanges(
  db: Database,
  batch = 50,
): Promise<{ applied: number; failed: number; due: number }> {
  // What was due when this pass began: each of these is applied or failed by some instance, and announced.
  const [seen] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.status, 'pending'), lte(t.startsAt, sql`now()`)));
  const due = seen?.n ?? 0;
  if (due === 0) return { applied: 0, failed: 0, due };
  let applied = 0;
  let failed = 0;
  for (let i = 0; i < batch; i += 1) {
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        select ${t.id} as id from ${t}
         where ${t.status} = 'pending' and ${t.startsAt} <= now()
         order by ${t.startsAt}, ${t.id}
         limit 1 for update`);
      const id = rows[0]?.id;
      if (id === undefined) return 'none' as const;
      const [row] = await tx.select().from(t).where(eq(t.id, id));
      if (!row) return 'none' as const;
      const change = row.change as PriceChange;
      try {
        // A savepoint: a change that cannot apply leaves the prices as they were, and the row is marked failed.
        await tx.transaction((inner) => applyPriceChange(inner, change, row.createdBy));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await tx
          .update(t)
          .set({ status: 'failed', failure: error.fields ? Object.values(error.fields).join(', ') : error.messageKey })
          .where(eq(t.id, id));
        await announceChange(tx, ['prices']);
        logEvent('warn', 'scheduled price change failed', { id, target: row.targetKey, reason: error.messageKey });
        return 'failed' as const;
      }
      await tx
        .update(t)
        .set({ status: 'applied', appliedAt: sql`now()`, version: sql`${t.version} + 1` })
        .where(eq(t.id, id));
      logEvent('info', 'scheduled price change applied', { id, target: row.targetKey });
      return 'applied' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'applied') applied += 1;
    else failed += 1;
  }
  return { applied, failed, due };
}
