import { DomainPriceTable } from '@/components/catalog/domain-price-table';
import { DomainSearch } from '@/components/catalog/domain-search';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { JsonLd } from '@/components/seo/json-ld';
import { listDomainSuffixes } from '@/server/api/domains/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';
import { productJsonLd } from '@/server/seo';

export const revalidate = 300;
export const generateMetadata = metadataFor('domain', '/product/domain');

type Params = Promise<{ locale: string; currency: string }>;

export default async function DomainProductPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const texts = await pageTexts(locale, 'domain');
  const [suffixes, currency] = await Promise.all([
    listDomainSuffixes(getReadDb()),
    pageCurrency(getReadDb(), (await params).currency),
  ]);
  const tax = await displayTaxFor(getReadDb(), locale, currency.type);
  return (
    <>
      {suffixes.length > 0 ? (
        <JsonLd
          data={productJsonLd({
            locale,
            path: '/product/domain',
            name: texts.heading ?? texts.title,
            description: texts.intro ?? texts.title,
            category: 'Domain name registration',
            currency,
            offers: suffixes.map((s) => ({ name: s.suffix, usdCents: s.registerPriceCents, unitText: 'ANN' })),
          })}
        />
      ) : null}
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro}>
        <div className="mt-8">
          <PageMessages namespaces={['domain', 'api', 'validation']}>
            <DomainSearch
              currency={currency}
              promoSuffixes={suffixes.filter((s) => s.promo).map((s) => s.suffix)}
              tax={tax}
            />
          </PageMessages>
        </div>
      </PageIntro>
      <div className="mx-auto w-full max-w-6xl px-5 py-10">
        <DomainPriceTable locale={locale} currency={currency} suffixes={suffixes} tax={tax} />
      </div>
    </>
  );
}
