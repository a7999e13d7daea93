import 'server-only';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ApiError, BusinessCode, type FieldErrors } from '../../api/errors';
import type { Reader, Tx } from '../../db/client';
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
  saleActivities,
  saleItems,
  securityGroupRules,
  securityGroups,
  snapshotPolicies,
  trafficPackages,
} from '../../db/schema';
import { type Binding, plain, type Snapshot } from '../resource/bind';

/**
 * What the catalog's kinds do beyond the generic path (docs/product/back-office-catalog.md): the regions an image
 * or a plan is offered in and a template's rules, written beside the row; the references checked on a save; and
 * what still refers to a row, which refuses its deletion (docs/decisions/045-catalog-withdrawal.md: withdraw
 * instead). Plan and region prices, and an image's licence fee, are the pricing screen's: never written here.
 */

type Input = Record<string, unknown>;

/** Only what is on sale, only what is withdrawn, or both (the `status` filter of the lists). */
const onSale = (active: AnyPgColumn) => ({
  status: (value: string) => (value === 'all' ? undefined : eq(active, value === 'onSale')),
});

/** An order whose configuration names this item (orders keep ids in their configuration, not as keys). */
async function orderUses(tx: Tx, condition: SQL): Promise<boolean> {
  const rows = await tx.select({ one: sql`1` }).from(orders).where(condition).limit(1);
  return rows.length > 0;
}
const configIs = (field: string, id: string | number) => sql`${orders.config}->>${field} = ${String(id)}`;
const usedByOrders = async (tx: Tx, field: string, id: string | number) =>
  (await orderUses(tx, configIs(field, id))) ? 'api.admin.catalogUsedByOrders' : undefined;

/** A quick set that names this item in one of its columns. */
async function quickSetUses(tx: Tx, column: AnyPgColumn, id: string | number): Promise<string | undefined> {
  const [set] = await tx
    .select({ id: quickSets.id })
    .from(quickSets)
    .where(eq(column, String(id)))
    .limit(1);
  return set ? 'api.admin.catalogUsedByQuickSet' : undefined;
}

async function exists(tx: Tx, table: PgTable, key: AnyPgColumn, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await tx.select({ id: key }).from(table).where(inArray(key, ids));
  return found.length === new Set(ids).size;
}

const regionsExist = async (tx: Tx, ids: unknown): Promise<FieldErrors> =>
  (await exists(tx, regions, regions.id, ids as string[])) ? {} : { regions: 'api.admin.catalogUnknownRegion' };

// ---- where images and plans are offered --------------------------------------------------------------------

type Offers = typeof imageRegions | typeof planRegions;
const offerKey = (offers: Offers) => (offers === imageRegions ? imageRegions.imageId : planRegions.planId);

/** The rows of an image or plan table, each with the regions it is offered in. */
function withRegions(table: typeof images | typeof plans, offers: Offers) {
  return async (db: Reader, where: SQL | undefined): Promise<Snapshot[]> => {
    const rows = await db
      .select({
        row: table,
        regions: sql<string[]>`array(select ${offers.regionId} from ${offers}
          where ${offerKey(offers)} = ${table.id} order by ${offers.regionId})`,
      })
      .from(table)
      .where(where);
    return rows.map(({ row, regions: offered }) => plain({ ...row, regions: offered }));
  };
}

/**
 * Offers the row in the regions wanted and no others. A region kept keeps its row, and with it a plan's own price
 * there (docs/decisions/042-scheduled-prices.md); only the regions left out go.
 */
function writeRegions(offers: Offers) {
  return async (tx: Tx, id: string | number, input: Input): Promise<void> => {
    const key = String(id);
    const wanted = (input.regions ?? []) as string[];
    await tx
      .delete(offers)
      .where(and(eq(offerKey(offers), key), wanted.length > 0 ? notInArray(offers.regionId, wanted) : undefined));
    if (wanted.length === 0) return;
    const rows = wanted.map((regionId) =>
      offers === imageRegions ? { imageId: key, regionId } : { planId: key, regionId },
    );
    await tx
      .insert(offers)
      .values(rows as never)
      .onConflictDoNothing();
  };
}

/** The sale (running or still to come) whose item sells this plan in a region it would no longer be offered in. */
async function saleLeftWithout(tx: Tx, planId: string, offeredAfter: string[], activeAfter: boolean) {
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

// ---- the kinds ----------------------------------------------------------------------------------------------

const regionsBinding: Binding = {
  filters: onSale(regions.active),
  inUse: (tx, id) => usedByOrders(tx, 'regionId', id),
};

const imagesBinding: Binding = {
  filters: onSale(images.active),
  read: withRegions(images, imageRegions),
  afterWrite: writeRegions(imageRegions),
  check: (tx, input) => regionsExist(tx, input.regions),
  inUse: async (tx, id) => (await usedByOrders(tx, 'imageId', id)) ?? quickSetUses(tx, quickSets.imageId, id),
};

const productLinesBinding: Binding = {
  inUse: async (tx, id) => {
    const [plan] = await tx
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.lineId, String(id)))
      .limit(1);
    return plan ? 'api.admin.catalogLineHasPlans' : undefined;
  },
};

const plansBinding: Binding = {
  filters: onSale(plans.active),
  read: withRegions(plans, planRegions),
  // A new plan has no price until the pricing screen gives it one (check keeps it off sale till then).
  values: (input, before) => (before ? input : { ...input, monthlyPriceCents: 0, hourlyPriceMicroUsd: 0 }),
  afterWrite: writeRegions(planRegions),
  check: async (tx, input, before) => {
    const offered = input.regions as string[];
    const fields: FieldErrors = {
      ...(await regionsExist(tx, offered)),
      ...((await exists(tx, productLines, productLines.id, [String(input.lineId)]))
        ? {}
        : { lineId: 'api.admin.catalogUnknownLine' }),
    };
    if (input.active === true && offered.length > 0 && Number(before?.monthlyPriceCents ?? 0) <= 0) {
      fields.active = 'api.admin.catalogPlanUnpriced';
    }
    const sale = before && (await saleLeftWithout(tx, String(before.id), offered, input.active === true));
    if (sale) {
      // The form names the sale that keeps the plan on offer there.
      throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
        fields: { ...fields, regions: 'api.admin.catalogPlanInSale' },
        extra: { sale },
      });
    }
    return fields;
  },
  inUse: async (tx, id) => {
    const byOrders = await usedByOrders(tx, 'planId', id);
    if (byOrders) return byOrders;
    const [item] = await tx
      .select({ id: saleItems.id })
      .from(saleItems)
      .where(eq(saleItems.planId, String(id)));
    return item ? 'api.admin.catalogUsedBySale' : quickSetUses(tx, quickSets.planId, id);
  },
};

const disksBinding: Binding = {
  filters: onSale(diskProducts.active),
  inUse: async (tx, id) =>
    (await orderUses(tx, sql`${orders.config}->'dataDisks' @> ${JSON.stringify([{ diskId: id }])}::jsonb`))
      ? 'api.admin.catalogUsedByOrders'
      : quickSetUses(tx, quickSets.dataDiskId, id),
};

const bandwidthBinding: Binding = {
  filters: onSale(bandwidthTiers.active),
  search: { text: [sql`${bandwidthTiers.mbps}::text`] },
  inUse: async (tx, id) =>
    (await usedByOrders(tx, 'bandwidthTierId', id)) ?? quickSetUses(tx, quickSets.bandwidthTierId, id),
};

const trafficBinding: Binding = {
  filters: onSale(trafficPackages.active),
  search: { text: [sql`${trafficPackages.gb}::text`] },
  inUse: (tx, id) => usedByOrders(tx, 'trafficPackageId', id),
};

/** Each template with its rules, in the order they apply. */
async function readSecurityGroups(db: Reader, where: SQL | undefined): Promise<Snapshot[]> {
  const groups = await db.select().from(securityGroups).where(where);
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
  return groups.map((group) =>
    plain({
      ...group,
      rules: rules
        .filter((r) => r.groupId === group.id)
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

const securityGroupsBinding: Binding = {
  filters: onSale(securityGroups.active),
  read: readSecurityGroups,
  // The rules are the template's own: written again in the order the form lists them.
  afterWrite: async (tx, id, input) => {
    const rules = (input.rules ?? []) as Record<string, unknown>[];
    await tx.delete(securityGroupRules).where(eq(securityGroupRules.groupId, String(id)));
    if (rules.length > 0) {
      await tx
        .insert(securityGroupRules)
        .values(rules.map((rule, sort) => ({ ...rule, groupId: String(id), sort }) as never));
    }
  },
  inUse: (tx, id) => usedByOrders(tx, 'securityGroupId', id),
};

const snapshotPoliciesBinding: Binding = {
  filters: onSale(snapshotPolicies.active),
  inUse: (tx, id) => usedByOrders(tx, 'snapshotPolicyId', id),
};

const quickSetsBinding: Binding = {
  filters: onSale(quickSets.active),
  check: async (tx, input) => {
    const fields: FieldErrors = {};
    const [plan] = await tx
      .select()
      .from(plans)
      .where(eq(plans.id, String(input.planId)));
    const [image] = await tx
      .select()
      .from(images)
      .where(eq(images.id, String(input.imageId)));
    if (!plan) fields.planId = 'api.admin.catalogUnknownItem';
    if (!image) fields.imageId = 'api.admin.catalogUnknownItem';
    if (plan && image && plan.diskGb < image.minDiskGb) fields.imageId = 'api.admin.catalogImageTooBig';
    const size = Number(input.dataDiskGb);
    if (input.dataDiskId !== null) {
      const [disk] = await tx
        .select()
        .from(diskProducts)
        .where(eq(diskProducts.id, String(input.dataDiskId)));
      if (!disk) fields.dataDiskId = 'api.admin.catalogUnknownItem';
      else if (size < disk.minGb || size > disk.maxGb || (size - disk.minGb) % disk.stepGb !== 0) {
        fields.dataDiskGb = 'api.admin.catalogDiskSizeOutside';
      }
    }
    if (input.bandwidthTierId !== null) {
      const [tier] = await tx
        .select()
        .from(bandwidthTiers)
        .where(eq(bandwidthTiers.id, String(input.bandwidthTierId)));
      if (!tier) fields.bandwidthTierId = 'api.admin.catalogUnknownItem';
      else if (plan && tier.mbps > plan.maxBandwidthMbps) fields.bandwidthTierId = 'api.admin.catalogTierAbovePlan';
    }
    return fields;
  },
  inUse: (tx, id) => usedByOrders(tx, 'quickSetId', id),
};

const domainSuffixesBinding: Binding = {
  filters: onSale(domainSuffixes.active),
  search: { text: [domainSuffixes.category] },
  // Names registered under it keep their suffix: it is withdrawn from sale instead.
  inUse: async (tx, id) => {
    const suffix = String(id);
    const [name] = await tx
      .select({ fqdn: domainRegistrations.fqdn })
      .from(domainRegistrations)
      .where(sql`right(${domainRegistrations.fqdn}, ${suffix.length}) = ${suffix}`)
      .limit(1);
    return name ? 'api.admin.catalogSuffixRegistered' : undefined;
  },
};

/** The catalog's bindings by resource name; reserved names need none. */
export const CATALOG_BINDINGS: Record<string, Binding> = {
  'catalog/regions': regionsBinding,
  'catalog/images': imagesBinding,
  'catalog/product-lines': productLinesBinding,
  'catalog/plans': plansBinding,
  'catalog/disks': disksBinding,
  'catalog/bandwidth': bandwidthBinding,
  'catalog/traffic': trafficBinding,
  'catalog/security-groups': securityGroupsBinding,
  'catalog/snapshot-policies': snapshotPoliciesBinding,
  'catalog/quick-sets': quickSetsBinding,
  'catalog/domain-suffixes': domainSuffixesBinding,
};
