import '../validation/zod-config';
import { z } from 'zod';
import { billingFields } from '../billing/profile';
import { CURRENCY_CODES } from '../currency';
import { recordId, wholeNumber } from '../validation/numbers';
import { BILLING_MODES, BILLING_MONTHS, MAX_DATA_DISKS, MAX_QUANTITY } from './vps-limits';

const id = z.string().trim().min(1, 'validation.required').max(60, 'api.field.invalid');
const optionalId = z
  .string()
  .trim()
  .max(60, 'api.field.invalid')
  .optional()
  .transform((v) => v || undefined);

/**
 * A VPS configuration (docs/decisions/009-pricing-and-orders.md): the one schema the configurator, its URL, the price quote and order
 * creation share. Prices never travel in it: the server computes them.
 */
export const vpsConfig = z.object({
  regionId: id,
  imageId: id,
  planId: id,
  quickSetId: optionalId,
  dataDisks: z
    .array(
      z.object({
        diskId: id,
        sizeGb: wholeNumber({ min: 1, max: 100_000 }),
      }),
    )
    .max(MAX_DATA_DISKS, 'api.field.invalid')
    .default([]),
  bandwidthTierId: optionalId,
  trafficPackageId: optionalId,
  securityGroupId: optionalId,
  snapshotPolicyId: optionalId,
  quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }).default(1),
  months: wholeNumber({ min: 1, max: 120 })
    .refine((m) => (BILLING_MONTHS as readonly number[]).includes(m), 'api.field.invalid')
    .default(1),
  billing: z.enum(BILLING_MODES, { message: 'api.field.invalid' }).default('term'),
  currency: z.enum(CURRENCY_CODES, { message: 'api.field.invalid' }),
  /** A VPS sale item bought at its sale price (docs/product/states.md#vps-sale); plan, region and months must match it. */
  saleItemId: recordId.optional(),
  /** A coupon the signed-in customer holds (user_coupons.id). */
  userCouponId: recordId.optional(),
  /**
   * Who is billed (docs/decisions/066-tax.md): the quote prices the tax of this country and tax id; an order without
   * a country takes the account's, and without either is refused at `billingCountry`.
   */
  ...billingFields,
});

export type VpsConfig = z.output<typeof vpsConfig>;
export type VpsConfigInput = z.input<typeof vpsConfig>;

/** Order creation adds the client's idempotency key to the configuration. */
export const createOrderRequest = vpsConfig.extend({
  idempotencyKey: z.string().trim().min(8, 'api.field.invalid').max(100, 'api.field.invalid'),
});
