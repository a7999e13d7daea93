// biome-ignore-all lint/a11y/noRedundantRoles: WebKit drops table semantics once the parts are blocks and grids (decision 038)
import { getTranslations } from 'next-intl/server';
import { consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import type { Locale } from '@/lib/locales';
import type { CurrencyRate } from '@/lib/money';
import type { DomainSuffix } from '@/server/api/domains/queries';

const CATEGORIES = ['popular', 'country', 'new'] as const;
type Category = (typeof CATEGORIES)[number];
const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/** Every suffix on sale with its yearly prices in the visitor's currency, rendered on the server. */
export async function DomainPriceTable({
  locale,
  currency,
  suffixes,
  tax,
}: {
  locale: Locale;
  currency: CurrencyRate;
  suffixes: DomainSuffix[];
  /** Japanese pages in yen: prices with consumption tax first (docs/decisions/066-tax.md). */
  tax: DisplayTax;
}) {
  const t = await getTranslations({ locale, namespace: 'domain' });
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax, '\n');
  return (
    <section aria-labelledby="domain-prices">
      <h2 id="domain-prices" className="text-xl font-semibold">
        {t('table.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('table.note', { currency: currency.type })}</p>
      {/* Below the desk breakpoint each suffix reads as a card with its prices two to a line, as the VPS plans do
          (docs/decisions/038-tables-on-phones.md): at 375 px the table was 576 px wide in a 333 px scroller. */}
      <div className="relative mt-4 overflow-x-auto desk:rounded-lg desk:border desk:border-line">
        <table
          role="table"
          className="w-full text-left text-sm max-desk:block desk:min-w-[36rem]"
          data-testid="domain-price-table"
        >
          <thead role="rowgroup" className="bg-surface text-muted max-desk:sr-only">
            <tr role="row">
              <th role="columnheader" scope="col" className="px-4 py-2 font-semibold">
                {t('table.suffix')}
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2 font-semibold">
                {t('table.category')}
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.register')}
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.renew')}
              </th>
              <th role="columnheader" scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.transfer')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-desk:block max-desk:space-y-3 desk:divide-y desk:divide-line">
            {suffixes.map((s) => (
              <tr
                key={s.suffix}
                role="row"
                className="max-desk:grid max-desk:grid-cols-2 max-desk:gap-x-4 max-desk:gap-y-2 max-desk:rounded-lg max-desk:border max-desk:border-line max-desk:p-4"
              >
                <th
                  role="rowheader"
                  scope="row"
                  className="px-4 py-2 font-semibold text-ink max-desk:col-span-2 max-desk:p-0"
                >
                  {s.suffix}
                  {s.promo ? (
                    <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">
                      {t('table.promo')}
                    </span>
                  ) : null}
                </th>
                <td
                  role="cell"
                  className="cell-label px-4 py-2 text-muted max-desk:p-0"
                  data-label={t('table.category')}
                >
                  {isCategory(s.category) ? t(`category.${s.category}`) : s.category}
                </td>
                <td
                  role="cell"
                  className={`cell-label whitespace-pre-line px-4 py-2 text-right tabular-nums max-desk:p-0 max-desk:text-left ${s.promo ? 'font-semibold text-brand-700' : ''}`}
                  data-label={t('table.register')}
                >
                  {money(s.registerPriceCents)}
                </td>
                <td
                  role="cell"
                  className="cell-label whitespace-pre-line px-4 py-2 text-right tabular-nums max-desk:p-0 max-desk:text-left"
                  data-label={t('table.renew')}
                >
                  {money(s.renewPriceCents)}
                </td>
                <td
                  role="cell"
                  className="cell-label whitespace-pre-line px-4 py-2 text-right tabular-nums max-desk:p-0 max-desk:text-left"
                  data-label={t('table.transfer')}
                >
                  {money(s.transferPriceCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
