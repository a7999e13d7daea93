import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import * as schema from '../schema';
import * as catalog from './data/catalog';
import * as content from './data/content';
import * as promotions from './data/promotions';
import * as system from './data/system';

const SEED_LOCK = 7_424_002;
const LOCALES = ['en', 'zh', 'ja'] as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function insertAll<T extends Parameters<Tx['insert']>[0]>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  // Chunked so the parameter count stays far below PostgreSQL's 65535 limit.
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(table).values(rows.slice(i, i + 500));
  }
}

/**
 * Seeds an empty database with the realistic data of DESIGN §5, in one transaction. Dates are relative to
 * `now`, so promotions are current whenever the seed runs. Returns false when the database already has data.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together: the first seeds, the others wait here and then see the data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ code: schema.currencies.code }).from(schema.currencies).limit(1);
    if (existing.length > 0) return false;

    await insertAll(tx, schema.currencies, system.currencies);
    await insertAll(tx, schema.footerLinks, system.footerLinks);

    await insertAll(tx, schema.regions, catalog.regions);
    await insertAll(tx, schema.images, catalog.images);
    await insertAll(tx, schema.imageRegions, catalog.imageRegions);
    await insertAll(tx, schema.productLines, catalog.productLines);
    await insertAll(tx, schema.plans, catalog.plans);
    await insertAll(tx, schema.planRegions, catalog.planRegions);
    await insertAll(tx, schema.diskProducts, catalog.diskProducts);
    await insertAll(tx, schema.bandwidthTiers, catalog.bandwidthTiers);
    await insertAll(tx, schema.trafficPackages, catalog.trafficPackages);
    await insertAll(tx, schema.securityGroups, catalog.securityGroups);
    await insertAll(tx, schema.securityGroupRules, catalog.securityGroupRules);
    await insertAll(tx, schema.snapshotPolicies, catalog.snapshotPolicies);
    await insertAll(tx, schema.quickSets, catalog.quickSets);
    await insertAll(tx, schema.domainSuffixes, catalog.domainSuffixes);
    await insertAll(tx, schema.domainRegistrations, catalog.domainRegistrations);
    await insertAll(tx, schema.reservedDomainLabels, catalog.reservedDomainLabels);

    await insertAll(tx, schema.coupons, promotions.coupons(now));
    for (const { items, ...activity } of promotions.saleActivities(now)) {
      const [row] = await tx.insert(schema.saleActivities).values(activity).returning({ id: schema.saleActivities.id });
      if (!row) throw new Error('sale activity insert returned nothing');
      await insertAll(
        tx,
        schema.saleItems,
        items.map((item) => ({ ...item, activityId: row.id })),
      );
    }
    await insertAll(tx, schema.pintuanOffers, promotions.pintuanOffers(now));
    await insertAll(tx, schema.promotions, promotions.promotions(now));

    for (const { translations, ...announcement } of content.announcements(now)) {
      const [row] = await tx
        .insert(schema.announcements)
        .values(announcement)
        .returning({ id: schema.announcements.id });
      if (!row) throw new Error('announcement insert returned nothing');
      await insertAll(
        tx,
        schema.announcementTranslations,
        LOCALES.map((locale) => ({ announcementId: row.id, locale, ...translations[locale] })),
      );
    }
    for (const { translations, ...article } of content.docArticles) {
      await tx.insert(schema.docArticles).values({ ...article, updatedAt: now });
      await insertAll(
        tx,
        schema.docArticleTranslations,
        LOCALES.map((locale) => ({ slug: article.slug, locale, ...translations[locale] })),
      );
    }
    await insertAll(tx, schema.companyHistory, content.companyHistory);
    await insertAll(tx, schema.jobDepartments, content.jobDepartments);
    await insertAll(tx, schema.jobLocations, content.jobLocations);
    await insertAll(tx, schema.jobs, content.jobs(now));
    await insertAll(tx, schema.reviews, content.reviews(now));
    return true;
  });
}
