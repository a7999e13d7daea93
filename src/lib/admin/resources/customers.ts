import { z } from 'zod';
import { defineResource, localizedRow } from '../resource';
import { deliveryRow } from './deliveries';
import { orderRow } from './orders';

export const CUSTOMER_STATUSES = ['pending', 'active', 'disabled'] as const;

/** An account as the list shows it; its e-mail address and phone number masked for support. */
export const customerRow = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  locale: z.string(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});

/** An account on its own page: its open sessions, latest orders, coupons, group-buy seats and mails. */
export const customerDetailRow = customerRow.extend({
  sessions: z.number().int(),
  /** All its orders, counted up to the lists' cap; the latest are in `orders`. */
  orderCount: z.number().int(),
  orders: z.array(orderRow),
  coupons: z.array(
    z.object({
      id: z.number().int(),
      couponId: z.number().int(),
      /** In every language: the screen shows its reader's. */
      name: localizedRow,
      claimedAt: z.string(),
      expiresAt: z.string(),
      usedAt: z.string().nullable(),
    }),
  ),
  groupBuys: z.array(
    z.object({
      groupId: z.number().int(),
      offer: localizedRow,
      leader: z.boolean(),
      status: z.enum(['pending', 'open', 'succeeded', 'failed']),
      seatsTaken: z.number().int(),
      size: z.number().int(),
      expiresAt: z.string(),
      orderId: z.number().int(),
      orderNumber: z.string(),
      joinedAt: z.string(),
    }),
  ),
  mails: z.array(deliveryRow),
});
export type CustomerDetail = z.infer<typeof customerDetailRow>;

/**
 * Customers' accounts (docs/product/back-office-orders.md): made by signing up, opened and closed by their
 * actions. Found by id or by the beginning of an address or username, newest first, a page at a time from a
 * cursor. An account opens on a page of its own (src/app/admin/customers/[id]).
 */
export const customersResource = defineResource({
  name: 'customers',
  path: '/customers',
  nav: { section: 'commerce' },
  audit: 'customer',
  table: 'users',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: customerRow,
  detailRow: customerDetailRow,
  access: { read: 'support', write: false, create: false, delete: false },
  actions: [
    { name: 'activate', permission: 'manageCommerce', tone: 'primary', when: (row) => row.status !== 'active' },
    { name: 'disable', permission: 'manageCommerce', tone: 'danger', when: (row) => row.status !== 'disabled' },
    {
      name: 'resend-activation',
      permission: 'support',
      tone: 'primary',
      when: (row) => row.status === 'pending',
    },
  ],
  detail: 'page',
  undo: { refused: 'customerState' },
  list: {
    sorts: ['id'],
    order: { sort: 'id', dir: 'desc' },
    search: true,
    paging: 'keyset',
    filters: [{ name: 'status', options: ['all', ...CUSTOMER_STATUSES] }],
  },
  columns: [
    { name: 'username', link: (row) => `/admin/customers/${row.id}` },
    { name: 'email' },
    { name: 'phone' },
    { name: 'status', format: 'option' },
    { name: 'id', format: 'number' },
    { name: 'createdAt', format: 'datetime' },
  ],
  fields: [],
  blank: () => ({}),
  title: 'username',
});
