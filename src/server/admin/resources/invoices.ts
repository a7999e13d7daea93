import 'server-only';
import { eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ResourceQuery } from '@/lib/admin/resource';
import { resourceQuery } from '@/lib/admin/resource';
import { recordId } from '@/lib/validation/numbers';
import type { Database, Reader } from '../../db/client';
import { invoices, users } from '../../db/schema';
import { invoiceById, invoiceDownload } from '../../invoices/queries';
import { type CsvValue, csvDownload, currencyDigits, majorAmount } from '../csv';
import type { Binding, Snapshot } from '../resource/bind';

/**
 * The back office's invoices (docs/product/back-office-orders.md#invoices): read as issued, filtered over the issue
 * time's index, exported as CSV for the accountant, and each one's PDF.
 */

/** The invoices `where` matches, as the list shows them, with the customer's username (gone with their account). */
async function readInvoices(db: Reader, where: SQL | undefined): Promise<Snapshot[]> {
  const rows = await db
    .select({ invoice: invoices, username: users.username })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.userId))
    .where(where);
  return rows.map(({ invoice, username }) => ({
    id: invoice.id,
    number: invoice.number,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    customerId: invoice.userId,
    customerUsername: username,
    company: invoice.content.buyer.company,
    taxId: invoice.content.buyer.taxId,
    country: invoice.country,
    locale: invoice.locale,
    currency: invoice.currency,
    rate: invoice.rate,
    totalExclTaxMinor: invoice.totalExclTaxMinor,
    taxMinor: invoice.taxMinor,
    totalInclTaxMinor: invoice.totalInclTaxMinor,
    reverseCharge: invoice.reverseCharge,
    issuedAt: invoice.issuedAt.toISOString(),
    supplyDate: invoice.supplyDate,
    pdf: `/api/admin/invoices/${invoice.id}/pdf`,
  }));
}

/** The export's columns: what an accountant books, amounts in the currency's major unit. */
const CSV_HEADER = [
  'invoice',
  'issued_at',
  'supply_date',
  'order',
  'customer_id',
  'company',
  'tax_id',
  'country',
  'currency',
  'rate_per_usd',
  'total_excl_tax',
  'tax_rate_percent',
  'tax',
  'total_incl_tax',
  'reverse_charge',
] as const;

async function* csvRows(db: Database, batches: AsyncGenerator<Snapshot[]>): AsyncGenerator<CsvValue[][]> {
  const digits = await currencyDigits(db);
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    // Each invoice's rates, from its kept tax lines.
    const rates = new Map(
      (
        await db
          .select({ id: invoices.id, content: invoices.content })
          .from(invoices)
          .where(
            inArray(
              invoices.id,
              batch.map((b) => Number(b.id)),
            ),
          )
      ).map((r) => [r.id, r.content.taxLines.map((l) => Number(l.ratePercent)).join('+')]),
    );
    yield batch.map((row) => {
      const d = digits.get(String(row.currency)) ?? 2;
      return [
        row.number,
        row.issuedAt,
        row.supplyDate,
        row.orderNumber,
        row.customerId,
        row.company ?? '',
        row.taxId ?? '',
        row.country,
        row.currency,
        row.rate,
        majorAmount(Number(row.totalExclTaxMinor), d),
        rates.get(Number(row.id)) ?? '',
        majorAmount(Number(row.taxMinor), d),
        majorAmount(Number(row.totalInclTaxMinor), d),
        row.reverseCharge ? 'yes' : 'no',
      ] as CsvValue[];
    });
  }
}

export const invoicesBinding: Binding = {
  filters: {
    currency: (value) => (value === 'all' ? undefined : eq(invoices.currency, value)),
    country: (value) => (value ? eq(invoices.country, value.trim().toUpperCase()) : undefined),
    reverseCharge: (value) => (value === 'all' ? undefined : eq(invoices.reverseCharge, value === 'yes')),
    from: (value) => (value ? gte(invoices.issuedAt, new Date(value)) : undefined),
    to: (value) => (value ? lt(invoices.issuedAt, new Date(value)) : undefined),
  },
  read: readInvoices,
  routes: (router, resource) => {
    router.route(
      {
        method: 'get',
        path: '/admin/invoices/export',
        summary: 'The invoices the list query matches, as CSV for the accountant, streamed a thousand at a time',
        query: resourceQuery(resource.declaration),
        raw: { mediaType: 'text/csv', description: 'The invoices as CSV (an attachment), not the envelope.' },
        auth: 'staff',
        permission: resource.declaration.access.read,
      },
      (c, { query }) => {
        const batches = resource.batches(c.get('db'), query as ResourceQuery, c.get('staff'), 1_000);
        return csvDownload(c, 'invoices', CSV_HEADER, csvRows(c.get('db'), batches));
      },
    );
    router.route(
      {
        method: 'get',
        path: '/admin/invoices/:id/pdf',
        summary: 'An invoice as the customer received it, as a PDF',
        params: z.object({ id: recordId }),
        raw: { mediaType: 'application/pdf', description: 'The invoice (an attachment named by its number).' },
        auth: 'staff',
        permission: resource.declaration.access.read,
        errors: [404],
      },
      async (c, { params }) => invoiceDownload(c, await invoiceById(c.get('db'), params.id)),
    );
  },
};
