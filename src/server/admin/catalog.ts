import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogInput, CatalogKind, CatalogListQuery } from '@/lib/admin/catalog-schemas';
import { ApiError, BusinessCode, type FieldErrors, invalidInput, notFound } from '../api/errors';
import { dropAllReadCaches } from '../api/read-cache';
import { announceChange, type ChangeKind } from '../changes/bus';
import type { Database } from '../db/client';
import {
  bandwidthTiers,
  diskProducts,
  domainRegistrations,
  domainSuffixes,
  imageRegions,
  images,
  orders,
  planRegions,
  plans,
  productLines,
  quickSets,
  regions,
  reservedDomainLabels,
  saleActivities,
  saleItems,
  securityGroupRules,
  securityGroups,
  snapshotPolicies,
  trafficPackages,
} from '../db/schema';
import { recordAudit } from './audit';
import type { SignedInStaff } from './sessions';

/**
 * The catalog's editors (docs/product/back-office-catalog.md): every kind of item the public catalog and the
 * configurator read, listed, created, changed, withdrawn and (when nothing refers to it) deleted. Each change is
 * one transaction: the row locked, its version compared (409 with the row as it is now), the write, the audit
 * row, and the change announced to every instance (docs/decisions/040-changes-reach-every-instance.md).
 *
 * Withdrawing is never deleting: a withdrawn item (`active` false, or a region taken out of an image's or plan's
 * offer) leaves the public catalog and the configurator, while the orders that used it keep reading its row.
 * Plan and region prices are the pricing screen's: nothing here writes them.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select' | 'execute'>;
export type CatalogSnapshot = Record<string, unknown> & { id: string; version: number };

type Kind<K extends CatalogKind> = {
  table: PgTable;
  /** The table's name and key column, for the row lock. */
  tableName: string;
  keyName: string;
  key: AnyPgColumn;
  /** The column the list sorts by as "display order"; the key when the table has none. */
  sort: AnyPgColumn;
  active?: AnyPgColumn;
  /** Columns searched by the list's `q` besides the key (an English name). */
  search: SQL[];
  /** Without one, a row is created and deleted, never changed (a reserved label is only its text). */
  versioned: boolean;
  change: ChangeKind[];
  /** The rows of a page as the editor shows them (extras such as regions and rules added). */
  read: (db: Reader, where: SQL | undefined) => Promise<CatalogSnapshot[]>;
  /** Inserts (no `before`) or updates the row and what hangs off it; answers false when the key was taken. */
  write: (tx: Tx, input: CatalogInput<K>, version: number, before?: CatalogSnapshot) => Promise<boolean>;
  /** Checks against other tables; field errors or none. */
  check?: (tx: Tx, input: CatalogInput<K>, before?: CatalogSnapshot) => Promise<FieldErrors>;
  /** What still refers to the row, as the message key of the refusal; undefined when it may be deleted. */
  inUse: (tx: Tx, id: string) => Promise<string | undefined>;
};

/** Rows come out of jsonb and drizzle alike: plain JSON, so a snapshot compares and is audited the same. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const nameSearch = (column: AnyPgColumn) => sql`${column}->>'en'`;

/** An order whose configuration names this item (orders keep ids in their configuration, not as keys). */
async function orderUses(tx: Tx, condition: SQL): Promise<boolean> {
  const rows = await tx.select({ one: sql`1` }).from(orders).where(condition).limit(1);
  return rows.length > 0;
}
const configIs = (field: string, id: string) => sql`${orders.config}->>${field} = ${id}`;

async function missing(tx: Tx, table: PgTable, key: AnyPgColumn, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await tx.select({ id: key }).from(table).where(inArray(key, ids));
  const have = new Set(found.map((r) => String(r.id)));
  return ids.filter((id) => !have.has(id));
}

// ---- regions ------------------------------------------------------------------------------------------------

const regionKind: Kind<'regions'> = {
  table: regions,
  tableName: 'regions',
  keyName: 'id',
  key: regions.id,
  sort: regions.sort,
  active: regions.active,
  search: [nameSearch(regions.city), nameSearch(regions.country)],
  versioned: true,
  change: ['catalog'],
  read: async (db, where) => plain(await db.select().from(regions).where(where).orderBy(asc(regions.sort))),
  write: async (tx, input, version, before) => {
    // The price adjustment is the pricing screen's: left as it is, and 0 for a new region.
    if (!before) {
      const made = await tx.insert(regions).values(input).onConflictDoNothing().returning({ id: regions.id });
      return made.length > 0;
    }
    const { id: _id, ...rest } = input;
    await tx
      .update(regions)
      .set({ ...rest, version })
      .where(eq(regions.id, before.id));
    return true;
  },
  inUse: async (tx, id) => {
    if (await orderUses(tx, configIs('regionId', id))) return 'api.admin.catalogUsedByOrders';
    return undefined;
  },
};

// ---- images -------------------------------------------------------------------------------------------------

/** Each image with the regions it is offered in; `release` is the OS version, `version` the row's. */
async function readImages(db: Reader, where: SQL | undefined): Promise<CatalogSnapshot[]> {
  const rows = await db
    .select({
      image: images,
      regions: sql<string[]>`array(select ${imageRegions.regionId} from ${imageRegions}
        where ${imageRegions.imageId} = ${images.id} order by ${imageRegions.regionId})`,
    })
    .from(images)
    .where(where)
    .orderBy(asc(images.sort), asc(images.id));
  return rows.map(({ image: { version: release, rowVersion, ...image }, regions: offered }) =>
    plain({ ...image, release, version: rowVersion, regions: offered }),
  );
}

async function writeOffers(
  tx: Tx,
  table: typeof imageRegions | typeof planRegions,
  id: string,
  wanted: string[],
): Promise<void> {
  if (table === imageRegions) {
    await tx.delete(imageRegions).where(eq(imageRegions.imageId, id));
    if (wanted.length) await tx.insert(imageRegions).values(wanted.map((regionId) => ({ imageId: id, regionId })));
  } else {
    await tx.delete(planRegions).where(eq(planRegions.planId, id));
    if (wanted.length) await tx.insert(planRegions).values(wanted.map((regionId) => ({ planId: id, regionId })));
  }
}

const regionsExist = async (tx: Tx, ids: string[]): Promise<FieldErrors> =>
  (await missing(tx, regions, regions.id, ids)).length ? { regions: 'api.admin.catalogUnknownRegion' } : {};

const imageKind: Kind<'images'> = {
  table: images,
  tableName: 'images',
  keyName: 'id',
  key: images.id,
  sort: images.sort,
  active: images.active,
  search: [sql`${images.name}`, sql`${images.family}`],
  versioned: true,
  change: ['catalog'],
  read: readImages,
  write: async (tx, { regions: offered, release, ...input }, version, before) => {
    if (!before) {
      const made = await tx
        .insert(images)
        .values({ ...input, version: release })
        .onConflictDoNothing()
        .returning({ id: images.id });
      if (made.length === 0) return false;
    } else {
      // The licence fee is the pricing screen's: left as it is.
      const { id: _id, ...rest } = input;
      await tx
        .update(images)
        .set({ ...rest, version: release, rowVersion: version })
        .where(eq(images.id, before.id));
    }
    await writeOffers(tx, imageRegions, input.id, offered);
    return true;
  },
  check: (tx, input) => regionsExist(tx, input.regions),
  inUse: async (tx, id) => {
    if (await orderUses(tx, configIs('imageId', id))) return 'api.admin.catalogUsedByOrders';
    const [set] = await tx.select({ id: quickSets.id }).from(quickSets).where(eq(quickSets.imageId, id)).limit(1);
    return set ? 'api.admin.catalogUsedByQuickSet' : undefined;
  },
};

// ---- product lines, plans -----------------------------------------------------------------------------------

const lineKind: Kind<'product-lines'> = {
  table: productLines,
  tableName: 'product_lines',
  keyName: 'id',
  key: productLines.id,
  sort: productLines.sort,
  search: [nameSearch(productLines.name)],
  versioned: true,
  change: ['catalog'],
  read: async (db, where) =>
    plain(await db.select().from(productLines).where(where).orderBy(asc(productLines.sort), asc(productLines.id))),
  write: async (tx, input, version, before) => {
    if (!before) {
      const made = await tx.insert(productLines).values(input).onConflictDoNothing().returning({ id: productLines.id });
      return made.length > 0;
    }
    const { id: _id, ...rest } = input;
    await tx
      .update(productLines)
      .set({ ...rest, version })
      .where(eq(productLines.id, before.id));
    return true;
  },
  inUse: async (tx, id) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.lineId, id)).limit(1);
    return plan ? 'api.admin.catalogLineHasPlans' : undefined;
  },
};

async function readPlans(db: Reader, where: SQL | undefined): Promise<CatalogSnapshot[]> {
  const rows = await db
    .select({
      plan: plans,
      regions: sql<string[]>`array(select ${planRegions.regionId} from ${planRegions}
        where ${planRegions.planId} = ${plans.id} order by ${planRegions.regionId})`,
    })
    .from(plans)
    .where(where)
    .orderBy(asc(plans.sort), asc(plans.id));
  return rows.map(({ plan, regions: offered }) => plain({ ...plan, regions: offered }));
}

/** The sale (active or still to come) whose item sells this plan, in a region it would no longer be offered in. */
async function saleLeftWithout(
  tx: Tx,
  planId: string,
  offeredAfter: string[],
  activeAfter: boolean,
): Promise<{ id: number; name: unknown } | undefined> {
  const [sale] = await tx
    .select({ id: saleActivities.id, name: saleActivities.name })
    .from(saleItems)
    .innerJoin(saleActivities, eq(saleActivities.id, saleItems.activityId))
    .where(
      and(
        eq(saleItems.planId, planId),
        sql`${saleActivities.endsAt} > now()`,
        // Withdrawn everywhere (or switched off), or from the very region the sale sells it in.
        activeAfter && offeredAfter.length > 0 ? notInArray(saleItems.regionId, offeredAfter) : undefined,
      ),
    )
    .orderBy(asc(saleActivities.startsAt))
    .limit(1);
  return sale;
}

const planKind: Kind<'plans'> = {
  table: plans,
  tableName: 'plans',
  keyName: 'id',
  key: plans.id,
  sort: plans.sort,
  active: plans.active,
  search: [nameSearch(plans.name), sql`${plans.lineId}`],
  versioned: true,
  change: ['catalog'],
  read: readPlans,
  write: async (tx, { regions: offered, ...input }, version, before) => {
    if (!before) {
      // A new plan has no price until the pricing screen gives it one (check() keeps it off sale till then).
      const made = await tx
        .insert(plans)
        .values({ ...input, monthlyPriceCents: 0, hourlyPriceMicroUsd: 0 })
        .onConflictDoNothing()
        .returning({ id: plans.id });
      if (made.length === 0) return false;
    } else {
      const { id: _id, ...rest } = input;
      await tx
        .update(plans)
        .set({ ...rest, version })
        .where(eq(plans.id, before.id));
    }
    await writeOffers(tx, planRegions, input.id, offered);
    return true;
  },
  check: async (tx, input, before) => {
    const fields: FieldErrors = {
      ...(await regionsExist(tx, input.regions)),
      ...((await missing(tx, productLines, productLines.id, [input.lineId])).length
        ? { lineId: 'api.admin.catalogUnknownLine' }
        : {}),
    };
    const onSale = input.active && input.regions.length > 0;
    if (onSale && Number(before?.monthlyPriceCents ?? 0) <= 0) fields.active = 'api.admin.catalogPlanUnpriced';
    if (before) {
      const sale = await saleLeftWithout(tx, before.id, input.regions, input.active);
      if (sale) {
        throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
          fields: { ...fields, regions: 'api.admin.catalogPlanInSale' },
          extra: { sale },
        });
      }
    }
    return fields;
  },
  inUse: async (tx, id) => {
    if (await orderUses(tx, configIs('planId', id))) return 'api.admin.catalogUsedByOrders';
    const [item] = await tx.select({ id: saleItems.id }).from(saleItems).where(eq(saleItems.planId, id)).limit(1);
    if (item) return 'api.admin.catalogUsedBySale';
    const [set] = await tx.select({ id: quickSets.id }).from(quickSets).where(eq(quickSets.planId, id)).limit(1);
    return set ? 'api.admin.catalogUsedByQuickSet' : undefined;
  },
};

// ---- add-ons ------------------------------------------------------------------------------------------------

/** A table whose rows are just their input columns, keyed by `id`. */
function simpleKind<K extends CatalogKind>(
  table: PgTable & {
    id: AnyPgColumn;
    sort: AnyPgColumn;
    active: AnyPgColumn;
    version: AnyPgColumn;
  },
  tableName: string,
  options: Pick<Kind<K>, 'search' | 'inUse' | 'check' | 'change'>,
): Kind<K> {
  return {
    table,
    tableName,
    keyName: 'id',
    key: table.id,
    sort: table.sort,
    active: table.active,
    versioned: true,
    read: async (db, where) =>
      plain((await db.select().from(table).where(where).orderBy(asc(table.sort), asc(table.id))) as CatalogSnapshot[]),
    write: async (tx, input, version, before) => {
      const values = input as Record<string, unknown> & { id: string };
      if (!before) {
        const made = await tx.insert(table).values(values).onConflictDoNothing().returning({ id: table.id });
        return made.length > 0;
      }
      const { id: _id, ...rest } = values;
      await tx
        .update(table)
        .set({ ...rest, version })
        .where(eq(table.id, before.id));
      return true;
    },
    ...options,
  };
}

const diskKind = simpleKind<'disks'>(diskProducts, 'disk_products', {
  search: [nameSearch(diskProducts.name), sql`${diskProducts.mediaType}`],
  change: ['catalog', 'prices'],
  inUse: async (tx, id) => {
    if (await orderUses(tx, sql`${orders.config}->'dataDisks' @> ${JSON.stringify([{ diskId: id }])}::jsonb`))
      return 'api.admin.catalogUsedByOrders';
    const [set] = await tx.select({ id: quickSets.id }).from(quickSets).where(eq(quickSets.dataDiskId, id)).limit(1);
    return set ? 'api.admin.catalogUsedByQuickSet' : undefined;
  },
});

const bandwidthKind = simpleKind<'bandwidth'>(bandwidthTiers, 'bandwidth_tiers', {
  search: [sql`${bandwidthTiers.mbps}::text`],
  change: ['catalog', 'prices'],
  inUse: async (tx, id) => {
    if (await orderUses(tx, configIs('bandwidthTierId', id))) return 'api.admin.catalogUsedByOrders';
    const [set] = await tx
      .select({ id: quickSets.id })
      .from(quickSets)
      .where(eq(quickSets.bandwidthTierId, id))
      .limit(1);
    return set ? 'api.admin.catalogUsedByQuickSet' : undefined;
  },
});

const trafficKind = simpleKind<'traffic'>(trafficPackages, 'traffic_packages', {
  search: [sql`${trafficPackages.gb}::text`],
  change: ['catalog', 'prices'],
  inUse: async (tx, id) =>
    (await orderUses(tx, configIs('trafficPackageId', id))) ? 'api.admin.catalogUsedByOrders' : undefined,
});

const snapshotKind = simpleKind<'snapshot-policies'>(snapshotPolicies, 'snapshot_policies', {
  search: [nameSearch(snapshotPolicies.name)],
  change: ['catalog', 'prices'],
  inUse: async (tx, id) =>
    (await orderUses(tx, configIs('snapshotPolicyId', id))) ? 'api.admin.catalogUsedByOrders' : undefined,
});

async function readSecurityGroups(db: Reader, where: SQL | undefined): Promise<CatalogSnapshot[]> {
  const groups = await db
    .select()
    .from(securityGroups)
    .where(where)
    .orderBy(asc(securityGroups.sort), asc(securityGroups.id));
  const rules = groups.length
    ? await db
        .select()
        .from(securityGroupRules)
        .where(
          inArray(
            securityGroupRules.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(securityGroupRules.sort), asc(securityGroupRules.id))
    : [];
  return groups.map((g) =>
    plain({
      ...g,
      rules: rules
        .filter((r) => r.groupId === g.id)
        .map(({ direction, protocol, ports, cidr, action, note }) => ({
          direction,
          protocol,
          ports,
          cidr,
          action,
          note,
        })),
    }),
  );
}

const securityGroupKind: Kind<'security-groups'> = {
  table: securityGroups,
  tableName: 'security_groups',
  keyName: 'id',
  key: securityGroups.id,
  sort: securityGroups.sort,
  active: securityGroups.active,
  search: [nameSearch(securityGroups.name)],
  versioned: true,
  change: ['catalog'],
  read: readSecurityGroups,
  write: async (tx, { rules, ...input }, version, before) => {
    if (!before) {
      const made = await tx
        .insert(securityGroups)
        .values(input)
        .onConflictDoNothing()
        .returning({ id: securityGroups.id });
      if (made.length === 0) return false;
    } else {
      const { id: _id, ...rest } = input;
      await tx
        .update(securityGroups)
        .set({ ...rest, version })
        .where(eq(securityGroups.id, before.id));
    }
    // The rules are the template's own: written again in the order the editor lists them.
    await tx.delete(securityGroupRules).where(eq(securityGroupRules.groupId, input.id));
    if (rules.length) {
      await tx.insert(securityGroupRules).values(rules.map((rule, sort) => ({ ...rule, groupId: input.id, sort })));
    }
    return true;
  },
  inUse: async (tx, id) =>
    (await orderUses(tx, configIs('securityGroupId', id))) ? 'api.admin.catalogUsedByOrders' : undefined,
};

const quickSetKind = simpleKind<'quick-sets'>(quickSets, 'quick_sets', {
  search: [nameSearch(quickSets.name), sql`${quickSets.planId}`],
  change: ['catalog'],
  check: async (tx, input) => {
    const fields: FieldErrors = {};
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    const [image] = await tx.select().from(images).where(eq(images.id, input.imageId));
    if (!plan) fields.planId = 'api.admin.catalogUnknownItem';
    if (!image) fields.imageId = 'api.admin.catalogUnknownItem';
    if (plan && image && plan.diskGb < image.minDiskGb) fields.imageId = 'api.admin.catalogImageTooBig';
    if (input.dataDiskId !== null) {
      const [disk] = await tx.select().from(diskProducts).where(eq(diskProducts.id, input.dataDiskId));
      if (!disk) fields.dataDiskId = 'api.admin.catalogUnknownItem';
      else if (
        input.dataDiskGb < disk.minGb ||
        input.dataDiskGb > disk.maxGb ||
        (input.dataDiskGb - disk.minGb) % disk.stepGb !== 0
      )
        fields.dataDiskGb = 'api.admin.catalogDiskSizeOutside';
    }
    if (input.bandwidthTierId !== null) {
      const [tier] = await tx.select().from(bandwidthTiers).where(eq(bandwidthTiers.id, input.bandwidthTierId));
      if (!tier) fields.bandwidthTierId = 'api.admin.catalogUnknownItem';
      else if (plan && tier.mbps > plan.maxBandwidthMbps) fields.bandwidthTierId = 'api.admin.catalogTierAbovePlan';
    }
    return fields;
  },
  inUse: async (tx, id) =>
    (await orderUses(tx, configIs('quickSetId', id))) ? 'api.admin.catalogUsedByOrders' : undefined,
});

// ---- domains ------------------------------------------------------------------------------------------------

const suffixKind: Kind<'domain-suffixes'> = {
  table: domainSuffixes,
  tableName: 'domain_suffixes',
  keyName: 'suffix',
  key: domainSuffixes.suffix,
  sort: domainSuffixes.sort,
  active: domainSuffixes.active,
  search: [sql`${domainSuffixes.category}`],
  versioned: true,
  change: ['catalog', 'prices'],
  read: async (db, where) =>
    (
      await db.select().from(domainSuffixes).where(where).orderBy(asc(domainSuffixes.sort), asc(domainSuffixes.suffix))
    ).map(({ suffix, ...row }) => plain({ id: suffix, suffix, ...row })),
  write: async (tx, input, version, before) => {
    if (!before) {
      const made = await tx
        .insert(domainSuffixes)
        .values(input)
        .onConflictDoNothing()
        .returning({ suffix: domainSuffixes.suffix });
      return made.length > 0;
    }
    const { suffix: _suffix, ...rest } = input;
    await tx
      .update(domainSuffixes)
      .set({ ...rest, version })
      .where(eq(domainSuffixes.suffix, before.id));
    return true;
  },
  // Names registered under it keep their suffix: it is withdrawn from sale instead.
  inUse: async (tx, id) => {
    const [name] = await tx
      .select({ fqdn: domainRegistrations.fqdn })
      .from(domainRegistrations)
      .where(sql`right(${domainRegistrations.fqdn}, ${id.length}) = ${id}`)
      .limit(1);
    return name ? 'api.admin.catalogSuffixRegistered' : undefined;
  },
};

const reservedKind: Kind<'reserved-labels'> = {
  table: reservedDomainLabels,
  tableName: 'reserved_domain_labels',
  keyName: 'label',
  key: reservedDomainLabels.label,
  sort: reservedDomainLabels.label,
  search: [],
  versioned: false,
  change: ['catalog'],
  read: async (db, where) =>
    (await db.select().from(reservedDomainLabels).where(where).orderBy(asc(reservedDomainLabels.label))).map((r) => ({
      id: r.label,
      label: r.label,
      version: 1,
    })),
  write: async (tx, input, _version, before) => {
    if (before) return true;
    const made = await tx
      .insert(reservedDomainLabels)
      .values(input)
      .onConflictDoNothing()
      .returning({ label: reservedDomainLabels.label });
    return made.length > 0;
  },
  inUse: async () => undefined,
};

const KINDS: { [K in CatalogKind]: Kind<K> } = {
  regions: regionKind,
  images: imageKind,
  'product-lines': lineKind,
  plans: planKind,
  disks: diskKind,
  bandwidth: bandwidthKind,
  traffic: trafficKind,
  'security-groups': securityGroupKind,
  'snapshot-policies': snapshotKind,
  'quick-sets': quickSetKind,
  'domain-suffixes': suffixKind,
  'reserved-labels': reservedKind,
};

const kindOf = <K extends CatalogKind>(name: K) => KINDS[name] as unknown as Kind<K>;

/** The key field of a kind's input: where a duplicate is reported. */
const keyField = (name: CatalogKind) =>
  name === 'domain-suffixes' ? 'suffix' : name === 'reserved-labels' ? 'label' : 'id';

// ---- reading ------------------------------------------------------------------------------------------------

/** A page of a kind's items, searched in the key and the English name, optionally only on sale or withdrawn. */
export async function listCatalog(db: Database, name: CatalogKind, query: CatalogListQuery) {
  const kind = kindOf(name);
  const q = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    q ? or(ilike(kind.key, `%${q}%`), ...kind.search.map((column) => ilike(column, `%${q}%`))) : undefined,
    kind.active && query.status !== 'all' ? eq(kind.active, query.status === 'active') : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [[counted], keys] = await Promise.all([
    db.select({ n: count() }).from(kind.table).where(where),
    db
      .select({ key: kind.key })
      .from(kind.table)
      .where(where)
      .orderBy(order(query.sort === 'sort' ? kind.sort : kind.key), order(kind.key))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  const ids = keys.map((k) => String(k.key));
  const rows = ids.length ? await kind.read(db, inArray(kind.key, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    total: counted?.n ?? 0,
    page: query.page,
    rows: query.rows,
    items: ids.flatMap((id) => byId.get(id) ?? []),
  };
}

async function snapshot(db: Reader, name: CatalogKind, id: string): Promise<CatalogSnapshot | undefined> {
  const kind = kindOf(name);
  return (await kind.read(db, eq(kind.key, id)))[0];
}

export async function getCatalogItem(db: Database, name: CatalogKind, id: string): Promise<CatalogSnapshot> {
  const found = await snapshot(db, name, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

/** The choices the editors offer for references: every region, product line, plan, image, disk and tier. */
export async function catalogChoices(db: Database) {
  const [regionRows, lineRows, planRows, imageRows, diskRows, tierRows] = await Promise.all([
    db
      .select({ id: regions.id, name: regions.city, active: regions.active })
      .from(regions)
      .orderBy(asc(regions.sort), asc(regions.id)),
    db
      .select({ id: productLines.id, name: productLines.name })
      .from(productLines)
      .orderBy(asc(productLines.sort), asc(productLines.id)),
    db
      .select({ id: plans.id, name: plans.name, active: plans.active })
      .from(plans)
      .orderBy(asc(plans.sort), asc(plans.id)),
    db
      .select({ id: images.id, name: images.name, active: images.active })
      .from(images)
      .orderBy(asc(images.sort), asc(images.id)),
    db
      .select({ id: diskProducts.id, name: diskProducts.name, active: diskProducts.active })
      .from(diskProducts)
      .orderBy(asc(diskProducts.sort), asc(diskProducts.id)),
    db
      .select({ id: bandwidthTiers.id, mbps: bandwidthTiers.mbps, active: bandwidthTiers.active })
      .from(bandwidthTiers)
      .orderBy(asc(bandwidthTiers.sort), asc(bandwidthTiers.id)),
  ]);
  return {
    regions: regionRows,
    productLines: lineRows,
    plans: planRows,
    images: imageRows,
    disks: diskRows,
    bandwidth: tierRows,
  };
}

// ---- writing ------------------------------------------------------------------------------------------------

/** Locks the row for the change; 404 when it is gone, 409 with the row as it is now over another version. */
async function lock(tx: Tx, name: CatalogKind, id: string, version: number | undefined): Promise<CatalogSnapshot> {
  const kind = kindOf(name);
  await tx.execute(
    sql`select 1 from ${sql.identifier(kind.tableName)} where ${sql.identifier(kind.keyName)} = ${id} for update`,
  );
  const current = await snapshot(tx, name, id);
  if (!current) throw notFound('api.admin.notFound');
  if (kind.versioned && version !== undefined && current.version !== version) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current } });
  }
  return current;
}

async function checked<K extends CatalogKind>(
  tx: Tx,
  kind: Kind<K>,
  input: CatalogInput<K>,
  before?: CatalogSnapshot,
): Promise<void> {
  const fields = (await kind.check?.(tx, input, before)) ?? {};
  if (Object.keys(fields).length) throw invalidInput(fields);
}

/**
 * Runs a change and, once it is committed, drops this process's catalog read caches at once: the listener does
 * the same on every instance when the notification arrives, but a visitor of this instance should not wait for
 * the round trip through the database to see what was just saved.
 */
async function committed<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  dropAllReadCaches();
  return result;
}

/** A foreign key's refusal (a sale item, a group-buy offer or a quick set still names the row). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code;
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23503' || cause === '23503';
}

export async function createCatalogItem<K extends CatalogKind>(
  db: Database,
  by: SignedInStaff,
  name: K,
  input: CatalogInput<K>,
): Promise<CatalogSnapshot> {
  const kind = kindOf(name);
  return committed(
    db.transaction(async (tx) => {
      await checked(tx, kind, input);
      // The key taken meanwhile by someone else's save is refused here, by the insert itself.
      if (!(await kind.write(tx, input, 1))) throw invalidInput({ [keyField(name)]: 'api.admin.catalogDuplicate' });
      const id = String((input as Record<string, unknown>)[keyField(name)]);
      const after = (await snapshot(tx, name, id)) ?? null;
      await recordAudit(tx, {
        staffId: by.id,
        kind: 'catalog',
        entityId: `${name}:${id}`,
        action: 'create',
        before: null,
        after,
      });
      await announceChange(tx, kind.change);
      if (!after) throw new Error(`catalog ${name} ${id} vanished after insert`);
      return after;
    }),
  );
}

export async function updateCatalogItem<K extends CatalogKind>(
  db: Database,
  by: SignedInStaff,
  name: K,
  id: string,
  input: CatalogInput<K> & { version: number },
): Promise<CatalogSnapshot> {
  const kind = kindOf(name);
  // A reserved name is only its text: it is added or deleted, never changed.
  if (!kind.versioned) throw new ApiError(BusinessCode.methodNotAllowed, 'api.methodNotAllowed');
  const given = String((input as Record<string, unknown>)[keyField(name)]);
  // The key names the row everywhere (orders, the public API's ids): it is chosen once, at creation.
  if (given !== id) throw invalidInput({ [keyField(name)]: 'api.admin.catalogKeyFixed' });
  return committed(
    db.transaction(async (tx) => {
      const before = await lock(tx, name, id, input.version);
      await checked(tx, kind, input, before);
      await kind.write(tx, input, before.version + 1, before);
      const after = (await snapshot(tx, name, id)) ?? null;
      await recordAudit(tx, {
        staffId: by.id,
        kind: 'catalog',
        entityId: `${name}:${id}`,
        action: 'update',
        before,
        after,
      });
      await announceChange(tx, kind.change);
      if (!after) throw new Error(`catalog ${name} ${id} vanished after update`);
      return after;
    }),
  );
}

/**
 * Deletes an item nothing refers to. One that orders, sales, group-buy offers, quick sets or registered names
 * still name is refused (409) with what refers to it: withdrawing it is the way to take it off sale. The row is
 * locked before the check, so a reference made meanwhile by another change that locks it waits for this one.
 */
export async function deleteCatalogItem(
  db: Database,
  by: SignedInStaff,
  name: CatalogKind,
  id: string,
  version: number | undefined,
): Promise<void> {
  const kind = kindOf(name);
  if (kind.versioned && version === undefined) throw invalidInput({ version: 'api.field.required' });
  await committed(
    db.transaction(async (tx) => {
      const before = await lock(tx, name, id, version);
      const used = await kind.inUse(tx, id);
      if (used) throw new ApiError(BusinessCode.conflict, used);
      try {
        await tx.execute(sql`savepoint catalog_delete`);
        await tx.delete(kind.table).where(eq(kind.key, id));
        await tx.execute(sql`release savepoint catalog_delete`);
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw new ApiError(BusinessCode.conflict, 'api.admin.catalogInUse');
      }
      await recordAudit(tx, {
        staffId: by.id,
        kind: 'catalog',
        entityId: `${name}:${id}`,
        action: 'delete',
        before,
        after: null,
      });
      await announceChange(tx, kind.change);
    }),
  );
}
