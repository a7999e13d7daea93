import '../validation/zod-config';
import { z } from 'zod';
import { operatorNotice } from './notices';

/**
 * The dashboard's period (docs/product/back-office-dashboard.md): whole days `from` to `to`, both included, in the
 * time zone `tz` (an IANA name; UTC when none is given). The same schema checks the period picker and the
 * `GET /api/admin/dashboard` query.
 */

/** The longest period asked for at once: a year, leap day included. Longer ones are refused, not truncated. */
export const DASHBOARD_MAX_DAYS = 366;
/** The ready-made periods of the picker, in days ending today. */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;
export const DASHBOARD_CURRENCIES = ['USD', 'HKD', 'JPY'] as const;
export type DashboardCurrency = (typeof DASHBOARD_CURRENCIES)[number];
/**
 * Digits of each currency's minor unit, as src/lib/money.ts has them. Repeated rather than imported: a module the
 * public pages load, imported by the back office too, is split into a chunk of its own and costs every public
 * page a request's worth of gzip (docs/decisions/039-back-office.md).
 */
export const CURRENCY_DIGITS: Record<DashboardCurrency, number> = { USD: 2, HKD: 2, JPY: 0 };

const DAY_MS = 86_400_000;

/** A calendar date `YYYY-MM-DD` that exists (no 30 February), between 2000 and 2099. */
export const calendarDate = z
  .string({ error: 'api.field.required' })
  .trim()
  .min(1, { error: 'api.field.required', abort: true })
  .regex(/^20\d\d-\d\d-\d\d$/, { error: 'api.field.invalid', abort: true })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: 'api.field.invalid' });

/** Whether this JavaScript runtime knows the zone (browsers and Node share the IANA names). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string()
  .trim()
  .max(64, { error: 'api.field.tooLong', abort: true })
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: 'api.field.invalid', abort: true })
  .refine(knownTimeZone, { error: 'api.field.invalid' });

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const dashboardQuery = z
  .object({ from: calendarDate, to: calendarDate, tz: timeZone.default('UTC') })
  .superRefine((value, ctx) => {
    const days = daysBetween(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.admin.dashboardPeriodReversed' });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'api.admin.dashboardPeriodTooLong' });
  });
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** Today's date in a zone, `YYYY-MM-DD`. */
export function todayIn(zone: string, now = new Date()): string {
  // Swedish writes dates as ISO does.
  return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** The date `days` days after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A preset: the last `days` days, today included. */
export function presetPeriod(days: number, zone: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(zone, now);
  return { from: addDays(to, 1 - days), to };
}

const counts = z.array(z.number().int());
const pair = <A extends string, B extends string, TA extends string, TB extends string>(
  a: A,
  b: B,
  totalA: TA,
  totalB: TB,
) =>
  z.object({ [a]: counts, [b]: counts, [totalA]: z.number().int(), [totalB]: z.number().int() } as {
    [K in A | B]: typeof counts;
  } & { [K in TA | TB]: z.ZodNumber });

/**
 * What each section of the dashboard counts, one number per day of the period (aligned with `days`): the answer of
 * `GET /api/admin/dashboard`, which the screen reads with this type.
 */
export const dashboardSeries = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  days: z.array(z.string()),
  /** Paid orders by the day they were paid, per currency; revenue in minor units (cents, yen). */
  sales: z
    .object(
      Object.fromEntries(
        DASHBOARD_CURRENCIES.map((c) => [c, pair('orders', 'revenueMinor', 'totalOrders', 'totalRevenueMinor')]),
      ) as Record<
        DashboardCurrency,
        ReturnType<typeof pair<'orders', 'revenueMinor', 'totalOrders', 'totalRevenueMinor'>>
      >,
    )
    .optional(),
  /** Accounts created each day, and how many of them are activated now. */
  signups: pair('created', 'activated', 'totalCreated', 'totalActivated').optional(),
  /** Coupons claimed each day, and how many of them are used now. */
  coupons: pair('claimed', 'used', 'totalClaimed', 'totalUsed').optional(),
  /** Group-buys opened each day, and how many of them filled all their seats. */
  groups: pair('opened', 'filled', 'totalOpened', 'totalFilled').optional(),
  /** What this role must know about the site now (mail not being sent), said above the numbers. */
  notices: z.array(operatorNotice),
});
export type DashboardSeries = z.infer<typeof dashboardSeries>;
export type DashboardSection = 'sales' | 'signups' | 'coupons' | 'groups';
