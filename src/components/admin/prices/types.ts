import type { Money, PricesOverview } from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { formatMoney } from '@/lib/money';

/** Text in three languages as the prices' answers give it (a plan's name, a region's city). */
type Localized = PricesOverview['plans'][number]['name'];

export const localized = (text: Localized, locale: AdminLocale) => text[locale] || text.en;

/** An amount as the server computed it, written in its currency (formatting only: no conversion here). */
export function money(amount: Money | null, code: string, locale: AdminLocale): string {
  if (!amount) return '—';
  return formatMoney(amount.minor, { type: code, rate: 1, digits: amount.digits }, locale);
}

/** A stored USD amount (cents, or micro-USD with 6 digits) written as dollars. */
export const usd = (units: number, digits: number, locale: AdminLocale) =>
  formatMoney(units, { type: 'USD', rate: 1, digits }, locale);

/** The names the prices screen shows for the ids an answer gives, in the reader's language. */
export function namesIn(overview: PricesOverview, locale: AdminLocale) {
  return {
    plan: (id: string) => {
      const plan = overview.plans.find((p) => p.id === id);
      return plan ? localized(plan.name, locale) : id;
    },
    region: (id: string) => {
      const region = overview.regions.find((r) => r.id === id);
      return region ? localized(region.city, locale) : id;
    },
    image: (id: string) => overview.images.find((i) => i.id === id)?.name ?? id,
  };
}
export type Names = ReturnType<typeof namesIn>;
