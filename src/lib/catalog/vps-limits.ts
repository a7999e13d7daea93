/**
 * The VPS configuration's limits, apart from its schema (issue 5, issue 9): the configurator runs in the browser
 * and needs only these numbers. Taking them from `vps-config.ts` brought zod with them into the purchase page's
 * first load (30 KB gzipped, most of it never called there); the schema itself is for the server.
 */

/** Billing periods offered by the configurator, in months. */
export const BILLING_MONTHS = [1, 3, 6, 12] as const;
export const MAX_QUANTITY = 20;
export const MAX_DATA_DISKS = 4;
