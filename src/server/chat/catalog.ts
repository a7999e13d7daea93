import 'server-only';
import { and, asc, eq, like } from 'drizzle-orm';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';
import { LOCALES, type Locale } from '@/lib/locales';
import {
  type BandwidthTier,
  type DiskProduct,
  type Licence,
  listBandwidthTiers,
  listDiskProducts,
  listLicences,
  listProductLines,
  listRegions,
  listSnapshotPolicies,
  listTermDiscounts,
  listTrafficPackages,
  type Plan,
  type Region,
  type SnapshotPolicy,
  type TermDiscount,
  type TrafficPackage,
} from '../api/catalog/queries';
import { type CentreCoupon, listCentreCoupons } from '../api/coupons/queries';
import { type DomainSuffix, listDomainSuffixes } from '../api/domains/queries';
import { type CurrencyRate, listCurrencies } from '../api/finance/queries';
import { listRunningOffers, type PintuanOfferView } from '../api/pintuan/queries';
import { dropWithReadCaches } from '../api/read-cache';
import { listRunningSales, type Sale } from '../api/sales/queries';
import type { Database } from '../db/client';
import { docArticleTranslations } from '../db/schema';

/**
 * The catalog as the chat states it (docs/decisions/047-chat-answers.md): plans with their price in every region
 * by the pricing model's own rule (`listProductLines`, docs/decisions/036-pricing-model.md), regions, domain
 * suffixes, snapshot policies, running sales and group-buy offers, claimable coupons and the currency rates, read
 * by the same queries as the pages. Kept a few seconds per language, as the API's catalog reads are.
 */
export type ChatPlan = Plan & { lineId: string; lineName: string; dedicated: boolean };
export type CatalogView = {
  locale: Locale;
  plans: ChatPlan[];
  lines: { id: string; name: string; dedicated: boolean }[];
  regions: Region[];
  suffixes: DomainSuffix[];
  snapshots: SnapshotPolicy[];
  sales: Sale[];
  offers: PintuanOfferView[];
  coupons: CentreCoupon[];
  currencies: CurrencyRate[];
  /** The pricing model's other tables (docs/decisions/036-pricing-model.md): licences per vCPU, term discounts. */
  licences: Licence[];
  terms: TermDiscount[];
  disks: DiskProduct[];
  bandwidth: BandwidthTier[];
  traffic: TrafficPackage[];
  /**
   * The article that shows each live catalog table (`{{catalog:<table>}}`), the one showing fewest tables when
   * several do: the page the chat cites for a fact from that table.
   */
  tableArticles: Record<string, { path: string; title: string }>;
  /** The group-buy page's general rules, one a line. */
  groupRules: string[];
  /** What the sign-up, activation and password pages tell the visitor, in their words. */
  account: { signUp: string; activate: string; resetPassword: string };
};

const CACHE_MS = 10_000;
const cache = new Map<Locale, { at: number; view: Promise<CatalogView> }>();
const MESSAGES = { en, zh, ja } as const;

async function load(db: Database, locale: Locale): Promise<CatalogView> {
  const [lines, regions, suffixes, snapshots, sales, offers, coupons, currencies] = await Promise.all([
    listProductLines(db, locale),
    listRegions(db, locale),
    listDomainSuffixes(db),
    listSnapshotPolicies(db, locale),
    listRunningSales(db, locale),
    listRunningOffers(db, locale),
    listCentreCoupons(db, locale),
    listCurrencies(db),
  ]);
  const [licences, terms, disks, bandwidth, traffic, tableArticles] = await Promise.all([
    listLicences(db),
    listTermDiscounts(db),
    listDiskProducts(db, locale),
    listBandwidthTiers(db),
    listTrafficPackages(db),
    articlesShowingTables(db, locale),
  ]);
  return {
    locale,
    plans: lines.flatMap((l) => l.plans.map((p) => ({ ...p, lineId: l.id, lineName: l.name, dedicated: l.dedicated }))),
    lines: lines.map((l) => ({ id: l.id, name: l.name, dedicated: l.dedicated })),
    regions,
    suffixes,
    snapshots,
    sales,
    offers: offers.filter((o) => o.running),
    coupons: coupons.filter((c) => c.state === 'active'),
    currencies,
    licences,
    terms,
    disks,
    bandwidth,
    traffic,
    tableArticles,
    groupRules: Object.values(MESSAGES[locale].pintuan.rules),
    account: {
      signUp: MESSAGES[locale].pages.signUp.intro,
      activate: MESSAGES[locale].pages.activate.intro,
      resetPassword: MESSAGES[locale].pages.resetPassword.intro,
    },
  };
}

const TABLE_LINE = /\{\{catalog:([a-z-]+)\}\}/g;

async function articlesShowingTables(
  db: Database,
  locale: Locale,
): Promise<Record<string, { path: string; title: string }>> {
  const rows = await db
    .select({
      slug: docArticleTranslations.slug,
      title: docArticleTranslations.title,
      body: docArticleTranslations.body,
    })
    .from(docArticleTranslations)
    .where(and(eq(docArticleTranslations.locale, locale), like(docArticleTranslations.body, '%{{catalog:%')))
    .orderBy(asc(docArticleTranslations.slug));
  const best: Record<string, { path: string; title: string; tables: number }> = {};
  for (const row of rows) {
    const tables = new Set([...row.body.matchAll(TABLE_LINE)].map((m) => m[1] ?? ''));
    for (const table of tables) {
      const known = best[table];
      if (!known || tables.size < known.tables) {
        best[table] = { path: `/doc/article/${row.slug}`, title: row.title, tables: tables.size };
      }
    }
  }
  return Object.fromEntries(Object.entries(best).map(([t, a]) => [t, { path: a.path, title: a.title }]));
}

export function catalogView(db: Database, locale: Locale): Promise<CatalogView> {
  const hit = cache.get(locale);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.view;
  // A stale view answers while the next is read, so no question waits for the catalog's queries.
  const view = load(db, locale);
  const entry = { at: Date.now(), view: hit ? hit.view : view };
  cache.set(locale, entry);
  view.then(
    () => {
      entry.view = view;
    },
    () => {
      // Only this read's entry: a drop since may have made room for a newer one.
      if (cache.get(locale) === entry) cache.delete(locale);
    },
  );
  return entry.view;
}

/** The catalog in every language: questions are recognised by names in any of them. */
export async function catalogViews(db: Database): Promise<Record<Locale, CatalogView>> {
  const views = await Promise.all(LOCALES.map((l) => catalogView(db, l)));
  return Object.fromEntries(LOCALES.map((l, i) => [l, views[i]])) as Record<Locale, CatalogView>;
}

/**
 * Forgets the kept catalog: on every operator's change, with the API's read caches (src/server/changes/listener.ts),
 * so the first question after a price change is answered from the new price, not the copy read before it. A read
 * under way at the drop still answers the questions that waited for it, and is not kept.
 */
export function forgetCatalog(): void {
  cache.clear();
}
dropWithReadCaches(forgetCatalog);
