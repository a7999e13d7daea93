import 'server-only';
import { consumerScaled, consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import { regionalPrice } from '@/lib/catalog/pricing-rules';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, convertHourlyMicroUsd } from '@/lib/money';
import {
  listBandwidthTiers,
  listDiskProducts,
  listLicences,
  listProductLines,
  listRegions,
  listTermDiscounts,
  listTrafficPackages,
} from '../api/catalog/queries';
import { listDomainSuffixes } from '../api/domains/queries';
import type { Database } from '../db/client';

/**
 * The live tables behind `{{catalog:<table>}}` lines in pricing articles (docs/decisions/011-doc-search.md): articles never copy a
 * price, they name a catalog table and the page fills it from the same queries the product pages and orders
 * read, converted into the visitor's currency (docs/design.md#api-contract), and on Japanese pages in yen with
 * consumption tax first, as the product pages show them (docs/decisions/066-tax.md): a cell is then two lines.
 */
export const CATALOG_TABLES = [
  'vps-plans',
  'disk-products',
  'bandwidth',
  'traffic',
  'domains',
  'regions',
  'terms',
  'licences',
] as const;
export type CatalogTableName = (typeof CATALOG_TABLES)[number];

export function isCatalogTable(name: string): name is CatalogTableName {
  return (CATALOG_TABLES as readonly string[]).includes(name);
}

/** A table ready to render: every cell is already text in the visitor's language and currency. */
export type CatalogTable = {
  name: CatalogTableName;
  caption: string;
  columns: string[];
  /** The first cell of a row names it (rendered as a row header). */
  rows: string[][];
};

/** Message lookup of the `docCatalog` namespace (next-intl's `t` in pages, a plain lookup in tests). */
export type CatalogLabels = (key: string, values?: Record<string, string | number>) => string;

/** Builds the catalog tables an article names; unknown names are skipped (the article renders without them). */
export async function loadCatalogTables(
  db: Database,
  names: readonly string[],
  options: { locale: Locale; currency: CurrencyRate; tax: DisplayTax; t: CatalogLabels },
): Promise<Map<CatalogTableName, CatalogTable>> {
  const { locale, currency, tax, t } = options;
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax, '\n');
  const size = (gb: number) => (gb >= 1000 ? t('tb', { size: gb / 1000 }) : t('gb', { size: gb }));
  const wanted = [...new Set(names.filter(isCatalogTable))];

  const build = async (name: CatalogTableName): Promise<CatalogTable> => {
    switch (name) {
      case 'vps-plans': {
        const lines = await listProductLines(db, locale);
        return {
          name,
          caption: t('vpsPlans'),
          columns: [
            t('plan'),
            t('cpu'),
            t('memory'),
            t('disk'),
            t('bandwidth'),
            t('traffic'),
            t('monthly'),
            t('hourly'),
          ],
          rows: lines.flatMap((line) =>
            line.plans.map((plan) => [
              plan.name,
              String(plan.cpu),
              size(plan.memoryMb / 1024),
              `${size(plan.diskGb)} ${plan.diskType}`,
              t('mbps', { speed: plan.bandwidthMbps }),
              plan.trafficGb === 0 ? t('unmetered') : size(plan.trafficGb),
              money(plan.monthlyPriceCents),
              plan.hourlyBilling
                ? consumerScaled(convertHourlyMicroUsd(plan.hourlyPriceMicroUsd, currency), currency, locale, tax, '\n')
                : t('termOnly'),
            ]),
          ),
        };
      }
      case 'disk-products': {
        const disks = await listDiskProducts(db, locale);
        return {
          name,
          caption: t('diskProducts'),
          columns: [t('volume'), t('media'), t('sizeRange'), t('iops'), t('perGbMonth')],
          rows: disks.map((d) => [
            d.name,
            d.mediaType,
            t('range', { min: size(d.minGb), max: size(d.maxGb), step: d.stepGb }),
            d.maxIops.toLocaleString(locale),
            money(d.pricePerGbCents),
          ]),
        };
      }
      case 'bandwidth': {
        const tiers = await listBandwidthTiers(db);
        return {
          name,
          caption: t('bandwidthTiers'),
          columns: [t('bandwidth'), t('monthly')],
          rows: tiers.map((b) => [t('mbps', { speed: b.mbps }), money(b.monthlyPriceCents)]),
        };
      }
      case 'traffic': {
        const packages = await listTrafficPackages(db);
        return {
          name,
          caption: t('trafficPackages'),
          columns: [t('traffic'), t('monthly')],
          rows: packages.map((p) => [size(p.gb), money(p.monthlyPriceCents)]),
        };
      }
      case 'domains': {
        const suffixes = await listDomainSuffixes(db);
        return {
          name,
          caption: t('domains'),
          columns: [t('suffix'), t('register'), t('renew'), t('transfer')],
          rows: suffixes.map((s) => [
            s.suffix,
            money(s.registerPriceCents),
            money(s.renewPriceCents),
            money(s.transferPriceCents),
          ]),
        };
      }
      case 'regions': {
        const [regions, lines] = await Promise.all([listRegions(db, locale), listProductLines(db, locale)]);
        const plans = lines.flatMap((l) => l.plans);
        return {
          name,
          caption: t('regions'),
          columns: [t('region'), t('adjustment'), t('fromPrice')],
          rows: regions.map((r) => {
            const cheapest = Math.min(
              ...plans
                .filter((p) => p.regions.includes(r.id))
                .map((p) => p.monthlyByRegion[r.id] ?? regionalPrice(p.listPriceCents, r.priceAdjustmentPct)),
            );
            return [
              `${r.city} · ${r.country}`,
              r.priceAdjustmentPct === 0 ? t('noAdjustment') : t('percentMore', { percent: r.priceAdjustmentPct }),
              Number.isFinite(cheapest) ? money(cheapest) : t('termOnly'),
            ];
          }),
        };
      }
      case 'terms': {
        const terms = await listTermDiscounts(db);
        return {
          name,
          caption: t('terms'),
          columns: [t('period'), t('discount')],
          rows: terms.map((d) => [
            t('months', { count: d.months }),
            d.percentOff === 0 ? t('noDiscount') : t('percentOff', { percent: d.percentOff }),
          ]),
        };
      }
      case 'licences': {
        const licences = await listLicences(db);
        return {
          name,
          caption: t('licences'),
          columns: [t('image'), t('perVcpuMonth')],
          rows: licences.map((l) => [l.name, money(l.centsPerVcpu)]),
        };
      }
    }
  };

  const tables = await Promise.all(wanted.map(build));
  return new Map(tables.map((table) => [table.name, table]));
}
