import '../validation/zod-config';
import { z } from 'zod';
import { DASHBOARD_CURRENCIES } from './dashboard-schemas';

/**
 * The finance report (docs/product/back-office-finance.md): invoices and credit notes per UTC month and currency,
 * months `from` to `to`, both included. The same schema checks the screen's month fields and the
 * `GET /api/admin/finance` and `GET /api/admin/finance/export` queries.
 */

/** The most months asked for at once: ten years. Longer ranges are refused, not truncated. */
export const FINANCE_MAX_MONTHS = 120;
export const FINANCE_CURRENCIES = ['all', ...DASHBOARD_CURRENCIES] as const;

/** A month `YYYY-MM` between 2000 and 2099. */
export const calendarMonth = z
  .string({ error: 'api.field.required' })
  .trim()
  .min(1, { error: 'api.field.required', abort: true })
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'api.field.invalid' });

/** Months from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function monthsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The screen's range when the address names none: the last twelve months (UTC), this one included. */
export function defaultFinanceRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 7);
  return { from: addMonths(to, -11), to };
}

export const financeQuery = z
  .object({
    from: calendarMonth,
    to: calendarMonth,
    currency: z.enum(FINANCE_CURRENCIES, { error: 'api.field.invalid' }).default('all'),
  })
  .superRefine((value, ctx) => {
    const months = monthsBetween(value.from, value.to);
    if (months < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'api.admin.financeRangeReversed' });
    else if (months > FINANCE_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'api.admin.financeRangeTooLong' });
  });
export type FinanceQuery = z.output<typeof financeQuery>;

const minor = z.number().int();

/** One month and currency: what was invoiced, what credit notes took back, and what is left. Minor units. */
export const financeMonth = z.object({
  month: z.string(),
  currency: z.string(),
  invoices: z.number().int(),
  salesExclTaxMinor: minor,
  salesTaxMinor: minor,
  salesInclTaxMinor: minor,
  creditNotes: z.number().int(),
  /** Negative, as the credit notes carry them. */
  refundsExclTaxMinor: minor,
  refundsTaxMinor: minor,
  refundsInclTaxMinor: minor,
  netExclTaxMinor: minor,
  netTaxMinor: minor,
  netInclTaxMinor: minor,
});

/**
 * Tax per month, currency, country and rate. `ratePercent` is null for amounts no tax line covers (a country
 * without a tax rule); `reverseCharge` lines carry their base and 0 tax.
 */
export const financeTaxLine = z.object({
  month: z.string(),
  currency: z.string(),
  country: z.string(),
  ratePercent: z.string().nullable(),
  reverseCharge: z.boolean(),
  salesBaseMinor: minor,
  salesTaxMinor: minor,
  refundsBaseMinor: minor,
  refundsTaxMinor: minor,
  netBaseMinor: minor,
  netTaxMinor: minor,
});

/** Amounts excluding tax per month, currency and product line (the order line's kind). */
export const financeProductLine = z.object({
  month: z.string(),
  currency: z.string(),
  kind: z.string(),
  salesMinor: minor,
  refundsMinor: minor,
  netMinor: minor,
});

export const financeReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.enum(FINANCE_CURRENCIES),
  months: z.array(financeMonth),
  tax: z.array(financeTaxLine),
  productLines: z.array(financeProductLine),
});
export type FinanceReport = z.infer<typeof financeReport>;
export type FinanceMonth = z.infer<typeof financeMonth>;
export type FinanceTaxLine = z.infer<typeof financeTaxLine>;
export type FinanceProductLine = z.infer<typeof financeProductLine>;
