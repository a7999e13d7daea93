import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { env } from '@/env';
import { parseLocale } from '@/lib/locales';
import type { Tx } from '../db/client';
import { type InvoiceContent, invoiceCounters, invoices, type orders, plans, regions, users } from '../db/schema';
import { localize } from '../localize';
import { INVOICE_TEXTS } from './texts';

type OrderRow = typeof orders.$inferSelect;

/** The series an invoice issued at a time belongs to: the prefix and the year (UTC), `CC-2026`. */
export const invoiceSeries = (at: Date) => `${env().INVOICE_PREFIX}-${at.getUTCFullYear()}`;

/** An invoice's number: its series and its place in it, six digits at least (`CC-2026-000123`). */
export const invoiceNumber = (series: string, sequence: number) => `${series}-${String(sequence).padStart(6, '0')}`;

/**
 * The seller as configured (docs/decisions/067-invoices.md), in the invoice's language: name, address lines and the
 * registrations that are set.
 */
function sellerOf(locale: keyof typeof INVOICE_TEXTS): InvoiceContent['seller'] {
  const e = env();
  const words = INVOICE_TEXTS[locale].registrations;
  const registrations = [
    { label: words.jp, value: e.SELLER_JP_INVOICE_NUMBER },
    { label: words.vat, value: e.SELLER_VAT_NUMBER },
    { label: words.business, value: e.SELLER_BUSINESS_REGISTRATION },
  ].filter((r) => r.value !== '');
  return { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, registrations };
}

/**
 * Issues the invoice of each order that was just paid, in the transaction that recorded the payment
 * (docs/decisions/067-invoices.md): its number is the series' next, taken under the counter row's lock, so numbers
 * are consecutive whatever the concurrency and a payment that rolls back gives its number back; its content (seller,
 * buyer, lines, tax per rate, currency and rate) is kept whole, so it renders the same for ever. An order has one
 * invoice: issuing again changes nothing.
 */
export async function issueInvoices(tx: Tx, paid: OrderRow[], at: Date): Promise<void> {
  if (paid.length === 0) return;
  const ids = paid.map((o) => o.id);
  const already = new Set(
    (await tx.select({ orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, ids))).map(
      (r) => r.orderId,
    ),
  );
  // Orders in id order: two transactions paying the same orders take their numbers in the same order.
  for (const order of [...paid].sort((a, b) => a.id - b.id)) {
    if (already.has(order.id)) continue;
    const [user] = await tx.select().from(users).where(eq(users.id, order.userId));
    const locale = parseLocale(user?.locale) ?? 'en';
    const content = await contentOf(tx, order, locale, user);
    const series = invoiceSeries(at);
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ series, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.series,
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning({ last: invoiceCounters.lastNumber });
    if (!counter) throw new Error('invoice counter vanished');
    await tx.insert(invoices).values({
      number: invoiceNumber(series, counter.last),
      series,
      sequence: counter.last,
      orderId: order.id,
      orderNumber: order.number,
      userId: order.userId,
      locale,
      country: order.billingProfile?.country ?? '',
      currency: order.currency,
      rate: order.rate,
      totalExclTaxMinor: order.totalMinor,
      taxMinor: order.taxMinor,
      totalInclTaxMinor: order.totalInclTaxMinor,
      reverseCharge: order.taxLines.some((l) => l.reverseCharge),
      issuedAt: at,
      // The service is supplied from the day it is paid for.
      supplyDate: at.toISOString().slice(0, 10),
      content,
    });
  }
}

/** What the invoice of an order shows, in its language. */
async function contentOf(
  tx: Tx,
  order: OrderRow,
  locale: keyof typeof INVOICE_TEXTS,
  user: typeof users.$inferSelect | undefined,
): Promise<InvoiceContent> {
  const words = INVOICE_TEXTS[locale];
  const config = order.config as { planId?: string; regionId?: string };
  const [[plan], [region]] = await Promise.all([
    tx
      .select({ name: plans.name })
      .from(plans)
      .where(eq(plans.id, config.planId ?? '')),
    tx
      .select({ city: regions.city })
      .from(regions)
      .where(eq(regions.id, config.regionId ?? '')),
  ]);
  const server = [plan ? localize(plan.name, locale) : config.planId, region ? localize(region.city, locale) : null]
    .filter(Boolean)
    .join(' · ');
  const billing = order.billingProfile;
  return {
    seller: sellerOf(locale),
    buyer: {
      name: user?.username ?? '',
      email: user?.email ?? '',
      company: billing?.company ?? null,
      taxId: billing?.taxId ?? null,
      country: billing?.country ?? '',
    },
    lines: order.lines.map((line) => {
      const kind = line.key.split('.')[0] ?? line.key;
      const label = words.lines[kind] ?? kind;
      const what = kind === 'plan' || kind === 'sale' || kind === 'pintuan' ? `${label}: ${server}` : label;
      return {
        description: kind === 'term' ? `${what} (${line.itemId}%)` : what,
        quantity: line.quantity,
        months: line.months,
        amountMinor: line.amountMinor,
        kind,
      };
    }),
    discountMinor: order.discountMinor,
    taxLines: order.taxLines,
  };
}
