import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { REVIEW_STATUSES } from '@/lib/admin/resources/reviews';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database } from '../../db/client';
import { contactMessages, reviews } from '../../db/schema';
import { recordAudit } from '../audit';
import type { Binding } from '../resource/bind';
import { plain } from '../resource/bind';
import type { SignedInStaff } from '../sessions';

type Status = (typeof REVIEW_STATUSES)[number];

/**
 * Approves or rejects a pending review. Only a pending one can be decided (409 otherwise), so two moderators
 * deciding at once cannot flip each other's decision; an approval reaches the footer on every instance.
 */
export async function moderateReview(
  db: Database,
  by: SignedInStaff,
  id: number,
  decision: Exclude<Status, 'pending'>,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id));
    if (!before) throw notFound('api.admin.notFound');
    const [after] = await tx
      .update(reviews)
      .set({ status: decision, moderatedAt: new Date() })
      .where(and(eq(reviews.id, id), eq(reviews.status, 'pending')))
      .returning();
    if (!after) throw new ApiError(BusinessCode.conflict, 'api.admin.alreadyModerated');
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'review',
      entityId: id,
      action: 'update',
      before: { status: before.status },
      after: { status: after.status },
    });
    if (decision === 'approved') await announceChange(tx, ['reviews']);
    return plain(after);
  });
}

/** Reviews: the queue by status, searched in author and text, decided by their two actions. */
export const reviewsBinding: Binding = {
  search: { text: [reviews.authorName, reviews.body] },
  filters: { status: (value) => eq(reviews.status, value as Status) },
  actions: {
    approve: ({ db, by, id }) => moderateReview(db, by, Number(id), 'approved'),
    reject: ({ db, by, id }) => moderateReview(db, by, Number(id), 'rejected'),
  },
};

/** The contact inbox, searched in names, addresses and text; the sender's network address stays out of it. */
export const contactMessagesBinding: Binding = {
  search: { text: [contactMessages.name, contactMessages.email, contactMessages.message] },
  read: async (db, where) =>
    plain(
      await db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          topic: contactMessages.topic,
          message: contactMessages.message,
          locale: contactMessages.locale,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(where),
    ),
};
