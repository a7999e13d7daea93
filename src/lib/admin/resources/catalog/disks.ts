import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import { amount, blankText, catalogKind, code, localized, ordered, orderedList, price } from './common';
import { DISK_TYPES } from './plans';

/** A disk's price per GB and month, in cents: a dollar a GB is already ten times the dearest volume. */
export const PRICE_PER_GB_MAX_CENTS = 1_000;

/** Data-disk types with their size range and price per GB and month; a price saved is the next quote's. */
export const disksResource = defineResource({
  ...catalogKind('disks', 'disk', 'diskProducts', ['catalog', 'prices']),
  input: z
    .object({
      ...code.input,
      name: localized(80),
      mediaType: z.enum(DISK_TYPES, { error: 'api.field.invalid' }),
      minGb: amount(1, 100_000),
      maxGb: amount(1, 100_000),
      stepGb: amount(1, 10_000),
      pricePerGbCents: price(PRICE_PER_GB_MAX_CENTS),
      maxIops: amount(1, 10_000_000),
      ...ordered.input,
    })
    .superRefine((disk, ctx) => {
      if (disk.minGb > disk.maxGb) {
        ctx.addIssue({ code: 'custom', path: ['minGb'], message: 'api.admin.catalogMinAboveMax' });
      } else if ((disk.maxGb - disk.minGb) % disk.stepGb !== 0) {
        ctx.addIssue({ code: 'custom', path: ['stepGb'], message: 'api.admin.catalogStepUneven' });
      }
    }),
  row: z.object({
    ...code.row,
    name: localizedRow,
    mediaType: z.string(),
    minGb: z.number().int(),
    maxGb: z.number().int(),
    stepGb: z.number().int(),
    pricePerGbCents: z.number().int(),
    maxIops: z.number().int(),
    ...ordered.row,
  }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'name', format: 'localized' },
    { name: 'mediaType', format: 'option' },
    { name: 'minGb', format: 'number' },
    { name: 'maxGb', format: 'number' },
    { name: 'pricePerGbCents', format: 'money' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'name', kind: 'localized', every: true },
    { name: 'mediaType', kind: 'select', options: DISK_TYPES },
    { name: 'minGb', kind: 'integer' },
    { name: 'maxGb', kind: 'integer' },
    { name: 'stepGb', kind: 'integer' },
    { name: 'pricePerGbCents', kind: 'money', hint: true },
    { name: 'maxIops', kind: 'integer' },
    ...ordered.fields,
  ],
  blank: () => ({
    id: '',
    name: blankText(),
    mediaType: 'SSD' as const,
    minGb: '',
    maxGb: '',
    stepGb: '',
    pricePerGbCents: '',
    maxIops: '',
    ...ordered.blank,
  }),
  title: 'name',
});
