import { z } from 'zod';
import { COMMISSION_STATUSES, PAYOUT_METHODS } from '../../affiliates';
import { CURRENCY_CODES } from '../../currency';
import { defineResource, versioned } from '../resource';

export const AFFILIATE_STATUSES = ['active', 'disabled'] as const;
const usd = z.number().int();

/**
 * The programme's affiliates (docs/decisions/070-affiliate-programme.md): their code, what they brought and earned,
 * and the fraud flags their referrals raised; an operator disables one (their links then count nothing and their
 * referred customers' payments earn nothing) or enables them again.
 */
export const affiliatesResource = defineResource({
  name: 'affiliates',
  path: '/affiliates',
  nav: { section: 'commerce' },
  audit: 'affiliate',
  table: 'affiliates',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({ status: z.enum(AFFILIATE_STATUSES, { error: 'api.field.invalid' }) }),
  row: z.object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string().nullable(),
    code: z.string(),
    status: z.enum(AFFILIATE_STATUSES),
    termsVersion: z.number().int(),
    payoutMethod: z.enum(PAYOUT_METHODS),
    flags: z.array(z.string()),
    joinedAt: z.string(),
    clicks: z.number().int(),
    signUps: z.number().int(),
    refused: z.number().int(),
    pendingUsdCents: usd,
    approvedUsdCents: usd,
    paidUsdCents: usd,
    ...versioned,
  }),
  // Who brought whom is customer data: read as customers are.
  access: { read: 'support', write: 'manageCommerce', create: false, delete: false },
  undo: true,
  list: {
    sorts: ['joinedAt'],
    order: { sort: 'joinedAt', dir: 'desc' },
    search: true,
    paging: 'keyset',
    filters: [
      { name: 'status', options: ['all', ...AFFILIATE_STATUSES] },
      { name: 'flagged', options: ['all', 'yes', 'no'] },
    ],
  },
  columns: [
    { name: 'code', format: 'code' },
    { name: 'username', link: (row) => `/admin/customers/${row.userId}` },
    { name: 'status', format: 'option' },
    { name: 'clicks', format: 'number' },
    { name: 'signUps', format: 'number', below: [{ name: 'refused', format: 'number' }] },
    { name: 'pendingUsdCents', format: 'money' },
    { name: 'approvedUsdCents', format: 'money' },
    { name: 'paidUsdCents', format: 'money' },
    { name: 'flags', value: (row) => (row.flags as string[]).join(', ') },
    { name: 'joinedAt', format: 'datetime', sort: 'joinedAt' },
  ],
  fields: [{ name: 'status', kind: 'select', options: AFFILIATE_STATUSES, confirm: ['disabled'] }],
  blank: () => ({ status: 'active' as const }),
  title: 'code',
});

/**
 * The commission ledger for review (docs/decisions/070-affiliate-programme.md): every line as written, with the
 * referral's fraud flags; an operator forfeits an order's commission (rules broken) with a reversal line, never an
 * edit. It grows with every referred payment, so it pages by cursor.
 */
export const affiliateCommissionsResource = defineResource({
  name: 'affiliate-commissions',
  path: '/affiliate-commissions',
  nav: { section: 'commerce', after: 'affiliates' },
  audit: 'affiliateCommission',
  table: 'affiliateCommissions',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: z.object({
    id: z.number().int(),
    affiliateId: z.number().int(),
    affiliateCode: z.string().nullable(),
    orderId: z.number().int(),
    orderNumber: z.string().nullable(),
    kind: z.enum(['earn', 'reversal']),
    refundId: z.string().nullable(),
    status: z.enum(COMMISSION_STATUSES),
    baseMinor: z.number().int(),
    ratePercent: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    amountUsdCents: usd,
    availableAt: z.string(),
    flags: z.array(z.string()),
    createdAt: z.string(),
    ...versioned,
  }),
  access: { read: 'support', write: false, create: false, delete: false },
  actions: [
    {
      name: 'forfeit',
      permission: 'manageCommerce',
      tone: 'danger',
      when: (row) => row.kind === 'earn',
    },
  ],
  undo: { refused: 'ledger' },
  list: {
    sorts: ['createdAt'],
    order: { sort: 'createdAt', dir: 'desc' },
    paging: 'keyset',
    filters: [
      { name: 'status', options: ['all', ...COMMISSION_STATUSES] },
      { name: 'kind', options: ['all', 'earn', 'reversal'] },
      { name: 'flagged', options: ['all', 'yes', 'no'] },
      { name: 'currency', options: ['all', ...CURRENCY_CODES] },
    ],
  },
  columns: [
    { name: 'createdAt', format: 'datetime', sort: 'createdAt' },
    { name: 'affiliateCode', format: 'code', link: (row) => `/admin/affiliates?q=${row.affiliateCode}` },
    { name: 'orderNumber', link: (row) => `/admin/orders/${row.orderId}` },
    { name: 'kind', format: 'option' },
    { name: 'status', format: 'option' },
    { name: 'amountMinor', format: 'money', currency: 'currency' },
    { name: 'amountUsdCents', format: 'money' },
    { name: 'availableAt', format: 'datetime' },
    { name: 'flags', value: (row) => (row.flags as string[]).join(', ') },
  ],
  fields: [],
  blank: () => ({}),
  title: 'orderNumber',
});

export const PAYOUT_STATUSES = ['due', 'paid'] as const;

/**
 * Payouts (docs/decisions/070-affiliate-programme.md): "new" makes the month's batch (one payout per affiliate whose
 * approved balance reaches the minimum of their method; account balance has none), each is marked paid with the
 * payment's reference, and the list downloads as CSV for the accountant.
 */
export const affiliatePayoutsResource = defineResource({
  name: 'affiliate-payouts',
  path: '/affiliate-payouts',
  nav: { section: 'commerce', after: 'affiliate-commissions' },
  audit: 'affiliatePayout',
  table: 'affiliatePayouts',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({
    batch: z
      .string({ error: 'api.field.required' })
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'api.field.invalid' }),
  }),
  row: z.object({
    id: z.number().int(),
    affiliateId: z.number().int(),
    affiliateCode: z.string().nullable(),
    username: z.string().nullable(),
    batch: z.string(),
    method: z.enum(PAYOUT_METHODS),
    payoutAccount: z.string().nullable(),
    amountUsdCents: usd,
    status: z.enum(PAYOUT_STATUSES),
    reference: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    ...versioned,
  }),
  access: { read: 'manageCommerce', write: 'manageCommerce', update: false, delete: false },
  actions: [
    {
      name: 'mark-paid',
      permission: 'manageCommerce',
      tone: 'primary',
      input: z.object({ reference: z.string({ error: 'api.field.required' }).trim().min(1).max(200) }),
      fields: [{ name: 'reference', kind: 'text' }],
      when: (row) => row.status === 'due',
    },
  ],
  undo: { refused: 'ledger' },
  list: {
    sorts: ['createdAt'],
    order: { sort: 'createdAt', dir: 'desc' },
    paging: 'keyset',
    export: true,
    filters: [
      { name: 'status', options: ['all', ...PAYOUT_STATUSES] },
      { name: 'method', options: ['all', ...PAYOUT_METHODS] },
      { name: 'batch', kind: 'text' },
    ],
  },
  columns: [
    { name: 'batch', format: 'code' },
    { name: 'affiliateCode', format: 'code', below: [{ name: 'username' }] },
    { name: 'method', format: 'option', below: [{ name: 'payoutAccount' }] },
    { name: 'amountUsdCents', format: 'money' },
    { name: 'status', format: 'option' },
    { name: 'reference' },
    { name: 'paidAt', format: 'datetime' },
  ],
  fields: [{ name: 'batch', kind: 'text', hint: true }],
  blank: () => ({ batch: new Date().toISOString().slice(0, 7) }),
  title: 'batch',
});
