import './zod-config';
import { z } from 'zod';
import { wholeNumber } from './numbers';

/** The statuses a customer can filter their orders by (docs/decisions/037-order-lifecycle.md). */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'provisioning',
  'active',
  'cancelled',
  'expired',
  'refund_pending',
  'partially_refunded',
  'refunded',
] as const;

/** An order number as the site writes them: CC, the date, eight hex digits. */
const orderNumber = z
  .string()
  .trim()
  .regex(/^CC\d{8}[0-9A-F]{8}$/, 'api.field.invalid')
  .describe('an order number, e.g. CC20261126A1B2C3D4');

/** POST /api/finance/order-server/order/search: the signed-in customer's orders, a page at a time. */
export const orderSearchRequest = z.object({
  page: wholeNumber({ min: 1, max: 10_000 }).default(1),
  rows: wholeNumber({ min: 1, max: 50 }).default(10),
  status: z
    .array(z.enum(ORDER_STATUSES, { message: 'api.field.invalid' }))
    .max(ORDER_STATUSES.length)
    .optional(),
});

/** POST /api/finance/order-server/order/get and …/order/cancel: one order by its number. */
export const orderNumberRequest = z.object({ number: orderNumber });
