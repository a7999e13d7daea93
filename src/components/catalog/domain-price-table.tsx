import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatUsdCents } from '@/lib/money';
import type { DomainSuffix } from '@/server/api/domains/queries';

const CATEGORIES = ['popular', 'country', 'new'] as const;
type Category = (typeof CATEGORIES)[number];
const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/** Every suffix on sale with its yearly prices in the visitor's currency, rendered on the server. */
export async function DomainPriceTable({
  locale,
  currency,
  suffixes,
}: {
  locale: Locale;
  currency: CurrencyRate;
  suffixes: DomainSuffix[];
}) {
  const t = await getTranslations({ locale, namespace: 'domain' });
  const money = (cents: number) => formatUsdCents(cents, currency, locale);
  return (
    <section aria-labelledby="domain-prices">
      <h2 id="domain-prices" className="text-xl font-semibold">
        {t('table.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('table.note', { currency: currency.type })}</p>
      <div className="relative mt-4 overflow-x-auto rounded-lg border border-line">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="domain-price-table">
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('table.suffix')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('table.category')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.register')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.renew')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t('table.transfer')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {suffixes.map((s) => (
              <tr key={s.suffix}>
                <th scope="row" className="px-4 py-2 font-semibold text-ink">
                  {s.suffix}
                  {s.promo ? (
                    <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">
                      {t('table.promo')}
                    </span>
                  ) : null}
                </th>
                <td className="px-4 py-2 text-muted">
                  {isCategory(s.category) ? t(`category.${s.category}`) : s.category}
                </td>
                <td className={`px-4 py-2 text-right tabular-nums ${s.promo ? 'font-semibold text-brand-700' : ''}`}>
                  {money(s.registerPriceCents)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{money(s.renewPriceCents)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{money(s.transferPriceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
