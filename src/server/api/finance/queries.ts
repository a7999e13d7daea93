import 'server-only';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { currencies } from '../../db/schema';

export type CurrencyRate = { type: string; rate: number; digits: number };

/** Currencies with their rate per 1 USD (docs/product/entities.md#money-and-currencies Currency: type, rate). */
export async function listCurrencies(db: Database): Promise<CurrencyRate[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code));
  return rows.map((r) => ({ type: r.code, rate: Number(r.rate), digits: r.minorDigits }));
}
