import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { notFound } from '../api/errors';
import type { Reader } from '../db/client';
import { invoices, orders } from '../db/schema';
import { renderInvoicePdf } from './pdf';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice of one of the customer's orders; another customer's, or an order not invoiced yet, is not found. */
export async function customerInvoice(db: Reader, userId: number, orderNumber: string): Promise<InvoiceRow> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.number, orderNumber), eq(orders.userId, userId)));
  if (!row) throw notFound('api.order.noInvoice');
  return row.invoice;
}

/** An invoice by its id, or 404. */
export async function invoiceById(db: Reader, id: number): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('api.admin.notFound');
  return row;
}

/** The invoice of an order, if it has one: its number, for the order pages' links. */
export async function invoiceOfOrder(db: Reader, orderId: number): Promise<{ id: number; number: string } | null> {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row ?? null;
}

/**
 * An invoice as a PDF download, named by its number. Private and not kept by caches: it names the buyer.
 */
export async function invoiceDownload(c: Context, invoice: InvoiceRow): Promise<Response> {
  const pdf = await renderInvoicePdf(invoice);
  return c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${invoice.number}.pdf"`,
    'cache-control': 'private, no-store',
  });
}
