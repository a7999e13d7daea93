import 'server-only';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import type { Database } from '../db/client';
import { type AnnouncementSnapshot, announcementSnapshot, restoreAnnouncement } from './announcements';
import { type ArticleSnapshot, articleSnapshot, currentArticleSlug, restoreArticle } from './articles';
import { findAuditEntry, recordAudit } from './audit';
import { localizedReverter } from './localized-content';
import { may } from './roles';
import type { SignedInStaff } from './sessions';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The kinds of content a change of which can be undone from the audit log, each with who may and how: the row is
 * put back as it was before that change (a creation undone deletes it, a deletion undone brings it back), as a
 * new change of its own, audited too. Staff changes are not undone this way (a role is changed in the staff list).
 */
const REVERTIBLE: Record<
  string,
  {
    permission: 'editContent';
    current: (tx: Tx, id: string) => Promise<Record<string, unknown> | undefined>;
    restore: (tx: Tx, id: string, state: Record<string, unknown> | null) => Promise<Record<string, unknown> | null>;
  }
> = {
  announcement: {
    permission: 'editContent',
    current: (tx, id) => announcementSnapshot(tx, Number(id)),
    restore: (tx, id, state) => restoreAnnouncement(tx, Number(id), state as AnnouncementSnapshot | null),
  },
  job: { permission: 'editContent', ...localizedReverter('job') },
  history: { permission: 'editContent', ...localizedReverter('history') },
  footer: { permission: 'editContent', ...localizedReverter('footer') },
  article: {
    permission: 'editContent',
    current: async (tx, slug) => {
      const at = await currentArticleSlug(tx, slug);
      return at ? articleSnapshot(tx, at) : undefined;
    },
    restore: (tx, slug, state) => restoreArticle(tx, slug, state as ArticleSnapshot | null),
  },
};

/** Undoes an audit entry's change; answers the row as it is now (null when the undo deleted it). */
export async function revertAuditEntry(db: Database, by: SignedInStaff, entryId: number) {
  const entry = await findAuditEntry(db, entryId);
  if (!entry) throw notFound('api.admin.notFound');
  const kind = REVERTIBLE[entry.kind];
  if (!kind) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
  if (!may(by.role, kind.permission)) throw new ApiError(BusinessCode.forbidden, 'api.admin.forbidden');
  const id = entry.entityId;
  return db.transaction(async (tx) => {
    const before = (await kind.current(tx, id)) ?? null;
    const after = await kind.restore(tx, id, entry.before);
    await recordAudit(tx, {
      staffId: by.id,
      kind: entry.kind,
      entityId: id,
      action: 'revert',
      before,
      after,
      revertOf: entry.id,
    });
    return after;
  });
}
