import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import {
  amount,
  blankText,
  catalogCode,
  catalogKind,
  code,
  localized,
  ordered,
  orderedList,
  regionIds,
} from './common';

export const DISK_TYPES = ['NVMe', 'SSD', 'HDD'] as const;

/**
 * A plan's hardware and the regions it is sold in (dedicated servers included). Its prices and hourly billing are
 * the pricing screen's: shown here, never written; a new plan is made at price 0 and stays off sale until priced.
 */
export const plansResource = defineResource({
  ...catalogKind('plans', 'plan', 'plans'),
  input: z
    .object({
      ...code.input,
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
      ...ordered.input,
      regions: regionIds,
    })
    .superRefine((plan, ctx) => {
      if (plan.maxBandwidthMbps < plan.bandwidthMbps) {
        ctx.addIssue({ code: 'custom', path: ['maxBandwidthMbps'], message: 'api.admin.catalogMaxBelowIncluded' });
      }
    }),
  row: z.object({
    ...code.row,
    lineId: z.string(),
    name: localizedRow,
    cpu: z.number().int(),
    cpuModel: z.string(),
    memoryMb: z.number().int(),
    diskGb: z.number().int(),
    diskType: z.string(),
    bandwidthMbps: z.number().int(),
    maxBandwidthMbps: z.number().int(),
    trafficGb: z.number().int(),
    monthlyPriceCents: z.number().int(),
    hourlyPriceMicroUsd: z.number().int(),
    hourlyBilling: z.boolean(),
    ...ordered.row,
    regions: z.array(z.string()),
  }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'name', format: 'localized' },
    { name: 'lineId', format: 'code' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'lineId', kind: 'reference', source: 'productLines' },
    { name: 'name', kind: 'localized', every: true },
    { name: 'cpu', kind: 'integer' },
    { name: 'cpuModel', kind: 'text' },
    { name: 'memoryMb', kind: 'integer', hint: true },
    { name: 'diskGb', kind: 'integer' },
    { name: 'diskType', kind: 'select', options: DISK_TYPES },
    { name: 'bandwidthMbps', kind: 'integer' },
    { name: 'maxBandwidthMbps', kind: 'integer' },
    { name: 'trafficGb', kind: 'integer', hint: true },
    { name: 'monthlyPriceCents', kind: 'readonly', format: 'cents', hint: true },
    { name: 'hourlyPriceMicroUsd', kind: 'readonly', format: 'microUsd', hint: true },
    { name: 'hourlyBilling', kind: 'readonly', format: 'boolean', hint: true },
    ...ordered.fields,
    { name: 'regions', kind: 'reference', source: 'regions', multiple: true, hint: true },
  ],
  blank: () => ({
    id: '',
    lineId: '',
    name: blankText(),
    cpu: '',
    cpuModel: '',
    memoryMb: '',
    diskGb: '',
    diskType: 'NVMe' as const,
    bandwidthMbps: '',
    maxBandwidthMbps: '',
    trafficGb: 0,
    ...ordered.blank,
    // Off sale until the pricing screen gives it a price.
    active: false,
    regions: [],
  }),
  title: 'name',
});
