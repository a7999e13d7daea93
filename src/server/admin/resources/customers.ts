import 'server-only';
import { and, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { CustomerDetail } from '@/lib/admin/resources/customers';
import { parseLocale } from '@/lib/locales';
import { issueActivation } from '../../api/accounts/service';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import type { Database, Reader, Tx } from '../../db/client';
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
import { ensureMailWorker } from '../../mail/worker';
import { recordAudit } from '../audit';
import { cappedTotal } from '../list-total';
import type { Binding } from '../resource/bind';
import { KEYSET_COUNT_CAP } from '../resource/keyset';
import type { SignedInStaff } from '../sessions';
import { contactFor } from './contacts';
import { readDeliveries } from './deliveries';
import { ordersBinding } from './orders';

/**
 * The back office's customers (docs/product/back-office-orders.md): found by id or by the beginning of an address
 * or username, an account with its orders, coupons, group-buys and mails, and the operator's actions on it, each
 * audited in its transaction. Support reads addresses and phone numbers masked (./contacts.ts).
 */

type UserRow = typeof users.$inferSelect;

/** `LIKE` text matching itself: `%`, `_` and the escape are taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search: digits find that id; text with `@` an e-mail address beginning so; other text a username or e-mail
 * address beginning so. Prefixes, not substrings: `users_email_prefix_idx` and `users_username_prefix_idx` serve
 * them, where a `%text%` search would read every account.
 */
function beginningWith(q: string): SQL | undefined {
  // Addresses are stored lower-cased; usernames as typed at sign-up.
  const email = like(users.email, `${literal(q.toLowerCase())}%`);
  if (q.includes('@')) return email;
  const byId = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? eq(users.id, Number(q)) : undefined;
  return or(byId, like(users.username, `${literal(q)}%`), email);
}

function customerItem(viewer: SignedInStaff | undefined, row: UserRow) {
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

async function readCustomers(db: Reader, where: SQL | undefined, viewer: SignedInStaff | undefined) {
  return (await db.select().from(users).where(where)).map((row) => customerItem(viewer, row));
}

/** How many of a customer's latest orders and mails the page shows; the orders list filters by customer for all. */
const RECENT = 20;

/** A customer with their latest orders, their coupons, their group-buy seats and the mails sent to them. */
async function readCustomer(
  db: Reader,
  key: string | number,
  viewer: SignedInStaff,
): Promise<CustomerDetail | undefined> {
  const id = Number(key);
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return undefined;
  const mine = eq(orders.userId, id);
  const [latest, counted, held, seats, mailIds, [sessionCount]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT),
    cappedTotal(db, orders, mine, KEYSET_COUNT_CAP),
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
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, id))
      .orderBy(desc(mailOutbox.id))
      .limit(RECENT),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
  ]);
  const inOrder = <T>(ids: number[], rows: T[], idOf: (row: T) => unknown): T[] =>
    ids.flatMap((at) => rows.find((row) => idOf(row) === at) ?? []);
  const orderIds = latest.map((o) => o.id);
  const mailList = mailIds.map((m) => m.id);
  const [recentOrders, mails] = await Promise.all([
    orderIds.length > 0 ? (ordersBinding.read?.(db, inArray(orders.id, orderIds), viewer) ?? []) : [],
    mailList.length > 0 ? readDeliveries(db, 'mail', inArray(mailOutbox.id, mailList), viewer) : [],
  ]);
  return {
    ...customerItem(viewer, user),
    sessions: sessionCount?.n ?? 0,
    orderCount: counted.total,
    orders: inOrder(orderIds, recentOrders, (o) => o.id) as CustomerDetail['orders'],
    coupons: held.map(({ held: h, coupon }) => ({
      id: h.id,
      couponId: coupon.id,
      name: coupon.name,
      claimedAt: h.claimedAt.toISOString(),
      expiresAt: h.expiresAt.toISOString(),
      usedAt: h.usedAt?.toISOString() ?? null,
    })),
    groupBuys: seats.map(({ member, group, offer, number }) => ({
      groupId: group.id,
      offer: offer.name,
      leader: member.leader,
      status: group.status,
      seatsTaken: group.seatsTaken,
      size: group.size,
      expiresAt: group.expiresAt.toISOString(),
      orderId: member.orderId,
      orderNumber: number,
      joinedAt: member.joinedAt.toISOString(),
    })),
    mails: inOrder(mailList, mails, (m) => m.outboxId),
  };
}

/** The account as its audit entry keeps it: the state an action changed, never the customer's contacts. */
const snapshot = (row: Pick<UserRow, 'id' | 'username' | 'status'>) => ({
  id: row.id,
  username: row.username,
  status: row.status,
});

/**
 * The account locked for an action its state allows (`from`); else 404 for one that does not exist, or the 409
 * `refusal` with the account's state now.
 */
async function lockCustomer(tx: Tx, id: number, from: UserRow['status'][], refusal: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.status, from)))
    .for('update');
  if (row) return row;
  const [now] = await tx.select().from(users).where(eq(users.id, id));
  if (!now) throw notFound('api.admin.notFound');
  throw new ApiError(BusinessCode.conflict, refusal, { extra: { current: snapshot(now) } });
}

/** The account after an action, as the list shows it to the operator who took it. */
const after = async (db: Database, id: number, by: SignedInStaff) =>
  (await readCustomers(db, eq(users.id, id), by))[0] ?? null;

/**
 * Moves an account from one of the states `from` to `to`, audited with what `then` did in the same transaction.
 * The account is locked in a state it may leave, so two operators at once make one change and one 409.
 */
async function changeStatus(
  db: Database,
  by: SignedInStaff,
  id: number,
  step: { from: UserRow['status'][]; to: UserRow['status']; action: string; refusal: string },
  then?: (tx: Tx, row: UserRow) => Promise<Record<string, unknown>>,
) {
  await db.transaction(async (tx) => {
    const before = await lockCustomer(tx, id, step.from, step.refusal);
    const [row] = await tx
      .update(users)
      // An account opened again keeps the time it was first activated.
      .set({
        status: step.to,
        ...(step.to === 'active' ? { activatedAt: sql`coalesce(${users.activatedAt}, now())` } : {}),
      })
      .where(eq(users.id, before.id))
      .returning();
    if (!row) throw notFound('api.admin.notFound');
    const done = (await then?.(tx, row)) ?? {};
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'customer',
      entityId: row.id,
      action: 'update',
      before: snapshot(before),
      after: { ...snapshot(row), action: step.action, ...done },
    });
  });
  return after(db, id, by);
}

export const customersBinding: Binding = {
  search: beginningWith,
  filters: { status: (value) => (value === 'all' ? undefined : eq(users.status, value as UserRow['status'])) },
  read: readCustomers,
  readOne: readCustomer,
  actions: {
    /** Opens an account: a pending one (the customer lost the link) or one an operator disabled. */
    activate: ({ db, by, id }) =>
      changeStatus(db, by, Number(id), {
        from: ['pending', 'disabled'],
        to: 'active',
        action: 'activate',
        refusal: 'api.admin.customersAlreadyActive',
      }),
    /**
     * Closes an account: it cannot sign in, and every session it has ends in the same transaction (its rows are
     * deleted; the session lookup also refuses a disabled account, for a sign-in that raced this).
     */
    disable: ({ db, by, id }) =>
      changeStatus(
        db,
        by,
        Number(id),
        {
          from: ['pending', 'active'],
          to: 'disabled',
          action: 'disable',
          refusal: 'api.admin.customersAlreadyDisabled',
        },
        async (tx, row) => {
          const ended = await tx.delete(sessions).where(eq(sessions.userId, row.id)).returning({ id: sessions.id });
          return { sessionsEnded: ended.length };
        },
      ),
    /**
     * A new activation link for a pending account, through the mail outbox in the customer's language (the old
     * links stay valid until they expire). 409 for an account that is not pending.
     */
    'resend-activation': async ({ db, by, id }) => {
      await db.transaction(async (tx) => {
        const user = await lockCustomer(tx, Number(id), ['pending'], 'api.admin.customersNotPending');
        await issueActivation(tx, user, parseLocale(user.locale) ?? 'en');
        const [made] = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'activation')))
          .orderBy(desc(mailOutbox.id))
          .limit(1);
        if (!made) throw new Error('the activation mail was not written');
        await recordAudit(tx, {
          staffId: by.id,
          kind: 'mail',
          entityId: made.id,
          action: 'create',
          before: null,
          after: { mailId: made.id, kind: 'activation', customerId: user.id, action: 'resend' },
        });
      });
      ensureMailWorker(db).kick();
      return after(db, Number(id), by);
    },
  },
};
