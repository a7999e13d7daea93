import 'server-only';
import { parseCurrencySegment } from '@/lib/currency-segment';
import type { CurrencyRate } from '@/lib/money';
import { listCurrencies } from './api/finance/queries';
import type { Database } from './db/client';

/** The display currency of a page (the [currency] segment, decision 004) with its current rate. */
export async function pageCurrency(db: Database, segment: string): Promise<CurrencyRate> {
  const code = parseCurrencySegment(segment) ?? 'USD';
  const list = await listCurrencies(db);
  return list.find((c) => c.type === code) ?? { type: 'USD', rate: 1, digits: 2 };
}
