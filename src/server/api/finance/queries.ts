import 'server-only';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '@/lib/api/answers';
import type { CurrencyRate } from '@/lib/money';
import type { Database } from '../../db/client';
import { currencies } from '../../db/schema';

export type { CurrencyRate } from '@/lib/money';

/** What /api/finance/order-server/pay/getMoneyType answers of each currency (the type the shell reads is money's). */
export const currencyRateAnswer = z.object({
  type: z.string().describe('the currency code: USD, HKD, JPY'),
  rate: z.number().describe('units per 1 USD'),
  digits: int().describe('digits of its minor unit'),
}) satisfies z.ZodType<CurrencyRate>;

/** Currencies with their rate per 1 USD (docs/product/entities.md#money-and-currencies Currency: type, rate). */
export async function listCurrencies(db: Database): Promise<CurrencyRate[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code));
  return rows.map((r) => ({ type: r.code, rate: Number(r.rate), digits: r.minorDigits }));
}
