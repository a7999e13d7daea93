import 'server-only';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { int, isoTime, localizedAnswer } from '@/lib/api/answers';
import { ORDER_STATUSES } from '@/lib/validation/order-forms';
import type { Database } from '../../db/client';
import { images, type OrderStatus, orderEvents, orders, plans, regions } from '../../db/schema';
import { creditNotesOfOrder } from '../../invoices/credit-notes';
import { invoiceOfOrder } from '../../invoices/queries';
import { releaseHolds, transitionOrders } from '../../orders/lifecycle';
import { ApiError, BusinessCode, notFound } from '../errors';
import { orderLineAnswer } from './pricing';
import { type OrderSummary, orderSummaryAnswer, summary } from './service';

export const orderDetailAnswer = orderSummaryAnswer.extend({
  lines: z.array(orderLineAnswer),
  taxLines: z
    .array(
      z.object({
        name: localizedAnswer,
        ratePercent: z.string(),
        baseMinor: int(),
        taxMinor: int(),
        reverseCharge: z.boolean(),
      }),
    )
    .describe("the order's tax, one line per rate, the tax's name in every language (docs/decisions/066-tax.md)"),
  billingProfile: z
    .object({
      country: z.string(),
      company: z.string().nullable(),
      taxId: z.string().nullable(),
      taxIdCheck: z.enum(['none', 'format', 'verified']),
    })
    .nullable()
    .describe('who the order is billed to; null on orders from before tax'),
  invoice: z
    .object({ number: z.string(), url: z.string().describe('the PDF, for the signed-in customer') })
    .nullable()
    .describe('the invoice, once the order is paid (docs/decisions/067-invoices.md)'),
  creditNotes: z
    .array(
      z.object({
        number: z.string(),
        totalInclTaxMinor: int().describe('negative: what the invoice is reduced by'),
        issuedAt: isoTime(),
        url: z.string().describe('the PDF, for the signed-in customer'),
      }),
    )
    .describe("the credit notes of the order's refunds, oldest first (docs/decisions/068-refunds-and-credit-notes.md)"),
  config: z.record(z.string(), z.unknown()).describe('the configuration as ordered'),
  history: z.array(
    z.object({
      from: z.enum(ORDER_STATUSES).nullable(),
      to: z.enum(ORDER_STATUSES),
      reason: z.string(),
      at: isoTime(),
    }),
  ),
  /** What was ordered, named as the catalog names it (in every language: the page picks the visitor's). */
  server: z
    .object({
      plan: localizedAnswer.nullable(),
      city: localizedAnswer.nullable(),
      image: z.string().nullable(),
      quantity: int(),
      months: int(),
    })
    .describe("what was ordered, named as the catalog names it in every language (the page picks the visitor's)"),
});
export type OrderDetail = z.infer<typeof orderDetailAnswer>;

/** A page of the customer's orders. */
export const orderPageAnswer = z.object({
  total: int(),
  page: int(),
  rows: int(),
  items: z.array(orderSummaryAnswer),
});

/** The signed-in customer's orders, newest first, a page at a time, optionally of some statuses. */
export async function listCustomerOrders(
  db: Database,
  userId: number,
  query: { page: number; rows: number; status?: OrderStatus[] },
): Promise<z.infer<typeof orderPageAnswer>> {
  const where = and(eq(orders.userId, userId), query.status?.length ? inArray(orders.status, query.status) : undefined);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return { total: counted?.n ?? 0, page: query.page, rows: query.rows, items: rows.map(summary) };
}

/** One of the customer's orders with its lines and history; another customer's order is not found (404). */
export async function getCustomerOrder(db: Database, userId: number, number: string): Promise<OrderDetail> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.number, number)));
  if (!row) throw notFound('api.order.notFound');
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.id));
  const config = row.config as {
    planId?: string;
    regionId?: string;
    imageId?: string;
    quantity?: number;
    months?: number;
  };
  const [[plan], [region], [image], invoice, notes] = await Promise.all([
    db
      .select({ name: plans.name })
      .from(plans)
      .where(eq(plans.id, config.planId ?? '')),
    db
      .select({ city: regions.city })
      .from(regions)
      .where(eq(regions.id, config.regionId ?? '')),
    db
      .select({ name: images.name })
      .from(images)
      .where(eq(images.id, config.imageId ?? '')),
    invoiceOfOrder(db, row.id),
    creditNotesOfOrder(db, row.id),
  ]);
  return {
    ...summary(row),
    lines: row.lines,
    taxLines: row.taxLines.map((l) => ({
      name: l.name,
      ratePercent: l.ratePercent,
      baseMinor: l.baseMinor,
      taxMinor: l.taxMinor,
      reverseCharge: l.reverseCharge,
    })),
    billingProfile: row.billingProfile,
    invoice: invoice
      ? { number: invoice.number, url: `/api/finance/order-server/invoice/${encodeURIComponent(row.number)}` }
      : null,
    creditNotes: notes.map((n) => ({
      number: n.number,
      totalInclTaxMinor: n.totalInclTaxMinor,
      issuedAt: n.issuedAt.toISOString(),
      url: `/api/finance/order-server/credit-note/${encodeURIComponent(n.number)}`,
    })),
    config: row.config,
    server: {
      plan: plan?.name ?? null,
      city: region?.city ?? null,
      image: image?.name ?? null,
      quantity: config.quantity ?? 1,
      months: config.months ?? 1,
    },
    history: history.map((e) => ({ from: e.fromStatus, to: e.toStatus, reason: e.reason, at: e.at.toISOString() })),
  };
}

/**
 * Cancels an unpaid order of the customer's, giving back what it held (sale stock, coupon, group seat) in the
 * same transaction. Only `pending_payment` can be cancelled here (409 otherwise: a paid order is refunded in the
 * customer centre).
 */
export async function cancelCustomerOrder(db: Database, userId: number, number: string): Promise<OrderSummary> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.number, number)));
    if (!row) throw notFound('api.order.notFound');
    const [moved] = await transitionOrders(tx, [row.id], {
      from: ['pending_payment'],
      to: 'cancelled',
      reason: 'cancelled by the customer',
      actor: 'customer',
      at: now,
    });
    if (!moved) throw new ApiError(BusinessCode.conflict, 'api.order.notCancellable');
    await releaseHolds(tx, [moved.row], now);
    return summary(moved.row);
  });
}
