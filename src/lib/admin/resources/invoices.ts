import { z } from 'zod';
import { CURRENCY_CODES } from '../../currency';
import { defineResource } from '../resource';

/** An invoice as the back office lists it: its number, order, buyer, amounts and tax (docs/decisions/067-invoices.md). */
export const invoiceRow = z.object({
  id: z.number().int(),
  number: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string(),
  customerId: z.number().int(),
  customerUsername: z.string().nullable(),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  country: z.string(),
  locale: z.string(),
  currency: z.string(),
  rate: z.string(),
  totalExclTaxMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalInclTaxMinor: z.number().int(),
  reverseCharge: z.boolean(),
  issuedAt: z.string(),
  supplyDate: z.string(),
  /** The PDF, for staff who may read invoices. */
  pdf: z.string(),
});

/**
 * The invoices issued for paid orders (docs/product/back-office-orders.md#invoices): read-only, as issued, never
 * changed; filtered by currency, billing country, reverse charge and issue time, and downloaded as CSV for the
 * accountant. An invoice's PDF opens from its order's page.
 */
export const invoicesResource = defineResource({
  name: 'invoices',
  path: '/invoices',
  nav: { section: 'commerce' },
  audit: 'invoice',
  table: 'invoices',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: invoiceRow,
  // Buyers' names, addresses and tax ids: read as orders are, not by editors.
  access: { read: 'support', write: false, create: false, delete: false },
  undo: { refused: 'invoice' },
  list: {
    sorts: ['issuedAt'],
    order: { sort: 'issuedAt', dir: 'desc' },
    paging: 'keyset',
    export: true,
    filters: [
      { name: 'currency', options: ['all', ...CURRENCY_CODES] },
      { name: 'country', kind: 'text' },
      { name: 'reverseCharge', options: ['all', 'yes', 'no'] },
      { name: 'from', kind: 'from' },
      { name: 'to', kind: 'to' },
    ],
  },
  columns: [
    { name: 'number', format: 'code' },
    {
      name: 'orderNumber',
      link: (row) => (row.orderId ? `/admin/orders/${row.orderId}` : undefined),
    },
    {
      name: 'customerUsername',
      link: (row) => `/admin/customers/${row.customerId}`,
      below: [{ name: 'company' }, { name: 'taxId', format: 'code' }],
    },
    { name: 'country', format: 'country' },
    { name: 'totalExclTaxMinor', format: 'money', currency: 'currency' },
    { name: 'taxMinor', format: 'money', currency: 'currency' },
    { name: 'totalInclTaxMinor', format: 'money', currency: 'currency' },
    { name: 'issuedAt', format: 'datetime', sort: 'issuedAt' },
  ],
  fields: [],
  blank: () => ({}),
  title: 'number',
});
