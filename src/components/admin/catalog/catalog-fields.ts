import {
  CATALOG_INPUTS,
  type CatalogKind,
  DISK_TYPES,
  RULE_ACTIONS,
  RULE_DIRECTIONS,
  RULE_PROTOCOLS,
  SUFFIX_CATEGORIES,
} from '@/lib/admin/catalog-schemas';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';

/**
 * How each catalog kind's editor lays out its fields (docs/product/back-office-catalog.md). The schema that checks
 * them is the API's (src/lib/admin/catalog-schemas.ts); prices are typed in dollars and sent in cents.
 */
export type Choice = 'regions' | 'productLines' | 'plans' | 'images' | 'disks' | 'bandwidth';

export type Field =
  | { name: string; type: 'key' | 'text' | 'number' | 'money' | 'checkbox' }
  | { name: string; type: 'localized'; multiline?: boolean }
  | { name: string; type: 'select'; options: readonly string[] }
  | { name: string; type: 'ref'; choice: Choice; optional?: boolean }
  | { name: string; type: 'regions' }
  | { name: string; type: 'rules' }
  /** Shown, never sent: the pricing screen's numbers on a plan or region. */
  | { name: string; type: 'readonly'; format: 'cents' | 'microUsd' | 'percent' | 'boolean' };

export const CATALOG_FIELDS: Record<CatalogKind, Field[]> = {
  regions: [
    { name: 'id', type: 'key' },
    { name: 'city', type: 'localized' },
    { name: 'country', type: 'localized' },
    { name: 'countryCode', type: 'text' },
    { name: 'networkNote', type: 'localized', multiline: true },
    { name: 'testIp', type: 'text' },
    { name: 'priceAdjustmentPct', type: 'readonly', format: 'percent' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  images: [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'text' },
    { name: 'family', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'arch', type: 'select', options: ['x86_64', 'arm64'] },
    { name: 'minDiskGb', type: 'number' },
    { name: 'licenceCentsPerVcpu', type: 'readonly', format: 'cents' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
    { name: 'regions', type: 'regions' },
  ],
  'product-lines': [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'localized' },
    { name: 'description', type: 'localized', multiline: true },
    { name: 'dedicated', type: 'checkbox' },
    { name: 'sort', type: 'number' },
  ],
  plans: [
    { name: 'id', type: 'key' },
    { name: 'lineId', type: 'ref', choice: 'productLines' },
    { name: 'name', type: 'localized' },
    { name: 'cpu', type: 'number' },
    { name: 'cpuModel', type: 'text' },
    { name: 'memoryMb', type: 'number' },
    { name: 'diskGb', type: 'number' },
    { name: 'diskType', type: 'select', options: DISK_TYPES },
    { name: 'bandwidthMbps', type: 'number' },
    { name: 'maxBandwidthMbps', type: 'number' },
    { name: 'trafficGb', type: 'number' },
    { name: 'monthlyPriceCents', type: 'readonly', format: 'cents' },
    { name: 'hourlyPriceMicroUsd', type: 'readonly', format: 'microUsd' },
    { name: 'hourlyBilling', type: 'readonly', format: 'boolean' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
    { name: 'regions', type: 'regions' },
  ],
  disks: [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'localized' },
    { name: 'mediaType', type: 'select', options: DISK_TYPES },
    { name: 'minGb', type: 'number' },
    { name: 'maxGb', type: 'number' },
    { name: 'stepGb', type: 'number' },
    { name: 'pricePerGbCents', type: 'money' },
    { name: 'maxIops', type: 'number' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  bandwidth: [
    { name: 'id', type: 'key' },
    { name: 'mbps', type: 'number' },
    { name: 'monthlyPriceCents', type: 'money' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  traffic: [
    { name: 'id', type: 'key' },
    { name: 'gb', type: 'number' },
    { name: 'monthlyPriceCents', type: 'money' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  'security-groups': [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'localized' },
    { name: 'description', type: 'localized', multiline: true },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
    { name: 'rules', type: 'rules' },
  ],
  'snapshot-policies': [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'localized' },
    { name: 'description', type: 'localized', multiline: true },
    { name: 'schedule', type: 'text' },
    { name: 'retainCount', type: 'number' },
    { name: 'monthlyPriceCents', type: 'money' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  'quick-sets': [
    { name: 'id', type: 'key' },
    { name: 'name', type: 'localized' },
    { name: 'description', type: 'localized', multiline: true },
    { name: 'planId', type: 'ref', choice: 'plans' },
    { name: 'imageId', type: 'ref', choice: 'images' },
    { name: 'dataDiskId', type: 'ref', choice: 'disks', optional: true },
    { name: 'dataDiskGb', type: 'number' },
    { name: 'bandwidthTierId', type: 'ref', choice: 'bandwidth', optional: true },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  'domain-suffixes': [
    { name: 'suffix', type: 'key' },
    { name: 'category', type: 'select', options: SUFFIX_CATEGORIES },
    { name: 'registerPriceCents', type: 'money' },
    { name: 'renewPriceCents', type: 'money' },
    { name: 'transferPriceCents', type: 'money' },
    { name: 'promo', type: 'checkbox' },
    { name: 'sort', type: 'number' },
    { name: 'active', type: 'checkbox' },
  ],
  'reserved-labels': [{ name: 'label', type: 'key' }],
};

export const RULE_OPTIONS = { direction: RULE_DIRECTIONS, protocol: RULE_PROTOCOLS, action: RULE_ACTIONS } as const;

export type Row = Record<string, unknown> & { id: string; version: number };
export type FormValues = Record<string, unknown>;
type Localized = Record<AdminLocale, string>;

const emptyText = (): Localized => ({ en: '', zh: '', ja: '' });

export const blankRule = () => ({
  direction: 'ingress',
  protocol: 'tcp',
  ports: '',
  cidr: '0.0.0.0/0',
  action: 'accept',
  note: emptyText(),
});

/** Cents as dollars with two decimals ("0.10"), as a price is typed. */
export const centsToDollars = (cents: unknown): string =>
  typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '';

/**
 * Dollars as typed ("12", "0.1", "-3") to cents; what is not a number is passed on as text, so the schema refuses
 * it at the field rather than a zero being saved.
 */
export function dollarsToCents(text: unknown): unknown {
  const value = String(text ?? '').trim();
  if (value === '') return undefined;
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(value)) return value;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[+-]/, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** A row as the form holds it: prices in dollars, numbers as text, missing texts empty. */
export function formValuesOf(kind: CatalogKind, row: Row | null): FormValues {
  const values: FormValues = {};
  for (const field of CATALOG_FIELDS[kind]) {
    const value = row?.[field.name];
    switch (field.type) {
      case 'localized':
        values[field.name] = { ...emptyText(), ...((value as Partial<Localized> | undefined) ?? {}) };
        break;
      case 'money':
        values[field.name] = row ? centsToDollars(value) : '';
        break;
      case 'number':
        values[field.name] = value === undefined || value === null ? (field.name === 'sort' ? '0' : '') : String(value);
        break;
      case 'checkbox':
        // A new plan starts off sale: it has no price until the pricing screen gives it one.
        values[field.name] = row
          ? Boolean(value)
          : !(kind === 'plans' && field.name === 'active') && field.name !== 'promo' && field.name !== 'dedicated';
        break;
      case 'select':
        values[field.name] = value ?? field.options[0];
        break;
      case 'ref':
        values[field.name] = value ?? '';
        break;
      case 'regions':
        values[field.name] = Array.isArray(value) ? value.map(String) : [];
        break;
      case 'rules':
        values[field.name] = Array.isArray(value) ? value.map((rule) => ({ ...blankRule(), ...(rule as object) })) : [];
        break;
      case 'readonly':
        break;
      default:
        values[field.name] = value ?? '';
    }
  }
  return values;
}

/** What the form holds, in the shape the API takes. */
export function payloadOf(kind: CatalogKind, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of CATALOG_FIELDS[kind]) {
    const value = values[field.name];
    switch (field.type) {
      case 'money':
        out[field.name] = dollarsToCents(value);
        break;
      case 'number':
        out[field.name] = String(value ?? '').trim() === '' ? undefined : String(value).trim();
        break;
      case 'ref':
        out[field.name] = value === '' || value === undefined ? (field.optional ? null : '') : value;
        break;
      case 'regions':
        out[field.name] = Array.isArray(value) ? value : value ? [value] : [];
        break;
      case 'readonly':
        break;
      default:
        out[field.name] = value;
    }
  }
  return out;
}

export const schemaOf = (kind: CatalogKind) => CATALOG_INPUTS[kind];
export { ADMIN_LOCALES };
