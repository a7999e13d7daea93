import 'server-only';
import { aliasedTable, and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PriceChange, priceSchedule, scheduledQuery } from '@/lib/admin/prices-schemas';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database } from '../../db/client';
import { scheduledPriceChanges, staff } from '../../db/schema';
import { logEvent } from '../../log';
import { recordAudit } from '../audit';
import { applyPriceChange, missingTarget, readTarget, targetKey } from './changes';

type ScheduleInput = z.output<typeof priceSchedule>;
type ScheduledQuery = z.output<typeof scheduledQuery>;
type Row = typeof scheduledPriceChanges.$inferSelect;

const createdByStaff = aliasedTable(staff, 'created_by_staff');
const cancelledByStaff = aliasedTable(staff, 'cancelled_by_staff');

function view(row: Row, createdByName: string | null, cancelledByName: string | null) {
  return {
    id: row.id,
    target: row.target,
    targetKey: row.targetKey,
    change: row.change as PriceChange,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    createdBy: row.createdBy === null ? null : { id: row.createdBy, name: createdByName },
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy === null ? null : { id: row.cancelledBy, name: cancelledByName },
    failure: row.failure,
    version: row.version,
  };
}
export type ScheduledView = ReturnType<typeof view>;

/** Scheduled changes, the pending ones first (soonest first), then the rest (latest first). */
export async function listScheduled(db: Database, query: ScheduledQuery) {
  const where = query.status === undefined ? undefined : eq(scheduledPriceChanges.status, query.status);
  const pendingFirst = sql`case when ${scheduledPriceChanges.status} = 'pending' then 0 else 1 end`;
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(scheduledPriceChanges).where(where),
    db
      .select({ row: scheduledPriceChanges, createdBy: createdByStaff.name, cancelledBy: cancelledByStaff.name })
      .from(scheduledPriceChanges)
      .leftJoin(createdByStaff, eq(createdByStaff.id, scheduledPriceChanges.createdBy))
      .leftJoin(cancelledByStaff, eq(cancelledByStaff.id, scheduledPriceChanges.cancelledBy))
      .where(where)
      .orderBy(
        asc(pendingFirst),
        sql`case when ${scheduledPriceChanges.status} = 'pending' then ${scheduledPriceChanges.startsAt} end asc`,
        desc(scheduledPriceChanges.startsAt),
        desc(scheduledPriceChanges.id),
      )
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => view(r.row, r.createdBy, r.cancelledBy)),
  };
}

async function scheduledView(db: Pick<Database, 'select'>, id: number): Promise<ScheduledView | undefined> {
  const [found] = await db
    .select({ row: scheduledPriceChanges, createdBy: createdByStaff.name, cancelledBy: cancelledByStaff.name })
    .from(scheduledPriceChanges)
    .leftJoin(createdByStaff, eq(createdByStaff.id, scheduledPriceChanges.createdBy))
    .leftJoin(cancelledByStaff, eq(cancelledByStaff.id, scheduledPriceChanges.cancelledBy))
    .where(eq(scheduledPriceChanges.id, id));
  return found ? view(found.row, found.createdBy, found.cancelledBy) : undefined;
}

/**
 * Schedules a change from `startsAt`. Its row must exist now (a plan's price in a region it is not sold in is
 * refused at once, not at its time). Announced like any change, so every instance arms its timer for it
 * (src/server/changes/listener.ts).
 */
export async function scheduleChange(db: Database, staffId: number, input: ScheduleInput): Promise<ScheduledView> {
  return db.transaction(async (tx) => {
    if (!(await readTarget(tx, input.change))) throw missingTarget(input.change);
    const [row] = await tx
      .insert(scheduledPriceChanges)
      .values({
        target: input.change.target,
        targetKey: targetKey(input.change),
        change: input.change,
        startsAt: new Date(input.startsAt),
        createdBy: staffId,
      })
      .returning({ id: scheduledPriceChanges.id });
    if (!row) throw new Error('scheduled_price_changes insert returned no row');
    const after = await scheduledView(tx, row.id);
    if (!after) throw new Error('scheduled change vanished');
    await recordAudit(tx, { staffId, kind: 'priceSchedule', entityId: row.id, action: 'create', before: null, after });
    await announceChange(tx, ['prices']);
    return after;
  });
}

/**
 * Cancels a change that has not happened yet. One that applied, failed or was cancelled already answers 409
 * with the row as it is: the conditional update makes a cancel racing the change's time either cancel it or
 * find it applied, never both.
 */
export async function cancelScheduled(db: Database, staffId: number, id: number, version: number) {
  return db.transaction(async (tx) => {
    const before = await scheduledView(tx, id);
    if (!before) throw notFound('api.admin.notFound');
    const [done] = await tx
      .update(scheduledPriceChanges)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: staffId,
        version: sql`${scheduledPriceChanges.version} + 1`,
      })
      .where(
        and(
          eq(scheduledPriceChanges.id, id),
          eq(scheduledPriceChanges.status, 'pending'),
          eq(scheduledPriceChanges.version, version),
        ),
      )
      .returning({ id: scheduledPriceChanges.id });
    if (!done) {
      const current = (await scheduledView(tx, id)) ?? before;
      const key = current.status === 'pending' ? 'api.admin.staleVersion' : 'api.admin.pricesScheduledNotPending';
      throw new ApiError(BusinessCode.conflict, key, { extra: { current } });
    }
    const after = await scheduledView(tx, id);
    await recordAudit(tx, {
      staffId,
      kind: 'priceSchedule',
      entityId: id,
      action: 'update',
      before,
      after: after ?? null,
    });
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
    .from(scheduledPriceChanges)
    .where(and(eq(scheduledPriceChanges.status, 'pending'), lte(scheduledPriceChanges.startsAt, sql`now()`)));
  const due = seen?.n ?? 0;
  if (due === 0) return { applied: 0, failed: 0, due };
  let applied = 0;
  let failed = 0;
  for (let i = 0; i < batch; i += 1) {
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        select ${scheduledPriceChanges.id} as id from ${scheduledPriceChanges}
         where ${scheduledPriceChanges.status} = 'pending' and ${scheduledPriceChanges.startsAt} <= now()
         order by ${scheduledPriceChanges.startsAt}, ${scheduledPriceChanges.id}
         limit 1 for update`);
      const id = rows[0]?.id;
      if (id === undefined) return 'none' as const;
      const [row] = await tx.select().from(scheduledPriceChanges).where(eq(scheduledPriceChanges.id, id));
      if (!row) return 'none' as const;
      const change = row.change as PriceChange;
      try {
        // A savepoint: a change that cannot apply leaves the prices as they were, and the row is marked failed.
        await tx.transaction((inner) => applyPriceChange(inner, change, row.createdBy));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await tx
          .update(scheduledPriceChanges)
          .set({ status: 'failed', failure: error.fields ? Object.values(error.fields).join(', ') : error.messageKey })
          .where(eq(scheduledPriceChanges.id, id));
        await announceChange(tx, ['prices']);
        logEvent('warn', 'scheduled price change failed', { id, target: row.targetKey, reason: error.messageKey });
        return 'failed' as const;
      }
      await tx
        .update(scheduledPriceChanges)
        .set({ status: 'applied', appliedAt: sql`now()`, version: sql`${scheduledPriceChanges.version} + 1` })
        .where(eq(scheduledPriceChanges.id, id));
      logEvent('info', 'scheduled price change applied', { id, target: row.targetKey });
      return 'applied' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'applied') applied += 1;
    else failed += 1;
  }
  return { applied, failed, due };
}
