import 'server-only';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog, staff } from '../db/schema';

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
 * An entry made by a background job, not by a person: no staff member, and the job's name in the snapshot's
 * `system` field, which the audit log shows as "System" (an entry with neither is the command line's).
 */
export function recordSystemAudit(
  tx: Writer,
  job: string,
  entry: Omit<Parameters<typeof recordAudit>[1], 'staffId' | 'revertOf'>,
): Promise<number> {
  return recordAudit(tx, { ...entry, staffId: null, after: { ...entry.after, system: job } });
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

/**
 * Audit entries with the names of who made them, newest first, as the API answers them: the audit log's pages
 * (its binding, src/server/admin/resources/audit.ts) and a row's history.
 */
export async function auditEntries(db: Pick<Database, 'select'>, where: SQL | undefined, limit?: number) {
  const query = db
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
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ staffId, staffEmail, staffName, at, ...row }) => ({
    ...row,
    at: at.toISOString(),
    staff: staffId === null ? null : { id: staffId, email: staffEmail, name: staffName },
  }));
}

/** The last changes of one row, newest first: a resource's history. */
export function rowHistory(db: Database, kind: string, entityId: string, limit = 50) {
  return auditEntries(db, and(eq(auditLog.kind, kind), eq(auditLog.entityId, entityId)), limit);
}
