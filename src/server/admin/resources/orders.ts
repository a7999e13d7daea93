import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ResourceQuery, resourceQuery } from '@/lib/admin/resource';
import {
  type OrderDetail,
  type OrderState,
  ordersResource,
  type RefundInput,
  refundChoice,
  refundInput,
} from '@/lib/admin/resources/orders';
import { paidPerLine } from '@/lib/billing/refunds';
import { readOrderEventReason } from '@/lib/order-event-reasons';
import { moneyBackGuarantee } from '@/lib/refund-policy';
import { recordId } from '@/lib/validation/numbers';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database, Reader, Tx } from '../../db/client';
import {
  bandwidthTiers,
  coupons,
  diskProducts,
  images,
  mailOutbox,
  orderEvents,
  orders,
  pintuanOffers,
  plans,
  refunds,
  saleActivities,
  saleItems,
  snapshotPolicies,
  staff,
  trafficPackages,
  userCoupons,
  users,
  webhookOutbox,
} from '../../db/schema';
import type { Localized } from '../../db/schema/common';
import { creditNoteById, creditNoteDownload, creditNotesOfOrder } from '../../invoices/credit-notes';
import { invoiceOfOrder } from '../../invoices/queries';
import { ensureMailWorker } from '../../mail/worker';
import { releaseHolds, transitionOrders } from '../../orders/lifecycle';
import { mailOrderPaid } from '../../orders/mails';
import {
  approveRefund,
  createRefund,
  pendingRefundIds,
  type RefundRow,
  refundedSoFar,
  refundsOfOrder,
  rejectRefund,
  retryRefund,
  settleRefund,
} from '../../refunds/refunds';
import { recordAudit } from '../audit';
import { type CsvValue, csvDownload, currencyDigits, majorAmount } from '../csv';
import type { Binding, Snapshot } from '../resource/bind';
import type { SignedInStaff } from '../sessions';
import { contactFor } from './contacts';
import { readDeliveries } from './deliveries';

/**
 * The back office's orders (docs/product/back-office-orders.md): the list's filters, each over an index
 * (docs/decisions/044-keyset-lists.md), an order with its history and what was sent about it, the operator's
 * actions, each through the order lifecycle (docs/decisions/037-order-lifecycle.md) and audited in its
 * transaction, and the CSV export.
 */

type OrderRow = typeof orders.$inferSelect;

/** The plan an order bought (its configuration's `planId`), the list's "product". */
const planOf = sql<string | null>`(${orders.config}->>'planId')`;

/**
 * The account a customer filter names: by id, by whole e-mail address (any case) or by username. A name is looked
 * up once, before the orders are read (a subquery PostgreSQL runs first), so the orders are then read through
 * `orders_user_idx`; a name no account has matches no order.
 */
function customerNamed(name: string): number | SQL {
  if (/^\d{1,10}$/.test(name) && Number(name) <= 2_147_483_647) return Number(name);
  const by = name.includes('@') ? eq(users.email, name.toLowerCase()) : eq(users.username, name);
  return sql`(select ${users.id} from ${users} where ${by})`;
}

/** The orders `where` matches, as the list shows them: with the customer's username and address (masked for support). */
async function readOrders(db: Reader, where: SQL | undefined, viewer: SignedInStaff | undefined): Promise<Snapshot[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerId: orders.userId,
      customerEmail: users.email,
      customerUsername: users.username,
      product: planOf,
      productName: plans.name,
      currency: orders.currency,
      subtotalMinor: orders.subtotalMinor,
      discountMinor: orders.discountMinor,
      totalMinor: orders.totalMinor,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      refundsRequested: sql<number>`(select count(*)::int from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'requested')`,
      refundsFailed: sql<number>`(select count(*)::int from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'failed')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(plans, eq(plans.id, planOf))
    .where(where);
  return rows.map((row) => ({
    ...row,
    customerEmail: contactFor(viewer, row.customerEmail),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
}

/** The same words in every language: a size or a speed, or a name kept in one language only (an OS image's). */
const everywhere = (text: string): Localized => ({ en: text, zh: text, ja: text });

/** Adds a size to a name in every language it has (`NVMe SSD volume 50 GB`). */
const sized = (name: Localized, size: string): Localized =>
  Object.fromEntries(Object.entries(name).map(([language, text]) => [language, `${text} ${size}`])) as Localized;

/**
 * What each line of an order priced, by name in every language (its key says what it is: src/server/api/orders/
 * pricing.ts): the plan, a data disk with its size, a bandwidth tier, a traffic package, a snapshot policy, an OS
 * licence, the sale a sale item belongs to, a group-buy offer. A term discount has no name (its item is its
 * percent); something since deleted has none either, and the screen shows its code.
 */
async function lineNames(db: Reader, order: OrderRow): Promise<(Localized | null)[]> {
  const kindOf = (key: string) => key.split('.')[0] ?? key;
  const idsOf = (kind: string) => [...new Set(order.lines.filter((l) => kindOf(l.key) === kind).map((l) => l.itemId))];
  const numbers = (kind: string) => idsOf(kind).map(Number).filter(Number.isSafeInteger);
  const byId = async <T extends { id: string | number }>(ids: unknown[], read: () => Promise<T[]>) =>
    new Map((ids.length > 0 ? await read() : []).map((row) => [String(row.id), row]));
  const [plan, disk, tier, pack, policy, image, sale, offer] = await Promise.all([
    byId(idsOf('plan'), () =>
      db
        .select({ id: plans.id, name: plans.name })
        .from(plans)
        .where(inArray(plans.id, idsOf('plan'))),
    ),
    byId(idsOf('disk'), () =>
      db
        .select({ id: diskProducts.id, name: diskProducts.name })
        .from(diskProducts)
        .where(inArray(diskProducts.id, idsOf('disk'))),
    ),
    byId(idsOf('bandwidth'), () =>
      db
        .select({ id: bandwidthTiers.id, mbps: bandwidthTiers.mbps })
        .from(bandwidthTiers)
        .where(inArray(bandwidthTiers.id, idsOf('bandwidth'))),
    ),
    byId(idsOf('traffic'), () =>
      db
        .select({ id: trafficPackages.id, gb: trafficPackages.gb })
        .from(trafficPackages)
        .where(inArray(trafficPackages.id, idsOf('traffic'))),
    ),
    byId(idsOf('snapshot'), () =>
      db
        .select({ id: snapshotPolicies.id, name: snapshotPolicies.name })
        .from(snapshotPolicies)
        .where(inArray(snapshotPolicies.id, idsOf('snapshot'))),
    ),
    byId(idsOf('licence'), () =>
      db
        .select({ id: images.id, name: images.name })
        .from(images)
        .where(inArray(images.id, idsOf('licence'))),
    ),
    byId(numbers('sale'), () =>
      db
        .select({ id: saleItems.id, name: saleActivities.name })
        .from(saleItems)
        .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
        .where(inArray(saleItems.id, numbers('sale'))),
    ),
    byId(numbers('pintuan'), () =>
      db
        .select({ id: pintuanOffers.id, name: pintuanOffers.name })
        .from(pintuanOffers)
        .where(inArray(pintuanOffers.id, numbers('pintuan'))),
    ),
  ]);
  const disks = Array.isArray(order.config.dataDisks) ? (order.config.dataDisks as { sizeGb?: unknown }[]) : [];
  return order.lines.map((line): Localized | null => {
    const [kind, index] = line.key.split('.');
    switch (kind) {
      case 'plan':
        return plan.get(line.itemId)?.name ?? null;
      case 'disk': {
        const name = disk.get(line.itemId)?.name;
        const size = disks[Number(index)]?.sizeGb;
        return name ? (typeof size === 'number' ? sized(name, `${size} GB`) : name) : null;
      }
      case 'bandwidth': {
        const found = tier.get(line.itemId);
        return found ? everywhere(`${found.mbps} Mbps`) : null;
      }
      case 'traffic': {
        const found = pack.get(line.itemId);
        return found ? everywhere(`${found.gb} GB`) : null;
      }
      case 'snapshot':
        return policy.get(line.itemId)?.name ?? null;
      case 'licence': {
        const found = image.get(line.itemId);
        return found ? everywhere(found.name) : null;
      }
      case 'sale':
        return sale.get(line.itemId)?.name ?? null;
      case 'pintuan':
        return offer.get(line.itemId)?.name ?? null;
      default:
        return null;
    }
  });
}

/** The sale a held sale item belongs to and the held coupon, by name (the order's "holds"). */
async function holdNames(db: Reader, order: OrderRow) {
  const [[sale], [coupon]] = await Promise.all([
    order.saleItemId === null
      ? []
      : db
          .select({ name: saleActivities.name })
          .from(saleItems)
          .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
          .where(eq(saleItems.id, order.saleItemId)),
    order.userCouponId === null
      ? []
      : db
          .select({ name: coupons.name })
          .from(userCoupons)
          .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
          .where(eq(userCoupons.id, order.userCouponId)),
  ]);
  return { saleItemName: sale?.name ?? null, couponName: coupon?.name ?? null };
}

/** An order with its customer, lines, history (order_events) and what was sent about it (both outboxes). */
async function readOrder(db: Reader, key: string | number, viewer: SignedInStaff): Promise<OrderDetail | undefined> {
  const id = Number(key);
  const [found] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!found) return undefined;
  const { order, user } = found;
  const [[row], events, webhooks, mails, names, holds, invoice, refundRows, notes, guarantee] = await Promise.all([
    readOrders(db, eq(orders.id, id), viewer),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
    readDeliveries(db, 'webhook', eq(webhookOutbox.orderId, id), viewer),
    readDeliveries(db, 'mail', eq(mailOutbox.orderId, id), viewer),
    lineNames(db, order),
    holdNames(db, order),
    invoiceOfOrder(db, id),
    refundsOfOrder(db, id),
    creditNotesOfOrder(db, id),
    guaranteeOf(db, order, new Date()),
  ]);
  const so = refundedSoFar(order, refundRows);
  const staffNames = await namesOfStaff(
    db,
    refundRows.flatMap((r) => [r.requestedBy, r.approvedBy]),
  );
  const nextAttempts = new Map(
    webhooks
      .filter((w) => w.type === 'refund.requested' && w.state !== 'sent')
      .map((w) => [w.outboxId, w.nextAttemptAt]),
  );
  // The refund's last event waiting in the outbox, by the refund id its payload names.
  const waiting = await refundEventsWaiting(db, id, [...nextAttempts.keys()]);
  if (!row) return undefined;
  const byId = (a: { outboxId: number }, b: { outboxId: number }) => a.outboxId - b.outboxId;
  return {
    ...(row as Omit<OrderDetail, 'events'>),
    billing: order.billing,
    taxLines: order.taxLines.map((l) => ({
      country: l.country,
      ratePercent: l.ratePercent,
      baseMinor: l.baseMinor,
      taxMinor: l.taxMinor,
      reverseCharge: l.reverseCharge,
    })),
    totalInclTaxMinor: order.totalInclTaxMinor,
    invoice: invoice ? { ...invoice, pdf: `/api/admin/invoices/${invoice.id}/pdf` } : null,
    refunds: refundRows.map((r) => {
      const note = notes.find((n) => n.refundId === r.id);
      const outboxId = waiting.get(r.id);
      return {
        id: r.id,
        status: r.status,
        basis: r.basis,
        lines: (r.lines ?? []).map((l) => l.key),
        amountMinor: r.amountMinor,
        taxMinor: r.taxMinor,
        reason: r.reason,
        requestedBy: r.requestedBy === null ? null : (staffNames.get(r.requestedBy) ?? null),
        approvedBy: r.approvedBy === null ? null : (staffNames.get(r.approvedBy) ?? null),
        attempts: r.attempts,
        failureReason: r.failureReason,
        createdAt: r.createdAt.toISOString(),
        nextAttemptAt: r.status === 'pending' && outboxId !== undefined ? (nextAttempts.get(outboxId) ?? null) : null,
        creditNote: note ? { id: note.id, number: note.number, pdf: `/api/admin/credit-notes/${note.id}/pdf` } : null,
      };
    }),
    refundable: { paidMinor: so.paidMinor, refundedMinor: so.heldMinor, remainingMinor: so.remainingMinor },
    guarantee: {
      eligible: guarantee.eligible,
      why: guarantee.eligible ? null : guarantee.why,
      until: guarantee.until?.toISOString() ?? null,
      amountMinor: guarantee.eligible ? Math.min(guaranteeAmount(order, guarantee.lines), so.remainingMinor) : 0,
    },
    rate: order.rate,
    lines: order.lines.map((line, i) => ({ ...line, name: names[i] ?? null })),
    config: order.config,
    saleItemId: order.saleItemId,
    userCouponId: order.userCouponId,
    ...holds,
    payBy: order.payBy.toISOString(),
    statusChangedAt: order.statusChangedAt.toISOString(),
    customerPhone: contactFor(viewer, user.phone),
    customerStatus: user.status,
    events: events.map((e) => {
      const read = readOrderEventReason(e.reason);
      return {
        id: e.id,
        from: e.fromStatus,
        to: e.toStatus,
        reason: e.reason,
        reasonKey: read.key,
        reasonState: read.state,
        reasonNote: read.note,
        actor: e.actor,
        at: e.at.toISOString(),
      };
    }),
    webhooks: webhooks.sort(byId),
    mails: mails.sort(byId),
  };
}

/** Staff names by id, for who asked for and who approved a refund. */
async function namesOfStaff(db: Reader, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of the order's refund events not yet delivered, the newest per refund: refund id → outbox id. */
async function refundEventsWaiting(db: Reader, orderId: number, outboxIds: number[]): Promise<Map<number, number>> {
  if (outboxIds.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookOutbox.id, refundId: sql<number>`(${webhookOutbox.payload}->'refund'->>'id')::int` })
    .from(webhookOutbox)
    .where(and(eq(webhookOutbox.orderId, orderId), inArray(webhookOutbox.id, outboxIds)))
    .orderBy(asc(webhookOutbox.id));
  return new Map(rows.map((r) => [Number(r.refundId), r.id]));
}

/**
 * The money-back guarantee of an order now (src/lib/refund-policy.ts): whether it is the customer's first paid
 * order is read here, the rule is the policy's.
 */
async function guaranteeOf(db: Reader, order: OrderRow, now: Date) {
  const [first] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), isNotNull(orders.paidAt)))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(1);
  return moneyBackGuarantee(
    { billing: order.billing, paidAt: order.paidAt, firstOrder: first?.id === order.id, lines: order.lines },
    now,
  );
}

/** What the lines a guarantee covers were paid, tax included. */
function guaranteeAmount(order: OrderRow, lines: readonly string[]): number {
  const paid = paidPerLine(order);
  return lines.reduce((sum, key) => sum + (paid.get(key) ?? 0), 0);
}

/** The order as its audit entry keeps it: what an operator's action changed, never a customer's contacts. */
function auditSnapshot(row: Pick<OrderRow, 'id' | 'number' | 'status' | 'statusChangedAt'>) {
  return { id: row.id, number: row.number, status: row.status, statusChangedAt: row.statusChangedAt.toISOString() };
}

/** The order as it is, or 404 (the transition itself locks and re-checks it). */
async function findOrder(tx: Reader, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('api.admin.notFound');
  return row;
}

/**
 * One operator's transition of an order through the lifecycle's conditional update, audited: 409 `refusal` with
 * the order's state when it is not in `from` any more (a payment, the expiry sweep or another operator came
 * first). `then` runs for the order that moved only, in the same transaction.
 */
async function transition(
  db: Database,
  by: SignedInStaff,
  id: number,
  step: { from: OrderState; to: OrderState; reason: string; action: string; note: string; refusal: string },
  then?: (tx: Tx, row: OrderRow, at: Date) => Promise<void>,
) {
  const at = new Date();
  await db.transaction(async (tx) => {
    const before = await findOrder(tx, id);
    const [moved] = await transitionOrders(tx, [id], {
      from: [step.from],
      to: step.to,
      reason: step.note ? `${step.reason}: ${step.note}` : step.reason,
      actor: 'operator',
      at,
    });
    if (!moved) {
      const current = await findOrder(tx, id);
      throw new ApiError(BusinessCode.conflict, step.refusal, { extra: { current: auditSnapshot(current) } });
    }
    await then?.(tx, moved.row, at);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'order',
      entityId: id,
      action: 'update',
      // The state the transition moved from, read under its lock.
      before: { ...auditSnapshot(before), status: moved.from },
      after: { ...auditSnapshot(moved.row), action: step.action, note: step.note },
    });
  });
  return (await readOrders(db, eq(orders.id, id), by))[0] ?? null;
}

/**
 * One refund step as an operator takes it (docs/decisions/068-refunds-and-credit-notes.md), in one transaction with
 * its audit entry: the order's state and the refund as they were and are. A refusal rolls everything back.
 */
async function refundStep(
  db: Database,
  by: SignedInStaff,
  id: number,
  action: string,
  step: (tx: Tx, at: Date) => Promise<RefundRow>,
) {
  const at = new Date();
  await db.transaction(async (tx) => {
    const before = await findOrder(tx, id);
    const refund = await step(tx, at);
    const after = await findOrder(tx, id);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'order',
      entityId: id,
      action: 'update',
      before: auditSnapshot(before),
      after: {
        ...auditSnapshot(after),
        action,
        refund: {
          id: refund.id,
          status: refund.status,
          basis: refund.basis,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          reason: refund.reason,
        },
      },
    });
  });
  // A refund sent or settled queued its mail in that transaction.
  ensureMailWorker(db).kick();
  return (await readOrders(db, eq(orders.id, id), by))[0] ?? null;
}

/**
 * A refund as the form asks for it: the guarantee's basis is the amount the money-back guarantee gives now (an order
 * it does not cover is refused at the field), anything else as typed.
 */
async function askOf(db: Reader, order: OrderRow, input: RefundInput) {
  if (input.basis !== 'guarantee') {
    return { basis: input.basis, amountMinor: input.amountMinor, lines: input.lines, reason: input.reason };
  }
  const guarantee = await guaranteeOf(db, order, new Date());
  if (!guarantee.eligible)
    throw new ApiError(BusinessCode.invalidInput, 'api.admin.refundNotGuaranteed', {
      fields: { basis: 'api.admin.refundNotGuaranteed' },
    });
  const so = refundedSoFar(order, await refundsOfOrder(db, order.id));
  const amountMinor = Math.min(guaranteeAmount(order, guarantee.lines), so.remainingMinor);
  return { basis: 'amount' as const, amountMinor: Math.max(amountMinor, 1), reason: input.reason };
}

/** Creates a refund: sent at once by an owner or manager, or a support request waiting for one. */
const refundAction =
  (approve: boolean) =>
  async ({
    db,
    by,
    id,
    input,
  }: {
    db: Database;
    by: SignedInStaff;
    id: string | number;
    input: Record<string, unknown>;
  }) => {
    const ask = refundInput.parse(input);
    const order = await findOrder(db, Number(id));
    const made = await askOf(db, order, ask);
    return refundStep(db, by, Number(id), approve ? 'refund' : 'requestRefund', (tx, at) =>
      createRefund(tx, order.id, made, { staffId: by.id, approve, actor: 'operator' }, at),
    );
  };

/** The export's columns, in order: what the list shows, and the amounts in the currency's major unit. */
const CSV_HEADER = [
  'number',
  'status',
  'customer_id',
  'customer_email',
  'customer_username',
  'product',
  'currency',
  'subtotal',
  'discount',
  'total',
  'created_at',
  'paid_at',
] as const;

/** The orders of each batch as rows of the export, amounts in each currency's major unit. */
async function* csvRows(db: Database, batches: AsyncGenerator<Snapshot[]>): AsyncGenerator<CsvValue[][]> {
  const digits = await currencyDigits(db);
  for await (const batch of batches) {
    yield batch.map((order) => {
      const d = digits.get(String(order.currency)) ?? 2;
      return [
        order.number,
        order.status,
        order.customerId,
        order.customerEmail,
        order.customerUsername,
        order.product,
        order.currency,
        majorAmount(Number(order.subtotalMinor), d),
        majorAmount(Number(order.discountMinor), d),
        majorAmount(Number(order.totalMinor), d),
        order.createdAt,
        order.paidAt ?? '',
      ] as CsvValue[];
    });
  }
}

export const ordersBinding: Binding = {
  sorts: { total: orders.totalMinor },
  filters: {
    state: (value) => (value === 'all' ? undefined : eq(orders.status, value as OrderState)),
    customer: (value) => (value ? eq(orders.userId, customerNamed(value)) : undefined),
    product: (value) => (value ? sql`${planOf} = ${value}` : undefined),
    currency: (value) => (value === 'all' ? undefined : eq(orders.currency, value)),
    from: (value) => (value ? gte(orders.createdAt, new Date(value)) : undefined),
    to: (value) => (value ? lt(orders.createdAt, new Date(value)) : undefined),
  },
  read: readOrders,
  readOne: readOrder,
  actions: {
    /**
     * Cancels an unpaid order as an operator, exactly as an expiry or the customer's cancel does: the lifecycle's
     * conditional transition, then what it held given back (sale stock, coupon, group seat) for the row that moved
     * only, so a cancel racing a payment or the expiry sweep gives back once or not at all. Announced: the sale
     * page shows the stock given back.
     */
    cancel: ({ db, by, id, input }) =>
      transition(
        db,
        by,
        Number(id),
        {
          from: 'pending_payment',
          to: 'cancelled',
          reason: 'cancelled by an operator',
          action: 'cancel',
          note: String(input.note ?? ''),
          refusal: 'api.admin.ordersNotCancellable',
        },
        async (tx, row, at) => {
          await releaseHolds(tx, [row], at);
          await announceChange(tx, ordersResource.changes);
        },
      ),
    /**
     * Records that the customer centre made the refund of an order waiting for one (`refund_pending` → `refunded`,
     * the transition its `refund.completed` notification makes), for a refund settled there without telling the site.
     */
    'mark-refunded': async ({ db, by, id, input }) => {
      // Refunds under way are settled as their `refund.succeeded` would settle them (the same function); an order
      // waiting without one (paid after it ended) moves as before.
      const underWay = await pendingRefundIds(db, Number(id));
      if (underWay.length > 0) {
        return refundStep(db, by, Number(id), 'markRefunded', async (tx, at) => {
          let last: RefundRow | undefined;
          for (const refundId of underWay) {
            last = (await settleRefund(tx, refundId, 'succeeded', { actor: 'operator', at }))?.refund ?? last;
          }
          if (!last) throw new ApiError(BusinessCode.conflict, 'api.admin.ordersNotRefundPending');
          return last;
        });
      }
      return transition(db, by, Number(id), {
        from: 'refund_pending',
        to: 'refunded',
        reason: 'refund made, recorded by an operator',
        action: 'markRefunded',
        note: String(input.note ?? ''),
        refusal: 'api.admin.ordersNotRefundPending',
      });
    },
    refund: refundAction(true),
    'request-refund': refundAction(false),
    'approve-refund': ({ db, by, id, input }) =>
      refundStep(db, by, Number(id), 'approveRefund', (tx, at) =>
        approveRefund(tx, Number(id), refundChoice.parse(input).refundId, by.id, at),
      ),
    'reject-refund': ({ db, by, id, input }) =>
      refundStep(db, by, Number(id), 'rejectRefund', (tx, at) =>
        rejectRefund(tx, Number(id), refundChoice.parse(input).refundId, by.id, at),
      ),
    'retry-refund': ({ db, by, id, input }) =>
      refundStep(db, by, Number(id), 'retryRefund', (tx, at) =>
        retryRefund(tx, Number(id), refundChoice.parse(input).refundId, at),
      ),
    /**
     * Sends the payment confirmation again, as a new row in the mail outbox (the first one's row stays as it was),
     * in the customer's language and to their address as it is now. Only for an order that was paid (409 otherwise).
     */
    'resend-confirmation': async ({ db, by, id }) => {
      await db.transaction(async (tx) => {
        const row = await findOrder(tx, Number(id));
        if (row.paidAt === null) throw new ApiError(BusinessCode.conflict, 'api.admin.ordersNotPaid');
        const made = await mailOrderPaid(tx, row, { resend: true });
        if (made === null) throw notFound('api.admin.notFound');
        await recordAudit(tx, {
          staffId: by.id,
          kind: 'mail',
          entityId: made,
          action: 'create',
          before: null,
          after: { mailId: made, kind: 'order-paid', orderId: row.id, number: row.number, action: 'resend' },
        });
      });
      ensureMailWorker(db).kick();
      return (await readOrders(db, eq(orders.id, Number(id)), by))[0] ?? null;
    },
  },
  routes: (router, resource) => {
    router.route(
      {
        method: 'get',
        path: '/admin/credit-notes/:id/pdf',
        summary: 'A credit note as the customer received it, as a PDF',
        params: z.object({ id: recordId }),
        raw: { mediaType: 'application/pdf', description: 'The credit note (an attachment named by its number).' },
        auth: 'staff',
        permission: resource.declaration.access.read,
        errors: [404],
      },
      async (c, { params }) => creditNoteDownload(c, await creditNoteById(c.get('db'), params.id)),
    );
    router.route(
      {
        method: 'get',
        path: '/admin/orders/export',
        summary: 'The orders the list query matches, as CSV, streamed a thousand at a time',
        query: resourceQuery(resource.declaration),
        raw: {
          mediaType: 'text/csv',
          description: 'The orders as CSV (an attachment), not the `{code, message}` envelope.',
        },
        auth: 'staff',
        permission: resource.declaration.access.read,
      },
      (c, { query }) => {
        const batches = resource.batches(c.get('db'), query as ResourceQuery, c.get('staff'), 1_000);
        return csvDownload(c, 'orders', CSV_HEADER, csvRows(c.get('db'), batches));
      },
    );
  },
};
