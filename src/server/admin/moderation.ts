import 'server-only';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactQuery, reviewQuery } from '@/lib/admin/schemas';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import { announceChange } from '../changes/bus';
import type { Database } from '../db/client';
import { contactMessages, reviews } from '../db/schema';
import { recordAudit } from './audit';
import type { SignedInStaff } from './sessions';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reviews by status (the queue is `pending`, oldest first by default for it), searched in author and text. */
export async function listReviews(db: Database, query: z.output<typeof reviewQuery>) {
  const q = escapeLike(query.q);
  const where = and(
    eq(reviews.status, query.status),
    q ? or(ilike(reviews.authorName, `%${q}%`), ilike(reviews.body, `%${q}%`)) : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const column = query.sort === 'rating' ? reviews.rating : reviews.createdAt;
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(reviews).where(where),
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(order(column), order(reviews.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => ({
      id: r.id,
      authorName: r.authorName,
      locale: r.locale,
      rating: r.rating,
      body: r.body,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Approves or rejects a pending review. Only a pending one can be decided (409 otherwise), so two moderators
 * deciding at once cannot flip each other's decision; an approval reaches the footer on every instance.
 */
export async function moderateReview(db: Database, by: SignedInStaff, id: number, decision: 'approved' | 'rejected') {
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
    return { id, status: after.status };
  });
}

/** The /contact form's messages, newest first, searched in name, address and text. */
export async function listContactMessages(db: Database, query: z.output<typeof contactQuery>) {
  const q = escapeLike(query.q);
  const where = q
    ? or(
        ilike(contactMessages.name, `%${q}%`),
        ilike(contactMessages.email, `%${q}%`),
        ilike(contactMessages.message, `%${q}%`),
      )
    : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
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
      .where(where)
      .orderBy(order(contactMessages.createdAt), order(contactMessages.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
