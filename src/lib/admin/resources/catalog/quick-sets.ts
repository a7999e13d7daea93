import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogCode, catalogKind, described, ordered, orderedList } from './common';

/** Ready-made combinations of plan, image, data disk and bandwidth offered at the top of the configurator. */
export const quickSetsResource = defineResource({
  ...catalogKind('quick-sets', 'quickSet', 'quickSets'),
  input: z
    .object({
      ...described.input,
      planId: catalogCode,
      imageId: catalogCode,
      dataDiskId: catalogCode.nullable().default(null),
      dataDiskGb: amount(0, 100_000).default(0),
      bandwidthTierId: catalogCode.nullable().default(null),
      ...ordered.input,
    })
    .superRefine((set, ctx) => {
      if (set.dataDiskId === null && set.dataDiskGb !== 0) {
        ctx.addIssue({ code: 'custom', path: ['dataDiskGb'], message: 'api.admin.catalogDiskSizeWithoutDisk' });
      }
      if (set.dataDiskId !== null && set.dataDiskGb === 0) {
        ctx.addIssue({ code: 'custom', path: ['dataDiskGb'], message: 'api.field.tooSmall' });
      }
    }),
  row: z.object({
    ...described.row,
    planId: z.string(),
    imageId: z.string(),
    dataDiskId: z.string().nullable(),
    dataDiskGb: z.number().int(),
    bandwidthTierId: z.string().nullable(),
    ...ordered.row,
  }),
  list: orderedList,
  columns: [
    ...described.columns,
    { name: 'planId', format: 'code' },
    { name: 'imageId', format: 'code' },
    ...ordered.columns,
  ],
  fields: [
    ...described.fields,
    { name: 'planId', kind: 'reference', source: 'plans' },
    { name: 'imageId', kind: 'reference', source: 'images' },
    { name: 'dataDiskId', kind: 'reference', source: 'disks', optional: true },
    { name: 'dataDiskGb', kind: 'integer', hint: true },
    { name: 'bandwidthTierId', kind: 'reference', source: 'bandwidth', optional: true },
    ...ordered.fields,
  ],
  blank: () => ({
    ...described.blank(),
    planId: '',
    imageId: '',
    dataDiskId: null,
    dataDiskGb: 0,
    bandwidthTierId: null,
    ...ordered.blank,
  }),
  title: 'name',
});
