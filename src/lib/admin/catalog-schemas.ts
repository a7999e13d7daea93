import '../validation/zod-config';
import { z } from 'zod';
import { listQuery, version } from './schemas';

/**
 * The catalog editors' inputs (docs/product/back-office-catalog.md), one schema per kind, shared by the back
 * office's forms and the `/api/admin/catalog` handlers. Messages are i18n keys under `api.`. Prices are USD cents;
 * plan and region prices are not here: the pricing screen owns them.
 */

export const CATALOG_KINDS = [
  'regions',
  'images',
  'product-lines',
  'plans',
  'disks',
  'bandwidth',
  'traffic',
  'security-groups',
  'snapshot-policies',
  'quick-sets',
  'domain-suffixes',
  'reserved-labels',
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** The kinds whose lists can grow long: paged, sorted and searched on the server. The rest are one table each. */
export const PAGED_CATALOG_KINDS = ['images', 'plans', 'domain-suffixes', 'reserved-labels'] as const;

/**
 * The most a price may be, in USD cents: far above any real price, so a slipped digit (a monthly price typed in
 * the cents of a yearly one, ten times over) is caught, not sold.
 */
export const PRICE_MAX_CENTS = 1_000_000;
/** A disk's price per GB and month, in cents: a dollar a GB is already ten times the dearest volume. */
export const PRICE_PER_GB_MAX_CENTS = 1_000;

/** A whole number in bounds, with the catalog's own words for each way it can be wrong. */
function amount(min: number, max: number, messages: { below?: string; above?: string } = {}) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,16}$/, 'api.field.invalid'),
      ],
      {
        message: 'api.field.invalid',
      },
    )
    .pipe(
      z.coerce
        .number<string | number>()
        .int('api.field.invalid')
        .min(min, messages.below ?? (min === 0 ? 'api.admin.catalogNegative' : 'api.field.tooSmall'))
        .max(max, messages.above ?? 'api.field.tooBig'),
    );
}

const price = (max = PRICE_MAX_CENTS) => amount(0, max, { above: 'api.admin.catalogPriceTooHigh' });
const sort = amount(0, 10_000).default(0);
const active = z.boolean({ error: 'api.field.invalid' }).default(true);

/** A catalog item's code: lower-case letters, digits, dots and dashes, as the public API's ids are. */
export const catalogCode = z
  .string({ error: 'api.field.required' })
  .trim()
  .min(1, { error: 'api.field.required', abort: true })
  .max(60, { error: 'api.field.tooLong', abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, { error: 'api.admin.catalogCodeInvalid' });

const shortText = (max: number) =>
  z
    .string({ error: 'api.field.required' })
    .trim()
    .min(1, { error: 'api.field.required', abort: true })
    .max(max, { error: 'api.field.tooLong' });

/** A name in three languages: all three are shown to visitors of that language, so all three are required. */
function localized(max: number) {
  const text = shortText(max);
  return z.object({ en: text, zh: text, ja: text });
}

const regionIds = z
  .array(catalogCode, { error: 'api.field.invalid' })
  .max(100, { error: 'api.field.tooLong' })
  .transform((ids) => [...new Set(ids)].sort());

// ---- regions, images ----------------------------------------------------------------------------------------

export const regionInput = z.object({
  id: catalogCode,
  countryCode: z
    .string({ error: 'api.field.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'api.admin.catalogCountryInvalid' }),
  country: localized(60),
  city: localized(60),
  networkNote: localized(400),
  testIp: z.union([z.ipv4(), z.ipv6()], { error: 'api.admin.catalogIpInvalid' }),
  sort,
  active,
});

export const imageInput = z.object({
  id: catalogCode,
  family: catalogCode,
  name: shortText(80),
  /** The OS release (`24.04`); `version` is the row's editing version, as everywhere in the back office. */
  release: shortText(40),
  arch: z.enum(['x86_64', 'arm64'], { error: 'api.field.invalid' }).default('x86_64'),
  minDiskGb: amount(1, 2_000),
  sort,
  active,
  /** Where it is offered: an id missing here is withdrawn from that region. */
  regions: regionIds,
});

// ---- product lines, plans -----------------------------------------------------------------------------------

export const productLineInput = z.object({
  id: catalogCode,
  name: localized(80),
  description: localized(400),
  dedicated: z.boolean({ error: 'api.field.invalid' }).default(false),
  sort,
});

export const DISK_TYPES = ['NVMe', 'SSD', 'HDD'] as const;

/** A plan's hardware and where it is sold. Its prices and hourly billing are the pricing screen's. */
export const planInput = z
  .object({
    id: catalogCode,
    lineId: catalogCode,
    name: localized(80),
    cpu: amount(1, 256, { below: 'api.admin.catalogCpuTooFew' }),
    cpuModel: z.string().trim().max(80, { error: 'api.field.tooLong' }).default(''),
    memoryMb: amount(256, 4_194_304),
    diskGb: amount(1, 100_000),
    diskType: z.enum(DISK_TYPES, { error: 'api.field.invalid' }),
    bandwidthMbps: amount(1, 100_000),
    maxBandwidthMbps: amount(1, 100_000),
    trafficGb: amount(0, 1_000_000),
    sort,
    active,
    regions: regionIds,
  })
  .superRefine((plan, ctx) => {
    if (plan.maxBandwidthMbps < plan.bandwidthMbps) {
      ctx.addIssue({ code: 'custom', path: ['maxBandwidthMbps'], message: 'api.admin.catalogMaxBelowIncluded' });
    }
  });

// ---- add-ons ------------------------------------------------------------------------------------------------

export const diskInput = z
  .object({
    id: catalogCode,
    name: localized(80),
    mediaType: z.enum(DISK_TYPES, { error: 'api.field.invalid' }),
    minGb: amount(1, 100_000),
    maxGb: amount(1, 100_000),
    stepGb: amount(1, 10_000),
    pricePerGbCents: price(PRICE_PER_GB_MAX_CENTS),
    maxIops: amount(1, 10_000_000),
    sort,
    active,
  })
  .superRefine((disk, ctx) => {
    if (disk.minGb > disk.maxGb) {
      ctx.addIssue({ code: 'custom', path: ['minGb'], message: 'api.admin.catalogMinAboveMax' });
    } else if ((disk.maxGb - disk.minGb) % disk.stepGb !== 0) {
      ctx.addIssue({ code: 'custom', path: ['stepGb'], message: 'api.admin.catalogStepUneven' });
    }
  });

export const bandwidthInput = z.object({
  id: catalogCode,
  mbps: amount(1, 100_000),
  monthlyPriceCents: price(),
  sort,
  active,
});

export const trafficInput = z.object({
  id: catalogCode,
  gb: amount(1, 1_000_000),
  monthlyPriceCents: price(),
  sort,
  active,
});

const cronField = String.raw`(\*|\d{1,2}(-\d{1,2})?(,\d{1,2}(-\d{1,2})?)*)(\/\d{1,2})?`;
/** Five cron fields (minute hour day month weekday), in UTC, as the snapshot scheduler reads them. */
const CRON = new RegExp(`^${cronField}( ${cronField}){4}$`);

export const snapshotPolicyInput = z.object({
  id: catalogCode,
  name: localized(80),
  description: localized(400),
  schedule: z
    .string({ error: 'api.field.required' })
    .trim()
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().regex(CRON, { error: 'api.admin.catalogScheduleInvalid' })),
  retainCount: amount(1, 365),
  monthlyPriceCents: price(),
  sort,
  active,
});

export const RULE_DIRECTIONS = ['ingress', 'egress'] as const;
export const RULE_PROTOCOLS = ['tcp', 'udp', 'icmp', 'all'] as const;
export const RULE_ACTIONS = ['accept', 'drop'] as const;

/** Ports as the public rule reads them: `all`, one port, `80/443` (either), or a range `8000-8080`. */
const PORTS = /^(all|\d{1,5}(-\d{1,5})?(\/\d{1,5}(-\d{1,5})?)*)$/;
const CIDR = /^((\d{1,3}\.){3}\d{1,3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/;

export const securityRuleInput = z
  .object({
    direction: z.enum(RULE_DIRECTIONS, { error: 'api.field.invalid' }),
    protocol: z.enum(RULE_PROTOCOLS, { error: 'api.field.invalid' }),
    ports: z
      .string({ error: 'api.field.required' })
      .trim()
      .regex(PORTS, { error: 'api.admin.catalogPortsInvalid' })
      .refine((v) => v === 'all' || v.split(/[/-]/).every((p) => Number(p) >= 1 && Number(p) <= 65_535), {
        error: 'api.admin.catalogPortsInvalid',
      }),
    cidr: z.string({ error: 'api.field.required' }).trim().regex(CIDR, { error: 'api.admin.catalogCidrInvalid' }),
    action: z.enum(RULE_ACTIONS, { error: 'api.field.invalid' }),
    note: localized(120),
  })
  .superRefine((rule, ctx) => {
    // ICMP has no ports: a port on it would read as a rule that filters something it cannot.
    if (rule.protocol === 'icmp' && rule.ports !== 'all') {
      ctx.addIssue({ code: 'custom', path: ['ports'], message: 'api.admin.catalogPortsInvalid' });
    }
  });

export const securityGroupInput = z.object({
  id: catalogCode,
  name: localized(80),
  description: localized(400),
  sort,
  active,
  rules: z.array(securityRuleInput, { error: 'api.field.invalid' }).max(50, { error: 'api.field.tooLong' }),
});

export const quickSetInput = z
  .object({
    id: catalogCode,
    name: localized(80),
    description: localized(400),
    planId: catalogCode,
    imageId: catalogCode,
    dataDiskId: catalogCode.nullable().default(null),
    dataDiskGb: amount(0, 100_000).default(0),
    bandwidthTierId: catalogCode.nullable().default(null),
    sort,
    active,
  })
  .superRefine((set, ctx) => {
    if (set.dataDiskId === null && set.dataDiskGb !== 0) {
      ctx.addIssue({ code: 'custom', path: ['dataDiskGb'], message: 'api.admin.catalogDiskSizeWithoutDisk' });
    }
    if (set.dataDiskId !== null && set.dataDiskGb === 0) {
      ctx.addIssue({ code: 'custom', path: ['dataDiskGb'], message: 'api.field.tooSmall' });
    }
  });

// ---- domains ------------------------------------------------------------------------------------------------

export const SUFFIX_CATEGORIES = ['popular', 'new', 'country'] as const;

export const domainSuffixInput = z.object({
  /** `.com`, `.co.uk`: lower case, ASCII (punycode for an internationalized suffix), with its leading dot. */
  suffix: z
    .string({ error: 'api.field.required' })
    .trim()
    .toLowerCase()
    .transform((v) => (v.startsWith('.') ? v : `.${v}`))
    .pipe(
      z
        .string()
        .max(64, { error: 'api.field.tooLong' })
        .regex(/^(\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, { error: 'api.admin.catalogSuffixInvalid' }),
    ),
  category: z.enum(SUFFIX_CATEGORIES, { error: 'api.field.invalid' }),
  registerPriceCents: price(),
  renewPriceCents: price(),
  transferPriceCents: price(),
  promo: z.boolean({ error: 'api.field.invalid' }).default(false),
  sort,
  active,
});

export const reservedLabelInput = z.object({
  label: z
    .string({ error: 'api.field.required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'api.field.required', abort: true })
    .max(63, { error: 'api.field.tooLong', abort: true })
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'api.admin.catalogLabelInvalid' }),
});

/** Each kind's input; an update is the same with the `version` it was loaded at. */
export const CATALOG_INPUTS = {
  regions: regionInput,
  images: imageInput,
  'product-lines': productLineInput,
  plans: planInput,
  disks: diskInput,
  bandwidth: bandwidthInput,
  traffic: trafficInput,
  'security-groups': securityGroupInput,
  'snapshot-policies': snapshotPolicyInput,
  'quick-sets': quickSetInput,
  'domain-suffixes': domainSuffixInput,
  'reserved-labels': reservedLabelInput,
} as const satisfies Record<CatalogKind, z.ZodType>;

export type CatalogInput<K extends CatalogKind> = z.output<(typeof CATALOG_INPUTS)[K]>;

export const catalogVersion = z.object({ version });

export const CATALOG_SORTS = ['sort', 'id'] as const;
export const catalogListQuery = listQuery(CATALOG_SORTS).extend({
  /** Only what is on sale (`active`), only what is withdrawn, or both. */
  status: z.enum(['all', 'active', 'withdrawn'], { error: 'api.field.invalid' }).default('all'),
});
export type CatalogListQuery = z.output<typeof catalogListQuery>;
