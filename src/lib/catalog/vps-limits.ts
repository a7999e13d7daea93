/**
 * The VPS configuration's limits, apart from its schema (docs/decisions/009-pricing-and-orders.md, docs/product/targets.md#performance): the configurator runs in the browser
 * and needs only these numbers. Taking them from `vps-config.ts` brought zod with them into the purchase page's
 * first load (most of it never called there: docs/decisions/016-first-paint-before-storage.md); the schema
 * itself is for the server.
 */

/** Billing periods offered by the configurator, in months. */
export const BILLING_MONTHS = [1, 3, 6, 12] as const;
/**
 * `term`: paid in advance for the months chosen; `hourly`: a month's cap paid as credit and drawn by the hour
 * (plans that allow it; docs/decisions/036-pricing-model.md).
 */
export const BILLING_MODES = ['term', 'hourly'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
/** Hours a month's price is spread over when a monthly price is billed by the hour (365 × 24 / 12). */
export const HOURS_PER_MONTH = 730;
export const MAX_QUANTITY = 20;
export const MAX_DATA_DISKS = 4;
