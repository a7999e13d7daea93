import 'server-only';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { type CurrencyRow, PRICE_LIMITS } from '@/lib/admin/prices-schemas';
import type { RateHistory } from '@/lib/admin/resources/prices/currencies';
import { type FieldErrors, notFound } from '../../api/errors';
import type { Reader, Tx } from '../../db/client';
import { currencies, currencyRateHistory, staff } from '../../db/schema';
import type { SignedInStaff } from '../sessions';

/** The currency every price is stored in: its rate is 1 by definition (docs/decisions/036-pricing-model.md). */
export const BASE_CURRENCY = 'USD';

/** "7.78000000" as people write it: "7.78". */
const plainRate = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** The currencies as the API answers them, in display order. */
export async function readCurrencies(db: Reader, where?: SQL): Promise<CurrencyRow[]> {
  const rows = await db.select().from(currencies).where(where).orderBy(asc(currencies.sort), asc(currencies.code));
  return rows.map((c) => ({
    code: c.code,
    rate: plainRate(c.rate),
    minorDigits: c.minorDigits,
    updatedAt: c.updatedAt.toISOString(),
    version: c.version,
  }));
}

/** A currency's rates, newest first: each with when it took effect and who set it (nobody: the seed). */
export async function rateHistory(db: Reader, code: string): Promise<RateHistory> {
  const [currency] = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, code));
  if (!currency) throw notFound('api.admin.notFound');
  const rows = await db
    .select({
      id: currencyRateHistory.id,
      rate: currencyRateHistory.rate,
      validFrom: currencyRateHistory.validFrom,
      setById: currencyRateHistory.setBy,
      setByName: staff.name,
    })
    .from(currencyRateHistory)
    .leftJoin(staff, eq(staff.id, currencyRateHistory.setBy))
    .where(eq(currencyRateHistory.code, code))
    .orderBy(desc(currencyRateHistory.validFrom), desc(currencyRateHistory.id))
    .limit(100);
  return {
    items: rows.map((r) => ({
      id: r.id,
      rate: plainRate(r.rate),
      validFrom: r.validFrom.toISOString(),
      setBy: r.setById === null ? null : { id: r.setById, name: r.setByName },
    })),
  };
}

/**
 * What a new rate may be beside the current one: never another rate than 1 for USD, in which prices are stored (the
 * row as read may be sent back, what the API answers it takes back), and not more than PRICE_LIMITS.rateDriftPct
 * away from the current rate unless `confirm` says the operator meant it.
 */
export function rateProblems(before: CurrencyRow, input: { rate: string; confirm: boolean }): FieldErrors {
  if (before.code === BASE_CURRENCY) return Number(input.rate) === 1 ? {} : { rate: 'api.admin.pricesBaseCurrency' };
  const now = Number(before.rate);
  const next = Number(input.rate);
  if (!input.confirm && Math.abs(next - now) > (now * PRICE_LIMITS.rateDriftPct) / 100) {
    return { rate: 'api.admin.pricesRateFarFromCurrent' };
  }
  return {};
}

/** Keeps the rate just saved in the currency's history, from the moment it was saved, as `by`'s. */
export async function keepRate(tx: Tx, code: string, rate: string, by: SignedInStaff | undefined): Promise<void> {
  const [row] = await tx.select({ updatedAt: currencies.updatedAt }).from(currencies).where(eq(currencies.code, code));
  await tx
    .insert(currencyRateHistory)
    .values({ code, rate, validFrom: row?.updatedAt ?? new Date(), setBy: by?.id ?? null });
}
