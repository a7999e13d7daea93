import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { indexAnnouncements, indexArticles } from '../../search/indexer';
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
 * Demo group-buy groups (docs/decisions/013-group-buy.md): demo customers with unusable passwords, each seat with its order at the
 * group price in USD, pending payment, like one made through POST /api/activity/create.
 */
async function seedPintuanGroups(tx: Tx, now: Date): Promise<void> {
  const userIds = new Map<string, number>();
  // One hash of a random password nobody knows serves every demo customer (a hash costs most of a second).
  const unusable = await hashPassword(randomBytes(24).toString('base64'));
  for (const customer of promotions.pintuanDemoCustomers) {
    const [row] = await tx
      .insert(schema.users)
      .values({
        ...customer,
        passwordHash: unusable,
        status: 'active',
        activatedAt: now,
      })
      .returning({ id: schema.users.id });
    if (!row) throw new Error('demo customer insert returned nothing');
    userIds.set(customer.username, row.id);
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  let seat = 0;
  for (const demo of promotions.pintuanDemoGroups(now)) {
    const [offer] = await tx
      .select()
      .from(schema.pintuanOffers)
      .where(and(eq(schema.pintuanOffers.planId, demo.planId), eq(schema.pintuanOffers.regionId, demo.regionId)));
    if (!offer) throw new Error(`no group-buy offer for ${demo.planId} in ${demo.regionId}`);
    const people = [demo.leader, ...demo.members];
    const [group] = await tx
      .insert(schema.pintuanGroups)
      .values({
        offerId: offer.id,
        leaderUserId: userIds.get(demo.leader) ?? 0,
        size: offer.groupSize,
        seatsTaken: people.length,
        expiresAt: new Date(Math.min(demo.expiresAt.getTime(), offer.endsAt.getTime())),
        // Its leader has paid (below), which is what opens a group (docs/decisions/060-group-buy-payment.md).
        openedAt: now,
      })
      .returning({ id: schema.pintuanGroups.id });
    if (!group) throw new Error('demo group insert returned nothing');
    for (const username of people) {
      seat += 1;
      const userId = userIds.get(username) ?? 0;
      const price = offer.groupPriceCents;
      const [order] = await tx
        .insert(schema.orders)
        .values({
          number: `CC${day}5EED${String(seat).padStart(4, '0')}`,
          userId,
          idempotencyKey: `seed-pintuan-${seat}`,
          kind: 'vps',
          // The demo members have paid: an unpaid seat would be given back 30 minutes after seeding.
          status: 'paid',
          payBy: now,
          paidAt: now,
          currency: 'USD',
          rate: '1',
          subtotalMinor: price,
          discountMinor: 0,
          totalMinor: price,
          config: {
            regionId: offer.regionId,
            planId: offer.planId,
            imageId: 'ubuntu-24.04',
            months: offer.months,
            quantity: 1,
            dataDisks: [],
            currency: 'USD',
          },
          lines: [
            {
              key: 'pintuan',
              itemId: String(offer.id),
              quantity: 1,
              months: offer.months,
              unitMinor: price,
              amountMinor: price,
            },
          ],
        })
        .returning({ id: schema.orders.id });
      if (!order) throw new Error('demo order insert returned nothing');
      await tx.insert(schema.orderEvents).values([
        {
          orderId: order.id,
          fromStatus: null,
          toStatus: 'pending_payment',
          reason: 'created',
          actor: 'customer',
          at: now,
        },
        {
          orderId: order.id,
          fromStatus: 'pending_payment',
          toStatus: 'paid',
          reason: 'payment received',
          actor: 'payment',
          at: now,
        },
      ]);
      await tx
        .insert(schema.pintuanMembers)
        .values({ groupId: group.id, userId, orderId: order.id, leader: username === demo.leader });
    }
  }
}

/**
 * Seeds an empty database with the realistic data of docs/design.md#data, in one transaction. Dates are relative to
 * `now`, so promotions are current whenever the seed runs. Returns false when the database already has data.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together: the first seeds, the others wait here and then see the data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ code: schema.currencies.code }).from(schema.currencies).limit(1);
    if (existing.length > 0) return false;

    await insertAll(tx, schema.currencies, system.currencies);
    // Every rate has its history row, the first one set by nobody (docs/product/back-office-prices.md).
    await insertAll(
      tx,
      schema.currencyRateHistory,
      system.currencies.map((c) => ({ code: c.code, rate: c.rate })),
    );
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
    await seedPintuanGroups(tx, now);
    await insertAll(tx, schema.promotions, promotions.promotions(now));

    const announcementIds: number[] = [];
    for (const { translations, ...announcement } of content.announcements(now)) {
      const [row] = await tx
        .insert(schema.announcements)
        .values(announcement)
        .returning({ id: schema.announcements.id });
      if (!row) throw new Error('announcement insert returned nothing');
      announcementIds.push(row.id);
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
    // The search index is written with the texts, as every write path does (docs/decisions/046-search.md).
    await indexAnnouncements(tx, announcementIds);
    await indexArticles(
      tx,
      content.docArticles.map((a) => a.slug),
    );
    await insertAll(tx, schema.companyHistory, content.companyHistory);
    await insertAll(tx, schema.jobDepartments, content.jobDepartments);
    await insertAll(tx, schema.jobLocations, content.jobLocations);
    await insertAll(tx, schema.jobs, content.jobs(now));
    await insertAll(tx, schema.reviews, content.reviews(now));
    return true;
  });
}
