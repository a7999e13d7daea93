import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { ActivityView } from '@/components/promotions/activity-view';
import { CouponClaimButton } from '@/components/promotions/coupon-claim-button';
import { CouponFilter } from '@/components/promotions/coupon-filter';
import { CouponBadge, CouponStock } from '@/components/promotions/coupon-live';
import { consumerPriceParts, consumerUsdCents } from '@/lib/billing/display';
import { formatDate } from '@/lib/format-date';
import { listProductLines } from '@/server/api/catalog/queries';
import { listCentreCoupons } from '@/server/api/coupons/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';

// Stock and states move: the page is kept up to a minute, and its counts, states and the visitor's own claims are
// put right after load by one live call (docs/decisions/035-live-promotion-numbers.md).
export const revalidate = 60;
export const generateMetadata = metadataFor('coupon', '/ac/coupon');

type Params = Promise<{ locale: string; currency: string }>;

/** /ac/coupon (docs/product/screens.md#coupon-centre): the public coupons with amount, minimum, products, validity, stock and state. */
export default async function CouponCentrePage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [texts, t, list, lines, currency] = await Promise.all([
    pageTexts(locale, 'coupon'),
    getTranslations({ locale, namespace: 'coupons' }),
    listCentreCoupons(db, locale),
    listProductLines(db, locale),
    pageCurrency(db, (await params).currency),
  ]);
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md): a minimum order is
  // compared with the order's amount without tax, so it is shown as a price is, both ways.
  const tax = await displayTaxFor(db, locale, currency.type);
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax);
  // An amount off is taken from the price without tax: with tax it takes off as much and its tax.
  const amountOff = (cents: number) => {
    const parts = consumerPriceParts(cents, currency, locale, tax);
    return parts.aside ? (
      <>
        {parts.main}
        <span className="block text-sm font-normal text-muted">{parts.aside}</span>
      </>
    ) : (
      parts.main
    );
  };
  const productName = (id: string) => (id === 'domain' ? t('domains') : (lines.find((l) => l.id === id)?.name ?? id));
  // Filter choices: the products the coupons name, in catalogue order, domains last.
  const named = new Set(list.flatMap((c) => c.products));
  const options = [...lines.map((l) => l.id), 'domain']
    .filter((id) => named.has(id))
    .map((id) => ({ id, label: productName(id) }));

  const items = list.map((c) => {
    const onlyDomains = c.products.length > 0 && c.products.every((p) => p === 'domain');
    return {
      id: c.id,
      products: c.products,
      card: (
        <article
          aria-labelledby={`coupon-${c.id}`}
          data-testid="coupon"
          data-state={c.state}
          className="flex h-full flex-col gap-3 rounded-xl border border-line bg-white p-5 shadow-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="text-3xl font-semibold text-brand-700">
              {c.kind === 'amount' ? amountOff(c.amountCents) : t('percentOff', { percent: c.percentOff })}
            </p>
            <CouponBadge couponId={c.id} state={c.state} />
          </div>
          <h3 id={`coupon-${c.id}`} className="font-semibold">
            {c.name}
            {c.newCustomerOnly ? (
              <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 align-middle text-xs font-semibold text-amber-800">
                {t('newCustomers')}
              </span>
            ) : null}
          </h3>
          <ul className="space-y-0.5 text-sm text-muted">
            <li data-testid="coupon-threshold">
              {c.thresholdCents > 0 ? t('threshold', { amount: money(c.thresholdCents) }) : t('noThreshold')}
            </li>
            <li>
              {t('appliesTo', {
                products: c.products.length ? c.products.map(productName).join(', ') : t('allProducts'),
              })}
            </li>
            <li>{t('window', { start: formatDate(c.startsAt, locale), end: formatDate(c.endsAt, locale) })}</li>
            <li>{t('validDays', { days: c.validDays })}</li>
            <li>{t('perUser', { count: c.perUserLimit })}</li>
          </ul>
          <CouponStock couponId={c.id} stockLeft={c.stockLeft} stockTotal={c.stockTotal} state={c.state} />
          <CouponClaimButton
            couponId={c.id}
            couponName={c.name}
            perUserLimit={c.perUserLimit}
            state={c.state}
            useHref={onlyDomains ? '/product/domain' : '/product/vps-buy'}
          />
        </article>
      ),
    };
  });

  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-10 px-5 py-10">
        <section aria-labelledby="coupon-list">
          <h2 id="coupon-list" className="mb-4 text-xl font-semibold">
            {t('listTitle')}
          </h2>
          <PageMessages namespaces={['coupons', 'api']}>
            {/* Prices with tax and without take a line more: the amount off's and, wrapped, the minimum's. */}
            <CouponFilter options={options} items={items} cardRem={tax ? 29 : 27} />
          </PageMessages>
        </section>
        <section aria-labelledby="coupon-rules" className="rounded-xl bg-surface p-6">
          <h2 id="coupon-rules" className="text-lg font-semibold">
            {t('rulesTitle')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
            <li>{t('ruleLimit')}</li>
            <li>{t('ruleValid')}</li>
            <li>{t('ruleUse')}</li>
            <li>{t('ruleNew')}</li>
            <li>{t('ruleCurrency')}</li>
          </ul>
        </section>
      </div>
      <ActivityView />
    </>
  );
}
