import 'server-only';
import { and, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { CustomerQuery } from '@/lib/admin/orders-schemas';
import { parseLocale } from '@/lib/locales';
import { issueActivation } from '../../api/accounts/service';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import {
  coupons,
  mailOutbox,
  orders,
  pintuanGroups,
  pintuanMembers,
  pintuanOffers,
  sessions,
  userCoupons,
  users,
} from '../../db/schema';
import { localize } from '../../localize';
import { ensureMailWorker } from '../../mail/worker';
import { recordAudit } from '../audit';
import type { SignedInStaff } from '../sessions';
import { deliveryState, maskAddressesFor } from './orders';
import { after, COUNT_CAP, type CursorPage, contactFor, decodeCursor, encodeCursor } from './paging';

/**
 * The back office's customers (docs/product/back-office-orders.md): a search, a customer with their orders,
 * coupons and group-buys, and the operator's actions on the account, each audited in its transaction. Support
 * reads e-mail addresses and phone numbers masked (paging.ts `contactFor`).
 */

type UserRow = typeof users.$inferSelect;

export type AdminCustomerItem = {
  id: number;
  email: string;
  username: string;
  phone: string | null;
  status: UserRow['status'];
  locale: string;
  createdAt: string;
  activatedAt: string | null;
};

function item(viewer: SignedInStaff, row: UserRow): AdminCustomerItem {
  return {
    id: row.id,
    email: contactFor(viewer, row.email) ?? '',
    username: row.username,
    phone: contactFor(viewer, row.phone),
    status: row.status,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

/** `LIKE` text matching itself: `%`, `_` and the escape are taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search: digits find that id; text with `@` an e-mail address beginning so; other text a username or e-mail
 * address beginning so. Prefixes, not substrings: `users_email_prefix_idx` and `users_username_prefix_idx` serve
 * them, where a `%text%` search would read every account.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  // Addresses are stored lower-cased; usernames as typed at sign-up.
  const email = like(users.email, `${literal(q.toLowerCase())}%`);
  if (q.includes('@')) return email;
  const byId = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? eq(users.id, Number(q)) : undefined;
  return or(byId, like(users.username, `${literal(q)}%`), email);
}

/** Customers newest first, a page at a time from a cursor, with the count (capped). */
export async function listCustomers(
  db: Database,
  viewer: SignedInStaff,
  query: CustomerQuery,
): Promise<CursorPage<AdminCustomerItem>> {
  const where = and(searchCondition(query.q), query.status ? eq(users.status, query.status) : undefined);
  const cursor = decodeCursor(query.cursor, 'number');
  const [found, counted] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(where, after(users.id, users.id, cursor, 'desc')))
      .orderBy(desc(users.id))
      .limit(query.rows + 1),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${users} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) t`,
    ),
  ]);
  const page = found.slice(0, query.rows);
  const last = page.at(-1);
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    items: page.map((row) => item(viewer, row)),
    next: found.length > query.rows && last ? encodeCursor({ v: last.id, id: last.id }) : null,
    total: Math.min(n, COUNT_CAP),
    totalExact: n <= COUNT_CAP,
  };
}

/** How many of a customer's latest orders and mails the page shows; the orders list filters by customer for all. */
const RECENT = 20;

/** A customer with their latest orders, their coupons, their group-buy seats and the mails sent to them. */
export async function getCustomer(db: Database, viewer: SignedInStaff, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('api.admin.notFound');
  const [recentOrders, [orderCount], held, seats, mails, [sessionCount]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        currency: orders.currency,
        totalMinor: orders.totalMinor,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    db
      .select({ held: userCoupons, coupon: coupons })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(eq(userCoupons.userId, id))
      .orderBy(desc(userCoupons.claimedAt)),
    db
      .select({ member: pintuanMembers, group: pintuanGroups, offer: pintuanOffers, number: orders.number })
      .from(pintuanMembers)
      .innerJoin(pintuanGroups, eq(pintuanGroups.id, pintuanMembers.groupId))
      .innerJoin(pintuanOffers, eq(pintuanOffers.id, pintuanGroups.offerId))
      .innerJoin(orders, eq(orders.id, pintuanMembers.orderId))
      .where(eq(pintuanMembers.userId, id))
      .orderBy(desc(pintuanMembers.joinedAt)),
    db.select().from(mailOutbox).where(eq(mailOutbox.userId, id)).orderBy(desc(mailOutbox.id)).limit(RECENT),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
  ]);
  const locale = viewer.locale;
  return {
    ...item(viewer, user),
    sessions: sessionCount?.n ?? 0,
    orderCount: orderCount?.n ?? 0,
    orders: recentOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    coupons: held.map(({ held: h, coupon }) => ({
      id: h.id,
      couponId: coupon.id,
      name: localize(coupon.name, locale, `coupon ${coupon.id}`),
      claimedAt: h.claimedAt.toISOString(),
      expiresAt: h.expiresAt.toISOString(),
      usedAt: h.usedAt?.toISOString() ?? null,
    })),
    groupBuys: seats.map(({ member, group, offer, number }) => ({
      groupId: group.id,
      offer: localize(offer.name, locale, `offer ${offer.id}`),
      leader: member.leader,
      status: group.status,
      seatsTaken: group.seatsTaken,
      size: group.size,
      expiresAt: group.expiresAt.toISOString(),
      orderId: member.orderId,
      orderNumber: number,
      joinedAt: member.joinedAt.toISOString(),
    })),
    mails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      subject: m.subject,
      recipient: contactFor(viewer, m.recipient),
      state: deliveryState(m.status, m.lastError),
      attempts: m.attempts,
      lastError: m.lastError === null ? null : maskAddressesFor(viewer, m.lastError),
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    possible: {
      activate: user.status !== 'active',
      disable: user.status !== 'disabled',
      resendActivation: user.status === 'pending',
    },
  };
}

/** The account as its audit entry keeps it: the state an action changed, never the customer's contacts. */
const snapshot = (row: Pick<UserRow, 'id' | 'username' | 'status'>) => ({
  id: row.id,
  username: row.username,
  status: row.status,
});

/** 404 for an account that does not exist, else the 409 of an action its state does not allow. */
async function refusal(tx: Pick<Database, 'select'>, id: number, key: string): Promise<never> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('api.admin.notFound');
  throw new ApiError(BusinessCode.conflict, key, { extra: { current: snapshot(row) } });
}

/**
 * Opens an account: a pending one (the customer lost the link) or one an operator disabled. One conditional
 * update, so two operators at once make one change and one 409.
 */
export async function activateCustomer(db: Database, by: SignedInStaff, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.status, ['pending', 'disabled'])))
      .for('update');
    if (!before) return refusal(tx, id, 'api.admin.customersAlreadyActive');
    const [row] = await tx
      .update(users)
      .set({ status: 'active', activatedAt: sql`coalesce(${users.activatedAt}, now())` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound('api.admin.notFound');
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'customer',
      entityId: id,
      action: 'update',
      before: snapshot(before),
      after: { ...snapshot(row), action: 'activate' },
    });
    return snapshot(row);
  });
}

/**
 * Closes an account: it cannot sign in, and every session it has ends in the same transaction (its rows are
 * deleted; the session lookup also refuses a disabled account, for a sign-in that raced this).
 */
export async function disableCustomer(db: Database, by: SignedInStaff, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.status, ['pending', 'active'])))
      .for('update');
    if (!before) return refusal(tx, id, 'api.admin.customersAlreadyDisabled');
    const [row] = await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, id)).returning();
    if (!row) throw notFound('api.admin.notFound');
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'customer',
      entityId: id,
      action: 'update',
      before: snapshot(before),
      after: { ...snapshot(row), action: 'disable', sessionsEnded: ended.length },
    });
    return { ...snapshot(row), sessionsEnded: ended.length };
  });
}

/**
 * A new activation link for a pending account, through the mail outbox in the customer's language (the old
 * links stay valid until they expire). 409 for an account that is not pending.
 */
export async function resendActivationMail(db: Database, by: SignedInStaff, id: number) {
  const mailId = await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.status, 'pending')))
      .for('update');
    if (!user) return refusal(tx, id, 'api.admin.customersNotPending');
    await issueActivation(tx, user, parseLocale(user.locale) ?? 'en');
    const [made] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, id), eq(mailOutbox.kind, 'activation')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (!made) throw new Error('the activation mail was not written');
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'mail',
      entityId: made.id,
      action: 'create',
      before: null,
      after: { mailId: made.id, kind: 'activation', customerId: id, action: 'resend' },
    });
    return made.id;
  });
  ensureMailWorker(db).kick();
  return { mailId };
}
