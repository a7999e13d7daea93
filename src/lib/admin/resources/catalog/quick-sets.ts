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
} from './common';

/** Ready-made combinations of plan, image, data disk and bandwidth offered at the top of the configurator. */
export const quickSetsResource = defineResource({
  name: 'catalog/quick-sets',
  path: '/catalog/quick-sets',
  audit: 'quickSet',
  table: 'quickSets',
  changes: ['catalog'],
  key: { field: 'id', type: 'string' },
  input: z
    .object({
      id: catalogCode,
      name: localized(80),
      description: localized(400),
      planId: catalogCode,
      imageId: catalogCode,
      dataDiskId: catalogCode.nullable().default(null),
      dataDiskGb: amount(0, 100_000).default(0),
      bandwidthTierId: catalogCode.nullable().default(null),
      ...ordered,
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
    id: z.string(),
    name: localizedRow,
    description: localizedRow,
    planId: z.string(),
    imageId: z.string(),
    dataDiskId: z.string().nullable(),
    dataDiskGb: z.number().int(),
    bandwidthTierId: z.string().nullable(),
    ...orderedRow,
  }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'name', format: 'localized' },
    { name: 'planId', format: 'code' },
    { name: 'imageId', format: 'code' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'name', kind: 'localized' },
    { name: 'description', kind: 'localized', multiline: true },
    { name: 'planId', kind: 'reference', source: 'plans' },
    { name: 'imageId', kind: 'reference', source: 'images' },
    { name: 'dataDiskId', kind: 'reference', source: 'disks', optional: true },
    { name: 'dataDiskGb', kind: 'integer', hint: true },
    { name: 'bandwidthTierId', kind: 'reference', source: 'bandwidth', optional: true },
    ...orderFields,
  ],
  blank: () => ({
    id: '',
    name: blankText(),
    description: blankText(),
    planId: '',
    imageId: '',
    dataDiskId: null,
    dataDiskGb: 0,
    bandwidthTierId: null,
    sort: 0,
    active: true,
  }),
  title: 'name',
});
