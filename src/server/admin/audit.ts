import 'server-only';
import { and, desc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { auditQuery } from '@/lib/admin/schemas';
import type { Database } from '../db/client';
import { auditLog, staff } from '../db/schema';
import { cappedTotal } from './list-total';
import type { SignedInStaff } from './sessions';

type Snapshot = Record<string, unknown> | null;
type Writer = Pick<Database, 'insert'>;

/**
 * One audit row, written in the transaction of the change it records (a change without its row cannot commit).
 * The version the change left is read from its `after` (every versioned kind's snapshot carries its version), so
 * an undo can tell whether anything was saved over it since.
 */
export async function recordAudit(
  tx: Writer,
  entry: {
    staffId: number | null;
    kind: string;
    entityId: string | number;
    action: 'create' | 'update' | 'delete' | 'revert';
    before: Snapshot;
    after: Snapshot;
    revertOf?: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      ...entry,
      entityId: String(entry.entityId),
      revertOf: entry.revertOf ?? null,
      version: typeof entry.after?.version === 'number' ? entry.after.version : null,
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('audit_log insert returned no row');
  return row.id;
}

/**
 * The audit log, newest first, filtered by person, kind and time. Owners read everyone's; the others read their
 * own entries only (what they did is theirs to check; what colleagues did is the owner's).
 */
export async function listAudit(db: Database, viewer: SignedInStaff, query: z.output<typeof auditQuery>) {
  const conditions: (SQL | undefined)[] = [
    viewer.role === 'owner' ? undefined : eq(auditLog.staffId, viewer.id),
    query.staffId === undefined ? undefined : eq(auditLog.staffId, query.staffId),
    query.kind === undefined ? undefined : eq(auditLog.kind, query.kind),
    query.from === undefined ? undefined : gte(auditLog.at, new Date(query.from)),
    query.to === undefined ? undefined : lte(auditLog.at, new Date(query.to)),
  ];
  const where = and(...conditions);
  // The page's ids from the index first (a deep page skips index entries, not rows), then their rows.
  const pageIds = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [{ total, capped }, rows] = await Promise.all([
    cappedTotal(db, auditLog, where),
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        kind: auditLog.kind,
        entityId: auditLog.entityId,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        revertOf: auditLog.revertOf,
        version: auditLog.version,
        revertedBy: auditLog.revertedBy,
        staffId: auditLog.staffId,
        staffEmail: staff.email,
        staffName: staff.name,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(inArray(auditLog.id, pageIds))
      .orderBy(desc(auditLog.at), desc(auditLog.id)),
  ]);
  return {
    total,
    capped,
    page: query.page,
    rows: query.rows,
    items: rows.map(({ staffId, staffEmail, staffName, at, ...row }) => ({
      ...row,
      at: at.toISOString(),
      staff: staffId === null ? null : { id: staffId, email: staffEmail, name: staffName },
    })),
  };
}

/** An entry, locked until the caller's transaction ends: two undos of it take turns, and the second sees the first. */
export async function lockAuditEntry(tx: Pick<Database, 'select'>, id: number) {
  const [row] = await tx.select().from(auditLog).where(eq(auditLog.id, id)).for('update');
  return row;
}

/** Marks an entry undone by `revertId`; false when another undo marked it first. */
export async function markReverted(tx: Pick<Database, 'update'>, id: number, revertId: number): Promise<boolean> {
  const marked = await tx
    .update(auditLog)
    .set({ revertedBy: revertId })
    .where(and(eq(auditLog.id, id), isNull(auditLog.revertedBy)))
    .returning({ id: auditLog.id });
  return marked.length === 1;
}

/** An audit entry as the API answers it. */
export const auditEntryRow = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  entityId: z.string(),
  action: z.enum(['create', 'update', 'delete', 'revert']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  revertOf: z.number().int().nullable(),
  version: z.number().int().nullable(),
  revertedBy: z.number().int().nullable(),
  staff: z.object({ id: z.number().int(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});

/** The last changes of one row, newest first: a resource's history. */
export async function rowHistory(db: Database, kind: string, entityId: string, limit = 50) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      kind: auditLog.kind,
      entityId: auditLog.entityId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      revertOf: auditLog.revertOf,
      version: auditLog.version,
      revertedBy: auditLog.revertedBy,
      staffId: auditLog.staffId,
      staffEmail: staff.email,
      staffName: staff.name,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.kind, kind), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ staffId, staffEmail, staffName, at, ...row }) => ({
    ...row,
    at: at.toISOString(),
    staff: staffId === null ? null : { id: staffId, email: staffEmail, name: staffName },
  }));
}
