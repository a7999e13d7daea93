import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, type Localized } from './common';

// All prices are integer USD minor units (cents) unless the name says otherwise (docs/design.md#api-contract).

/** Cloud-server areas (GET /api/cvm/area/search). */
export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  country: jsonb('country').$type<Localized>().notNull(),
  city: jsonb('city').$type<Localized>().notNull(),
  networkNote: jsonb('network_note').$type<Localized>().notNull(),
  /** An IP that visitors can ping from the looking-glass article. */
  testIp: text('test_ip').notNull(),
  /**
   * Percent added to (or, negative, taken from) the region's compute and network prices: the plan, bandwidth and
   * traffic lines (docs/decisions/036-pricing-model.md). Carrier and power costs are not the same everywhere.
   */
  priceAdjustmentPct: smallint('price_adjustment_pct').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** OS images (GET /api/cvm/get/image): family and version, with the smallest system disk they fit on. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  family: text('family').notNull(),
  name: text('name').notNull(),
  /** The OS release (`24.04`). */
  release: text('release').notNull(),
  arch: text('arch').notNull().default('x86_64'),
  minDiskGb: integer('min_disk_gb').notNull(),
  /** Licence fee per vCPU per month (Windows Server), charged every month of the term, never discounted. */
  licenceCentsPerVcpu: integer('licence_cents_per_vcpu').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const imageRegions = pgTable(
  'image_regions',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.regionId] })],
);

/** Product lines (standard, high-frequency, dedicated...) grouping plans (GET /api/cvm/user/product). */
export const productLines = pgTable('product_lines', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  dedicated: boolean('dedicated').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  version: integer('version').notNull().default(1),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  lineId: text('line_id')
    .notNull()
    .references(() => productLines.id),
  name: jsonb('name').$type<Localized>().notNull(),
  cpu: smallint('cpu').notNull(),
  /** e.g. "AMD EPYC 9354P" for dedicated servers; empty for shared vCPU plans. */
  cpuModel: text('cpu_model').notNull().default(''),
  memoryMb: integer('memory_mb').notNull(),
  diskGb: integer('disk_gb').notNull(),
  diskType: text('disk_type').notNull(),
  bandwidthMbps: integer('bandwidth_mbps').notNull(),
  maxBandwidthMbps: integer('max_bandwidth_mbps').notNull(),
  /** Monthly traffic included, in GB; 0 means unmetered. */
  trafficGb: integer('traffic_gb').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  /** Hourly price in micro-USD (1e-6 USD), as hourly prices go below a cent. */
  hourlyPriceMicroUsd: integer('hourly_price_micro_usd').notNull(),
  /** Whether the plan can be billed by the hour (capped at its monthly price); dedicated servers cannot. */
  hourlyBilling: boolean('hourly_billing').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const planRegions = pgTable(
  'plan_regions',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    /**
     * This plan's own monthly price in this region (USD cents), in place of the plan's price with the region's
     * adjustment; null follows the adjustment. How one plan's price in one region is set
     * (docs/decisions/042-scheduled-prices.md).
     */
    monthlyPriceCents: integer('monthly_price_cents'),
    /** Its own hourly price here (micro-USD); null follows the region's adjustment of the plan's hourly price. */
    hourlyPriceMicroUsd: integer('hourly_price_micro_usd'),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.planId, t.regionId] })],
);

/** Block-storage disk types (GET /api/cvm/disk/getDiskProduct). */
export const diskProducts = pgTable('disk_products', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  mediaType: text('media_type').notNull(),
  minGb: integer('min_gb').notNull(),
  maxGb: integer('max_gb').notNull(),
  stepGb: integer('step_gb').notNull(),
  pricePerGbCents: integer('price_per_gb_cents').notNull(),
  maxIops: integer('max_iops').notNull(),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Bandwidth tiers (GET /api/cvm/user/getBand): monthly price of the port speed beyond what a plan includes. */
export const bandwidthTiers = pgTable('bandwidth_tiers', {
  id: text('id').primaryKey(),
  mbps: integer('mbps').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Extra monthly traffic packages (GET /api/cvm/user/getFlow). */
export const trafficPackages = pgTable('traffic_packages', {
  id: text('id').primaryKey(),
  gb: integer('gb').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Official security-group templates (GET /api/cvm/securityGroup/official/search). */
export const securityGroups = pgTable('security_groups', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const securityGroupRules = pgTable('security_group_rules', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  groupId: text('group_id')
    .notNull()
    .references(() => securityGroups.id, { onDelete: 'cascade' }),
  direction: text('direction').$type<'ingress' | 'egress'>().notNull(),
  protocol: text('protocol').$type<'tcp' | 'udp' | 'icmp' | 'all'>().notNull(),
  /** "22", "80/443" style (docs/product/validation.md#pattern-rules port rule) or "all". */
  ports: text('ports').notNull(),
  cidr: text('cidr').notNull(),
  action: text('action').$type<'accept' | 'drop'>().notNull(),
  note: jsonb('note').$type<Localized>().notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Public snapshot policies (GET /api/cvm/snapshoot/strategy/getAllPublic). */
export const snapshotPolicies = pgTable('snapshot_policies', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  /** Cron expression in UTC. */
  schedule: text('schedule').notNull(),
  retainCount: smallint('retain_count').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Quick-set configurations (GET /api/product/cvm/fastSet/search): a named plan + image + disk + bandwidth. */
export const quickSets = pgTable('quick_sets', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  imageId: text('image_id')
    .notNull()
    .references(() => images.id),
  dataDiskId: text('data_disk_id').references(() => diskProducts.id),
  dataDiskGb: integer('data_disk_gb').notNull().default(0),
  bandwidthTierId: text('bandwidth_tier_id').references(() => bandwidthTiers.id),
  sort: integer('sort').notNull().default(0),
  /** False when withdrawn: gone from the public catalog and the configurator, still read by the orders that used it. */
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Domain suffixes with register, renew and transfer prices per year (POST /api/domain/suffix/search). */
export const domainSuffixes = pgTable('domain_suffixes', {
  suffix: text('suffix').primaryKey(),
  category: text('category').notNull(),
  registerPriceCents: integer('register_price_cents').notNull(),
  renewPriceCents: integer('renew_price_cents').notNull(),
  transferPriceCents: integer('transfer_price_cents').notNull(),
  /** True when the first-year price is a promotion (renewal costs more). */
  promo: boolean('promo').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** The embedded registry: names already registered (ASCII/punycode, lower case, with suffix). */
export const domainRegistrations = pgTable('domain_registrations', {
  fqdn: text('fqdn').primaryKey(),
  createdAt: createdAt(),
});

/** Labels that cannot be registered under any suffix. */
export const reservedDomainLabels = pgTable('reserved_domain_labels', {
  label: text('label').primaryKey(),
  /** Its version as every editable row has one: a name is made and deleted, never changed, but may be put back. */
  version: integer('version').notNull().default(1),
});

/**
 * Term discounts: percent off the recurring lines of a term paid in advance (docs/decisions/036-pricing-model.md).
 * A row per billing period; 1 month is 0.
 */
export const termDiscounts = pgTable('term_discounts', {
  months: smallint('months').primaryKey(),
  percentOff: smallint('percent_off').notNull(),
  version: integer('version').notNull().default(1),
});
