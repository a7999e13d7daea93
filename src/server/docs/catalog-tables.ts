import 'server-only';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatHourlyMicroUsd, formatUsdCents } from '@/lib/money';
import { listBandwidthTiers, listDiskProducts, listProductLines, listTrafficPackages } from '../api/catalog/queries';
import { listDomainSuffixes } from '../api/domains/queries';
import type { Database } from '../db/client';

/**
 * The live tables behind `{{catalog:<table>}}` lines in pricing articles (issue 7): articles never copy a
 * price, they name a catalog table and the page fills it from the same queries the product pages and orders
 * read, converted into the visitor's currency (DESIGN §4).
 */
export const CATALOG_TABLES = ['vps-plans', 'disk-products', 'bandwidth', 'traffic', 'domains'] as const;
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
  options: { locale: Locale; currency: CurrencyRate; t: CatalogLabels },
): Promise<Map<CatalogTableName, CatalogTable>> {
  const { locale, currency, t } = options;
  const money = (cents: number) => formatUsdCents(cents, currency, locale);
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
              formatHourlyMicroUsd(plan.hourlyPriceMicroUsd, currency, locale),
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
    }
  };

  const tables = await Promise.all(wanted.map(build));
  return new Map(tables.map((table) => [table.name, table]));
}
