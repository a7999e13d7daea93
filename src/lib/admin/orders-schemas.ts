import '../validation/zod-config';
import { z } from 'zod';
import { CURRENCY_CODES } from '../currency';
import { recordId, wholeNumber } from '../validation/numbers';

/**
 * The back office's orders, customers and deliveries (docs/product/back-office-orders.md): one schema per input,
 * shared by the filter forms and the `/api/admin` handlers. Messages are i18n keys under `api.`.
 */

export const ORDER_STATES = [
  'pending_payment',
  'paid',
  'provisioning',
  'active',
  'cancelled',
  'expired',
  'refund_pending',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Orders are paged from a cursor, so these are the orders the indexes serve (newest, or by amount). */
export const ORDER_SORTS = ['createdAt', 'total'] as const;

/** A page's size: at most 100 rows, as every back-office list. */
const rows = wholeNumber({ min: 1, max: 100 }).default(20);
const dir = z.enum(['asc', 'desc'], { error: 'api.field.invalid' }).default('desc');
/** Where the previous page ended (opaque to the client: it sends back what the last answer gave). */
const cursor = z
  .string()
  .trim()
  .max(200, { error: 'api.field.invalid' })
  .regex(/^[\w-]*$/, { error: 'api.field.invalid' })
  .default('');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'api.field.tooLong' })
    .optional()
    .transform((v) => v || undefined);
const optionalTime = z
  .union([z.literal(''), z.iso.datetime({ offset: true, error: 'api.field.invalid' })])
  .optional()
  .transform((v) => v || undefined);

/**
 * The order list's filters. `customer` is an account's id or its whole e-mail address; `product` a plan's id;
 * `from`/`to` bound the creation time (from inclusive, to exclusive).
 */
export const orderQuery = z
  .object({
    state: z
      .union([z.literal(''), z.enum(ORDER_STATES, { error: 'api.field.invalid' })])
      .optional()
      .transform((v) => v || undefined),
    customer: optionalText(254),
    product: optionalText(60),
    currency: z
      .union([z.literal(''), z.enum(CURRENCY_CODES, { error: 'api.field.invalid' })])
      .optional()
      .transform((v) => v || undefined),
    from: optionalTime,
    to: optionalTime,
    sort: z.enum(ORDER_SORTS, { error: 'api.field.invalid' }).default('createdAt'),
    dir,
    rows,
    cursor,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && new Date(value.from) >= new Date(value.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.admin.ordersRangeBackwards' });
    }
  });
export type OrderQuery = z.output<typeof orderQuery>;

/** Cancelling an unpaid order or marking its refund done: an optional note kept in its history. */
export const orderAction = z.object({
  note: z.string().trim().max(500, { error: 'api.field.tooLong' }).default(''),
});

/** The customer search: an id, an e-mail address or its beginning, a username or its beginning. */
export const customerQuery = z.object({
  q: z.string().trim().max(254, { error: 'api.field.tooLong' }).default(''),
  status: z
    .union([z.literal(''), z.enum(['pending', 'active', 'disabled'], { error: 'api.field.invalid' })])
    .optional()
    .transform((v) => v || undefined),
  rows,
  cursor,
});
export type CustomerQuery = z.output<typeof customerQuery>;

/**
 * What a delivery row is in: `pending` (not tried yet, or due again), `failed` (pending after a failed try: it has
 * a last error), `sending` (claimed by a worker), `sent` (delivered).
 */
export const DELIVERY_STATES = ['pending', 'failed', 'sending', 'sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_KINDS = ['mail', 'webhook'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const deliveryQuery = z.object({
  kind: z.enum(DELIVERY_KINDS, { error: 'api.field.invalid' }).default('mail'),
  state: z
    .union([z.literal(''), z.enum(DELIVERY_STATES, { error: 'api.field.invalid' })])
    .optional()
    .transform((v) => v || undefined),
  rows,
  cursor,
});
export type DeliveryQuery = z.output<typeof deliveryQuery>;

export const deliveryParams = z.object({
  kind: z.enum(DELIVERY_KINDS, { error: 'api.field.invalid' }),
  id: recordId,
});

/**
 * The order filter form as typed (times in the browser's `datetime-local` text); the list turns it into
 * `orderQuery`, which the server checks again with the same rule for the range.
 */
export const orderFilterForm = z
  .object({
    state: z.union([z.literal(''), z.enum(ORDER_STATES)]),
    customer: z.string().trim().max(254, { error: 'api.field.tooLong' }),
    product: z.string().max(60, { error: 'api.field.tooLong' }),
    currency: z.union([z.literal(''), z.enum(CURRENCY_CODES)]),
    from: z.string(),
    to: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && new Date(value.from) >= new Date(value.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.admin.ordersRangeBackwards' });
    }
  });
export type OrderFilterForm = z.infer<typeof orderFilterForm>;
