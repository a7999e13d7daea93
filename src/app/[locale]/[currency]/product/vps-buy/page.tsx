import { VpsConfigurator } from '@/components/catalog/vps-configurator';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { DEFAULT_BILLING_COUNTRY } from '@/lib/billing/tax';
import { type CatalogForConfigurator, deriveConfiguration } from '@/lib/catalog/configurator';
import {
  listBandwidthTiers,
  listDiskProducts,
  listImageFamilies,
  listImageIdsByRegion,
  listProductLines,
  listQuickSets,
  listRegions,
  listSecurityGroups,
  listSnapshotPolicies,
  listTermDiscounts,
  listTrafficPackages,
} from '@/server/api/catalog/queries';
import { quoteForPage } from '@/server/api/orders/pricing';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const revalidate = 300;
export const generateMetadata = metadataFor('vpsBuy', '/product/vps-buy');

type Params = Promise<{ locale: string; currency: string }>;

/** /product/vps-buy (docs/decisions/009-pricing-and-orders.md): the catalog and the default configuration's price are rendered in; every change
 * asks the server's quote. */
export default async function VpsBuyPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [
    texts,
    regions,
    families,
    imagesByRegion,
    lines,
    disks,
    bands,
    traffic,
    groups,
    snapshots,
    quickSets,
    currency,
    terms,
  ] = await Promise.all([
    pageTexts(locale, 'vpsBuy'),
    listRegions(db, locale),
    listImageFamilies(db),
    listImageIdsByRegion(db),
    listProductLines(db, locale),
    listDiskProducts(db, locale),
    listBandwidthTiers(db),
    listTrafficPackages(db),
    listSecurityGroups(db, locale),
    listSnapshotPolicies(db, locale),
    listQuickSets(db, locale),
    pageCurrency(db, (await params).currency),
    listTermDiscounts(db),
  ]);
  const catalog: CatalogForConfigurator = {
    regions: regions.map((r) => ({ id: r.id, label: `${r.city} · ${r.country}`, adjustmentPct: r.priceAdjustmentPct })),
    terms,
    families,
    imagesByRegion,
    plans: lines.flatMap((line) => line.plans.map((p) => ({ ...p, lineId: line.id, lineName: line.name }))),
    disks,
    bands,
    traffic,
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    snapshots: snapshots.map((s) => ({ id: s.id, name: s.name })),
    quickSets: quickSets.map((q) => ({
      id: q.id,
      name: q.name,
      planId: q.planId,
      imageId: q.imageId,
      dataDiskId: q.dataDiskId,
      dataDiskGb: q.dataDiskGb,
      bandwidthTierId: q.bandwidthTierId,
    })),
  };
  // The default configuration (no query) is priced here, by the code that charges it.
  // With the billing country the language suggests, as the configurator starts (docs/decisions/066-tax.md).
  const displayTax = await displayTaxFor(db, locale, currency.type);
  const initialQuote = await quoteForPage(
    db,
    deriveConfiguration(catalog, () => '', currency.type, false, { country: DEFAULT_BILLING_COUNTRY[locale] }).config,
    locale,
  );
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl px-5 py-10">
        {/* No Suspense boundary: the configurator reads its query once mounted, so it renders in the page's
            own HTML instead of arriving later in a hidden segment and pushing the footer down (CLS, docs/product/targets.md#performance). */}
        <PageMessages namespaces={['buy', 'api', 'validation']}>
          <VpsConfigurator catalog={catalog} currency={currency} initialQuote={initialQuote} displayTax={displayTax} />
        </PageMessages>
      </div>
    </>
  );
}
