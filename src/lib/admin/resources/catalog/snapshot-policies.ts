import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import {
  amount,
  blankText,
  CATALOG_ACCESS,
  catalogCode,
  codeColumn,
  codeField,
  localized,
  orderColumns,
  ordered,
  orderedList,
  orderedRow,
  orderFields,
  price,
} from './common';

const cronField = String.raw`(\*|\d{1,2}(-\d{1,2})?(,\d{1,2}(-\d{1,2})?)*)(\/\d{1,2})?`;
/** Five cron fields (minute hour day month weekday), in UTC, as the snapshot scheduler reads them. */
const CRON = new RegExp(`^${cronField}( ${cronField}){4}$`);

/** Automatic snapshot schedules, how many are kept, and the monthly price. */
export const snapshotPoliciesResource = defineResource({
  name: 'catalog/snapshot-policies',
  path: '/catalog/snapshot-policies',
  audit: 'snapshotPolicy',
  table: 'snapshotPolicies',
  changes: ['catalog', 'prices'],
  key: { field: 'id', type: 'string' },
  input: z.object({
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
    ...ordered,
  }),
  row: z.object({
    id: z.string(),
    name: localizedRow,
    description: localizedRow,
    schedule: z.string(),
    retainCount: z.number().int(),
    monthlyPriceCents: z.number().int(),
    ...orderedRow,
  }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'name', format: 'localized' },
    { name: 'schedule', format: 'code' },
    { name: 'retainCount', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'name', kind: 'localized' },
    { name: 'description', kind: 'localized', multiline: true },
    { name: 'schedule', kind: 'code', hint: true },
    { name: 'retainCount', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...orderFields,
  ],
  blank: () => ({
    id: '',
    name: blankText(),
    description: blankText(),
    schedule: '',
    retainCount: '',
    monthlyPriceCents: '',
    sort: 0,
    active: true,
  }),
  title: 'name',
});
