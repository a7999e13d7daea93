import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { PRICE_LIMITS, type RateUpdate } from '@/lib/admin/prices-schemas';
import { ApiError, BusinessCode, invalidInput, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database } from '../../db/client';
import { currencies, currencyRateHistory, staff } from '../../db/schema';
import { recordAudit } from '../audit';

/** The currency every price is stored in: its rate is 1 by definition (docs/decisions/036-pricing-model.md). */
export const BASE_CURRENCY = 'USD';

function currencyView(row: typeof currencies.$inferSelect) {
  return {
    code: row.code,
    rate: row.rate,
    minorDigits: row.minorDigits,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
export type CurrencyView = ReturnType<typeof currencyView>;

/** A currency's rates, newest first: each with when it took effect and who set it (nobody: the seed). */
export async function listRateHistory(db: Database, code: string) {
  const [currency] = await db.select().from(currencies).where(eq(currencies.code, code));
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
    currency: currencyView(currency),
    items: rows.map((r) => ({
      id: r.id,
      rate: r.rate,
      validFrom: r.validFrom.toISOString(),
      setBy: r.setById === null ? null : { id: r.setById, name: r.setByName },
    })),
  };
}

/**
 * Sets a currency's rate from now on: the row locked and checked against the version the editor loaded, a rate
 * more than PRICE_LIMITS.rateDriftPct from the current one refused unless `confirm` says the operator meant it,
 * the new rate added to the history as theirs, audited and announced. Orders keep the rate they were placed at
 * (`orders.rate`): nothing here touches them.
 */
export async function updateRate(db: Database, staffId: number, code: string, input: RateUpdate) {
  if (code === BASE_CURRENCY) throw invalidInput({ rate: 'api.admin.pricesBaseCurrency' });
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(currencies).where(eq(currencies.code, code)).for('update');
    if (!current) throw notFound('api.admin.notFound');
    const before = currencyView(current);
    if (current.version !== input.version) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current: before } });
    }
    const now = Number(current.rate);
    const next = Number(input.rate);
    if (!input.confirm && Math.abs(next - now) > (now * PRICE_LIMITS.rateDriftPct) / 100) {
      throw invalidInput({ rate: 'api.admin.pricesRateFarFromCurrent' });
    }
    const [row] = await tx
      .update(currencies)
      .set({ rate: input.rate, updatedAt: sql`now()`, version: current.version + 1 })
      .where(eq(currencies.code, code))
      .returning();
    if (!row) throw new Error('currency vanished under its lock');
    await tx.insert(currencyRateHistory).values({ code, rate: input.rate, validFrom: row.updatedAt, setBy: staffId });
    const after = currencyView(row);
    await recordAudit(tx, { staffId, kind: 'currencyRate', entityId: code, action: 'update', before, after });
    await announceChange(tx, ['prices']);
    return after;
  });
}
