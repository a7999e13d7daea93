import 'server-only';
import { consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import type { Locale } from '@/lib/locales';
import type { CurrencyRate } from '@/lib/money';

/**
 * An amount an article states in a sentence or a cell, written `{{money:<USD cents>}}` in its Markdown: the page
 * shows it in the visitor's currency at the site's rate, as every catalog price, instead of an amount typed
 * once per language (docs/decisions/036-pricing-model.md), with consumption tax first on Japanese pages in yen
 * (docs/decisions/066-tax.md). Table-sized facts are `{{catalog:<table>}}` lines.
 */
const MONEY = /\{\{money:(\d{1,9})\}\}/g;

export function fillInlineFacts(markdown: string, currency: CurrencyRate, locale: Locale, tax: DisplayTax): string {
  return markdown.includes('{{money:')
    ? markdown.replace(MONEY, (_, cents: string) => consumerUsdCents(Number(cents), currency, locale, tax))
    : markdown;
}

/** The same in US dollars, for text read without a visitor's currency (the chat's index). */
export const USD: CurrencyRate = { type: 'USD', rate: 1, digits: 2 };
