import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import type { Database } from '../db/client';
import { type AnnouncementSnapshot, announcementSnapshot, restoreAnnouncement } from './announcements';
import { type ArticleSnapshot, articleSnapshot, currentArticleSlug, restoreArticle } from './articles';
import { findAuditEntry, recordAudit } from './audit';
import type { BoundResource } from './resource/bind';
import { resourceByAuditKind } from './resources';
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
  article: {
    permission: 'editContent',
    current: async (tx, slug) => {
      const at = await currentArticleSlug(tx, slug);
      return at ? articleSnapshot(tx, at) : undefined;
    },
    restore: (tx, slug, state) => restoreArticle(tx, slug, state as ArticleSnapshot | null),
  },
};

/**
 * Undoes the change of a declared resource (src/server/admin/resources/): only while the row is still as that
 * change left it (the version it produced, or still gone after a delete); otherwise 409 with the row as it is now,
 * so the later work is seen before it would be lost. Reverts of one row wait for each other.
 */
async function revertResourceChange(
  db: Database,
  by: SignedInStaff,
  entry: NonNullable<Awaited<ReturnType<typeof findAuditEntry>>>,
  resource: BoundResource,
) {
  const { declaration } = resource;
  if (declaration.undo !== true) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
  if (declaration.access.write === false || !may(by.role, declaration.access.write))
    throw new ApiError(BusinessCode.forbidden, 'api.admin.forbidden');
  const id = entry.entityId;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${entry.kind}:${id}`}))`);
    await tx
      .select({ one: sql`1` })
      .from(resource.table)
      .where(eq(resource.keyColumn, declaration.key.type === 'number' ? Number(id) : id))
      .for('update');
    const now = await resource.find(tx, id);
    const unchanged = entry.after === null ? now === undefined : now?.version === entry.after.version;
    if (!unchanged)
      throw new ApiError(BusinessCode.conflict, 'api.admin.revertStale', { extra: { current: now ?? null } });
    const after = await resource.restore(tx, id, entry.before, now);
    await recordAudit(tx, {
      staffId: by.id,
      kind: entry.kind,
      entityId: id,
      action: 'revert',
      before: now ?? null,
      after,
      revertOf: entry.id,
    });
    return after;
  });
}

/** Undoes an audit entry's change; answers the row as it is now (null when the undo deleted it). */
export async function revertAuditEntry(db: Database, by: SignedInStaff, entryId: number) {
  const entry = await findAuditEntry(db, entryId);
  if (!entry) throw notFound('api.admin.notFound');
  const resource = resourceByAuditKind(entry.kind);
  if (resource) return revertResourceChange(db, by, entry, resource);
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
