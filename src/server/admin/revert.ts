import 'server-only';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import type { Database } from '../db/client';
import { type AnnouncementSnapshot, lockAnnouncement, restoreAnnouncement } from './announcements';
import { type ArticleSnapshot, lockArticle, restoreArticle } from './articles';
import { lockAuditEntry, markReverted, recordAudit } from './audit';
import { localizedReverter } from './localized-content';
import { may } from './roles';
import type { SignedInStaff } from './sessions';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = Record<string, unknown>;

/**
 * The kinds of content a change of which can be undone from the audit log, each with who may and how: the row is
 * put back as it was before that change (a creation undone deletes it, a deletion undone brings it back), as a
 * new change of its own, audited too. Staff changes are not undone this way (a role is changed in the staff list).
 */
const REVERTIBLE: Record<
  string,
  {
    permission: 'editContent';
    /** The row as it is now, locked until the transaction ends; undefined when there is none. */
    lock: (tx: Tx, id: string) => Promise<Row | undefined>;
    restore: (tx: Tx, id: string, state: Row | null) => Promise<Row | null>;
    /** False where undoing a creation is not offered. */
    undoesCreation?: false;
  }
> = {
  announcement: {
    permission: 'editContent',
    lock: (tx, id) => lockAnnouncement(tx, Number(id)),
    restore: (tx, id, state) => restoreAnnouncement(tx, Number(id), state as AnnouncementSnapshot | null),
  },
  job: { permission: 'editContent', ...localizedReverter('job') },
  history: { permission: 'editContent', ...localizedReverter('history') },
  footer: { permission: 'editContent', ...localizedReverter('footer') },
  article: {
    permission: 'editContent',
    lock: lockArticle,
    restore: (tx, slug, state) => restoreArticle(tx, slug, state as ArticleSnapshot | null),
    // Its address may already be linked to.
    undoesCreation: false,
  },
};

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
    const kind = REVERTIBLE[entry.kind];
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
    const before = (await kind.lock(tx, id)) ?? null;
    if (!leftAsTheEntryLeftIt(entry, before)) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.revertStale', { extra: { current: before } });
    }
    const after = await kind.restore(tx, id, entry.before);
    const revertId = await recordAudit(tx, {
      staffId: by.id,
      kind: entry.kind,
      entityId: id,
      action: 'revert',
      before,
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
