import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { ActivityView } from '@/components/promotions/activity-view';
import { Countdown } from '@/components/promotions/countdown';
import { SaleStock } from '@/components/promotions/sale-stock';
import { PageLink } from '@/i18n/page-link';
import { consumerPriceParts, consumerUsdCents } from '@/lib/billing/display';
import { formatDate } from '@/lib/format-date';
import { listRunningSales } from '@/server/api/sales/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';

// Stock moves with every order: the page is kept up to 30 s, and its stock and the visitor's own purchases are put
// right after load by one live call (docs/decisions/035-live-promotion-numbers.md).
export const revalidate = 30;
export const generateMetadata = metadataFor('activityVps', '/activity/vps');

type Params = Promise<{ locale: string; currency: string }>;

/** /activity/vps (docs/product/states.md#vps-sale): sale plans with sale and regular price, stock and a countdown; buying goes through the configurator. */
export default async function VpsSalePage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [texts, t, sales, currency] = await Promise.all([
    pageTexts(locale, 'activityVps'),
    getTranslations({ locale, namespace: 'salePage' }),
    listRunningSales(db, locale),
    pageCurrency(db, (await params).currency),
  ]);
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
  const tax = await displayTaxFor(db, locale, currency.type);
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax);
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-12 px-5 py-12">
        {sales.length === 0 ? <p className="text-muted">{t('none')}</p> : null}
        {sales.map((sale) => (
          <section key={sale.id} aria-labelledby={`sale-${sale.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id={`sale-${sale.id}`} className="text-2xl font-semibold">
                {sale.name}
              </h2>
              <p className="text-sm text-muted">
                <Countdown
                  endsAt={sale.endsAt}
                  fallback={t('endsIn', { date: formatDate(sale.endsAt, locale) })}
                  template={t.raw('countdown') as string}
                />
              </p>
            </div>
            <p className="mt-2 max-w-3xl text-muted">{sale.description}</p>
            <ul className="mt-6 grid gap-5 desk:grid-cols-3">
              {sale.items.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col rounded-xl border border-line bg-white p-5 shadow-sm"
                  data-testid="sale-item"
                >
                  <p className="text-sm font-semibold text-brand-700">{`${item.regionName} · ${t('months', { count: item.months })}`}</p>
                  <h3 className="mt-1 text-lg font-semibold">{item.planName}</h3>
                  <p className="text-xs text-muted">
                    {t('specs', {
                      cpu: item.cpu,
                      memory: item.memoryMb / 1024,
                      disk: item.diskGb,
                      bandwidth: item.bandwidthMbps,
                    })}
                  </p>
                  {(() => {
                    const price = consumerPriceParts(item.salePriceCents, currency, locale, tax);
                    return (
                      <>
                        <p className="mt-4 text-3xl font-semibold text-red-700" data-testid="sale-price">
                          {price.main}
                        </p>
                        {price.aside ? <p className="text-sm text-muted">{price.aside}</p> : null}
                      </>
                    );
                  })()}
                  <p className="text-sm text-muted line-through">
                    {t('was', { price: money(item.originalPriceCents) })}
                  </p>
                  <SaleStock
                    itemId={item.id}
                    stockLeft={item.stockLeft}
                    stockTotal={item.stockTotal}
                    perUserLimit={item.perUserLimit}
                    stockTemplate={t.raw('stock') as string}
                    limitText={t('limit', { count: item.perUserLimit })}
                    buy={
                      <PageLink
                        href={{
                          pathname: '/product/vps-buy',
                          query: {
                            saleItemId: String(item.id),
                            planId: item.planId,
                            regionId: item.regionId,
                            months: String(item.months),
                          },
                        }}
                        className="mt-5 rounded-md bg-red-600 px-4 py-2 text-center font-semibold text-white hover:bg-red-700"
                      >
                        {t('buy')}
                      </PageLink>
                    }
                    soldOut={
                      <p className="mt-5 rounded-md bg-surface px-4 py-2 text-center font-semibold text-muted">
                        {t('soldOut')}
                      </p>
                    }
                    bought={
                      <p
                        className="mt-5 rounded-md bg-emerald-50 px-4 py-2 text-center font-semibold text-emerald-800"
                        data-testid="sale-bought"
                      >
                        {t('bought')}
                      </p>
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <ActivityView />
    </>
  );
}
