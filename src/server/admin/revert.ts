import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Permission } from '@/lib/admin/permissions';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import type { Database, Tx } from '../db/client';
import { lockAuditEntry, markReverted, recordAudit } from './audit';
import type { BoundResource } from './resource/bind';
import { resourceByAuditKind } from './resources';
import { may } from './roles';
import type { SignedInStaff } from './sessions';

type Row = Record<string, unknown>;

/** How a kind's change is undone: who may, the row locked as it is now, and putting a state back. */
type Revertible = {
  permission: Permission;
  /** The row as it is now, locked until the transaction ends; undefined when there is none. */
  lock: (tx: Tx, id: string) => Promise<Row | undefined>;
  restore: (tx: Tx, id: string, state: Row | null, now: Row | undefined) => Promise<Row | null>;
  /** False where undoing a creation is not offered. */
  undoesCreation?: false;
};

/** A declared resource's undo (src/server/admin/resource/bind.ts), when its declaration allows one. */
function resourceRevertible(resource: BoundResource): Revertible | undefined {
  const { declaration, binding } = resource;
  const { undo } = declaration;
  if (declaration.access.write === false || (undo !== true && !('creation' in undo))) return undefined;
  const keyOf = (id: string | number) => (declaration.key.type === 'number' ? Number(id) : String(id));
  return {
    permission: declaration.access.write,
    lock: async (tx, id) => {
      // The row's key may have changed since the entry (an article moved): its old key leads to it.
      const at = (await binding.follow?.(tx, keyOf(id))) ?? keyOf(id);
      // A row deleted since has nothing to lock: reverts of one row also take turns on its name.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${declaration.audit}:${at}`}))`);
      await tx.select({ one: sql`1` }).from(resource.table).where(eq(resource.keyColumn, at)).for('update');
      return resource.find(tx, at);
    },
    restore: (tx, id, state, now) => resource.restore(tx, now ? String(now[declaration.key.field]) : id, state, now),
    ...(undo === true ? {} : { undoesCreation: undo.creation }),
  };
}

/**
 * True while the row is as the entry left it: at the version the change produced, or still gone when the change
 * deleted it. Anything saved since would be lost by putting the entry's "before" back.
 */
function leftAsTheEntryLeftIt(entry: { after: Row | null; version: number | null }, now: Row | null): boolean {
  if (entry.after === null) return now === null;
  return now !== null && entry.version !== null && now.version === entry.version;
}

/**
 * Undoes an audit entry's change; answers the row as it is now (null when the undo deleted it). Only while the row
 * is still as that change left it (otherwise 409 `api.admin.revertStale` with the row as it is now, `current`,
 * null when it was deleted since), and once (409 `api.admin.alreadyReverted` naming the entry that undid it).
 * The entry is locked first, then the row: of two undos of one entry the second waits and finds it undone.
 */
export async function revertAuditEntry(db: Database, by: SignedInStaff, entryId: number) {
  return db.transaction(async (tx) => {
    const entry = await lockAuditEntry(tx, entryId);
    if (!entry) throw notFound('api.admin.notFound');
    const resource = resourceByAuditKind(entry.kind);
    const kind = resource ? resourceRevertible(resource) : undefined;
    if (!kind || (kind.undoesCreation === false && entry.before === null)) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
    }
    if (!may(by.role, kind.permission)) throw new ApiError(BusinessCode.forbidden, 'api.admin.forbidden');
    if (entry.revertedBy !== null) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.alreadyReverted', {
        extra: { revertedBy: entry.revertedBy },
      });
    }
    const id = entry.entityId;
    const now = await kind.lock(tx, id);
    if (!leftAsTheEntryLeftIt(entry, now ?? null)) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.revertStale', { extra: { current: now ?? null } });
    }
    const after = await kind.restore(tx, id, entry.before, now);
    const revertId = await recordAudit(tx, {
      staffId: by.id,
      kind: entry.kind,
      entityId: id,
      action: 'revert',
      before: now ?? null,
      after,
      revertOf: entry.id,
    });
    // Under the entry's lock nobody else can have marked it; the condition is the last guard, not the first.
    if (!(await markReverted(tx, entry.id, revertId))) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.alreadyReverted');
    }
    return after;
  });
}
