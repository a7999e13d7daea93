import '../../../validation/zod-config';
import { z } from 'zod';
import { wholeNumber } from '../../../validation/numbers';
import type { Column, Field } from '../../resource';

/**
 * What the promotions' declarations share (docs/product/back-office-promotions.md): the limits of their numbers,
 * the billing terms, schedules and stock. Money is in USD cents, as the tables keep it.
 */

/** The most a price, a coupon's value or a threshold may be: far above any real order, far below the column's range. */
export const PROMOTION_LIMITS = {
  priceCentsMax: 10_000_000,
  couponValueCentsMax: 1_000_000,
  stockMax: 10_000_000,
  perUserMax: 100,
  validDaysMax: 3650,
  groupSizeMax: 50,
  groupHoursMax: 720,
  sortMax: 100_000,
} as const;

/** Billing terms a sale item or group-buy offer can cover (the configurator's terms), as a select offers them. */
export const PROMOTION_MONTHS = ['1', '3', '6', '12', '24', '36'] as const;

export const instant = z.iso.datetime({ offset: true, error: 'api.field.invalid' });
export const cents = (min: number, max: number) => wholeNumber({ min, max });
export const stock = wholeNumber({ min: 0, max: PROMOTION_LIMITS.stockMax });
export const perUserLimit = wholeNumber({ min: 1, max: PROMOTION_LIMITS.perUserMax });
export const sort = wholeNumber({ min: 0, max: PROMOTION_LIMITS.sortMax }).default(0);
export const months = wholeNumber({ min: 1, max: 36 }).refine(
  (m) => (PROMOTION_MONTHS as readonly string[]).includes(String(m)),
  {
    error: 'api.field.invalid',
  },
);
export const code = z
  .string({ error: 'api.field.required' })
  .trim()
  // Not aborting: an unchosen plan must not keep the form's checks across fields (prices, schedule) from
  // showing; the first problem of a field is the one shown.
  .min(1, { error: 'api.field.required' })
  .regex(/^[a-z0-9-]{1,64}$/, { error: 'api.field.invalid' });

/** The end of a schedule must come after its start (the error shows at the end). */
export function endsAfterStart(value: { startsAt?: string; endsAt?: string }, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && new Date(value.endsAt).getTime() <= new Date(value.startsAt).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'api.admin.promotionsEndsBeforeStart' });
  }
}

/** A per-account limit above the stock could never be reached: refused at the limit. */
export function limitWithinStock(value: { stockTotal?: number; perUserLimit?: number }, ctx: z.RefinementCtx) {
  const { stockTotal = 0, perUserLimit = 1 } = value;
  if (stockTotal > 0 && perUserLimit > stockTotal) {
    ctx.addIssue({ code: 'custom', path: ['perUserLimit'], message: 'api.admin.promotionsLimitAboveStock' });
  }
}

/** Where a schedule stands now; coupons add sold out (src/server/api/coupons/queries.ts couponState). */
export const SCHEDULE_STATES = ['upcoming', 'running', 'ended'] as const;

/** A schedule as rows answer it: ISO times, and where it stands at the time of the answer. */
export const scheduleRow = { startsAt: z.string(), endsAt: z.string() };

/** A scheduled promotion's list: in the site's order, or by when it starts or ends; searched by name. */
export const scheduledList = {
  sorts: ['sort', 'id', 'startsAt', 'endsAt'],
  order: { sort: 'sort', dir: 'asc' },
  search: true,
} as const;

/** Where a promotion's schedule stands now, and when it ends. */
export const scheduleColumns = [
  { name: 'state', format: 'option' },
  { name: 'endsAt', format: 'datetime', sort: 'endsAt' },
] as const satisfies readonly Column[];

export const scheduleFields = [
  { name: 'startsAt', kind: 'datetime' },
  { name: 'endsAt', kind: 'datetime' },
] as const satisfies readonly Field[];

export const blankText = () => ({ en: '', zh: '', ja: '' });
/** A time `days` from now, as a new row's schedule starts. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Promotions are not undone from the audit log: an old stock put back could be below what was taken since. */
export const NO_UNDO = { refused: 'promotions' } as const;
