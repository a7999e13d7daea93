import 'server-only';
import type { DisplayTax } from '@/lib/billing/display';
import type { Locale } from '@/lib/locales';
import type { Reader } from '../db/client';
import { ruleInForce } from './tax-rules';

/**
 * The tax a page's consumer prices are shown with (docs/decisions/066-tax.md): on Japanese pages in yen, Japan's rule
 * in force (so an operator's change of the rate reaches the pages with the next render); elsewhere none.
 */
export async function displayTaxFor(
  db: Reader,
  locale: Locale,
  currency: string,
  at = new Date(),
): Promise<DisplayTax> {
  if (locale !== 'ja' || currency !== 'JPY') return null;
  const rule = await ruleInForce(db, 'JP', at);
  return rule && Number(rule.ratePercent) > 0 ? { ratePercent: rule.ratePercent } : null;
}
