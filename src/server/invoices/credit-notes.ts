import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { shareOut } from '@/lib/billing/refunds';
import { parseLocale } from '@/lib/locales';
import { notFound } from '../api/errors';
import type { Reader, Tx } from '../db/client';
import {
  type CreditNoteContent,
  creditNotes,
  invoiceCounters,
  invoices,
  type orders,
  type refunds,
  users,
} from '../db/schema';
import { renderCreditNotePdf } from './pdf';
import { INVOICE_TEXTS } from './texts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The series a credit note issued at a time belongs to: `CN` and the year (UTC), `CN-2026`. Its own series, not the
 * invoices': a credit note is a document of its own that tax authorities expect numbered in its own unbroken
 * sequence (docs/decisions/068-refunds-and-credit-notes.md).
 */
export const creditNoteSeries = (at: Date) => `CN-${at.getUTCFullYear()}`;

/**
 * Issues the credit note of a refund, in the transaction that approved it (docs/decisions/068-refunds-and-credit-notes.md):
 * the next number of its series under the counter row's lock (so numbers are consecutive whatever the concurrency,
 * and a refund that rolls back gives its number back), the invoice's seller and buyer, the refunded lines (or one
 * line, the refund of the invoice) and the refund's amounts per tax rate, every amount negative, in the customer's
 * language. An order without an invoice (never paid) gets none: there is nothing to correct. A refund has one note:
 * issuing again returns it.
 */
export async function issueCreditNote(
  tx: Tx,
  order: OrderRow,
  refund: RefundRow,
  at: Date,
): Promise<CreditNoteRow | null> {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (existing) return existing;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (!invoice) return null;
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, order.userId));
  const locale = parseLocale(user?.locale) ?? invoice.locale;
  const words = INVOICE_TEXTS[locale];

  let lines: CreditNoteContent['lines'];
  const chosen = refund.lines ?? [];
  if (refund.basis === 'lines' && chosen.length > 0) {
    // The refunded lines by the invoice's own descriptions (its lines are the order's, in order), sharing the
    // amount excluding tax in proportion to what each was paid.
    const shares = shareOut(
      refund.amountExclTaxMinor,
      chosen.map((l) => l.amountMinor),
    );
    lines = chosen.map((line, i) => {
      const index = order.lines.findIndex((l) => l.key === line.key);
      const source = invoice.content.lines[index];
      return {
        description: source?.description ?? line.key,
        quantity: source?.quantity ?? 1,
        months: source?.months ?? 0,
        amountMinor: -(shares[i] ?? 0),
      };
    });
  } else {
    lines = [
      {
        description: words.credit.refundOf(invoice.number),
        quantity: 1,
        months: 0,
        amountMinor: -refund.amountExclTaxMinor,
      },
    ];
  }
  const content: CreditNoteContent = {
    seller: invoice.content.seller,
    buyer: invoice.content.buyer,
    lines,
    discountMinor: 0,
    taxLines: invoice.content.taxLines.map((line, i) => ({
      ...line,
      baseMinor: -(refund.taxLines[i]?.baseMinor ?? 0),
      taxMinor: -(refund.taxLines[i]?.taxMinor ?? 0),
    })),
    reason: refund.reason,
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt.toISOString(),
  };
  const series = creditNoteSeries(at);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ last: invoiceCounters.lastNumber });
  if (!counter) throw new Error('credit note counter vanished');
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number: `${series}-${String(counter.last).padStart(6, '0')}`,
      series,
      sequence: counter.last,
      refundId: refund.id,
      invoiceId: invoice.id,
      orderId: order.id,
      orderNumber: order.number,
      userId: order.userId,
      locale,
      country: invoice.country,
      currency: invoice.currency,
      rate: invoice.rate,
      totalExclTaxMinor: -refund.amountExclTaxMinor,
      taxMinor: -refund.taxMinor,
      totalInclTaxMinor: -refund.amountMinor,
      reverseCharge: invoice.reverseCharge,
      issuedAt: at,
      supplyDate: invoice.supplyDate,
      content,
    })
    .returning();
  if (!note) throw new Error('credit note not written');
  return note;
}

/** The credit notes of an order, oldest first: number, amount and what the order pages link. */
export async function creditNotesOfOrder(db: Reader, orderId: number) {
  return db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      refundId: creditNotes.refundId,
      totalInclTaxMinor: creditNotes.totalInclTaxMinor,
      issuedAt: creditNotes.issuedAt,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.id));
}

/** A credit note of one of the customer's orders by its number; another customer's is not found. */
export async function customerCreditNote(db: Reader, userId: number, number: string): Promise<CreditNoteRow> {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.number, number), eq(creditNotes.userId, userId)));
  if (!row) throw notFound('api.order.noCreditNote');
  return row;
}

/** A credit note by its id, or 404. */
export async function creditNoteById(db: Reader, id: number): Promise<CreditNoteRow> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
  if (!row) throw notFound('api.admin.notFound');
  return row;
}

/** A credit note as a PDF download, named by its number; private, as an invoice. */
export async function creditNoteDownload(c: Context, note: CreditNoteRow): Promise<Response> {
  const pdf = await renderCreditNotePdf(note);
  return c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${note.number}.pdf"`,
    'cache-control': 'private, no-store',
  });
}
