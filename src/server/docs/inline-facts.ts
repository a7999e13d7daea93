import 'server-only';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatUsdCents } from '@/lib/money';

/**
 * An amount an article states in a sentence or a cell, written `{{money:<USD cents>}}` in its Markdown: the page
 * shows it in the visitor's currency at the site's rate, as every catalog price, instead of an amount typed
 * once per language (docs/decisions/036-pricing-model.md). Table-sized facts are `{{catalog:<table>}}` lines.
 */
const MONEY = /\{\{money:(\d{1,9})\}\}/g;

export function fillInlineFacts(markdown: string, currency: CurrencyRate, locale: Locale): string {
  return markdown.includes('{{money:')
    ? markdown.replace(MONEY, (_, cents: string) => formatUsdCents(Number(cents), currency, locale))
    : markdown;
}

/** The same in US dollars, for text read without a visitor's currency (the chat's index). */
export const USD: CurrencyRate = { type: 'USD', rate: 1, digits: 2 };
