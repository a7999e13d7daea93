import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogKind, described, ordered, orderedList, price } from './common';

const cronField = String.raw`(\*|\d{1,2}(-\d{1,2})?(,\d{1,2}(-\d{1,2})?)*)(\/\d{1,2})?`;
/** Five cron fields (minute hour day month weekday), in UTC, as the snapshot scheduler reads them. */
const CRON = new RegExp(`^${cronField}( ${cronField}){4}$`);

/** Automatic snapshot schedules, how many are kept, and the monthly price. */
export const snapshotPoliciesResource = defineResource({
  ...catalogKind('snapshot-policies', 'snapshotPolicy', 'snapshotPolicies', ['catalog', 'prices']),
  input: z.object({
    ...described.input,
    schedule: z
      .string({ error: 'api.field.required' })
      .trim()
      .transform((v) => v.replace(/\s+/g, ' '))
      .pipe(z.string().regex(CRON, { error: 'api.admin.catalogScheduleInvalid' })),
    retainCount: amount(1, 365),
    monthlyPriceCents: price(),
    ...ordered.input,
  }),
  row: z.object({
    ...described.row,
    schedule: z.string(),
    retainCount: z.number().int(),
    monthlyPriceCents: z.number().int(),
    ...ordered.row,
  }),
  list: orderedList,
  columns: [
    ...described.columns,
    { name: 'schedule', format: 'code' },
    { name: 'retainCount', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...ordered.columns,
  ],
  fields: [
    ...described.fields,
    { name: 'schedule', kind: 'code', hint: true },
    { name: 'retainCount', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...ordered.fields,
  ],
  blank: () => ({ ...described.blank(), schedule: '', retainCount: '', monthlyPriceCents: '', ...ordered.blank }),
  title: 'name',
});
