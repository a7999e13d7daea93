import { z } from 'zod';
import { defineResource } from '../../resource';
import {
  amount,
  CATALOG_ACCESS,
  catalogCode,
  codeColumn,
  codeField,
  orderColumns,
  ordered,
  orderedList,
  orderedRow,
  orderFields,
  price,
} from './common';

/** Extra monthly traffic, priced per month before the region's adjustment. */
export const trafficResource = defineResource({
  name: 'catalog/traffic',
  path: '/catalog/traffic',
  audit: 'trafficPackage',
  table: 'trafficPackages',
  changes: ['catalog', 'prices'],
  key: { field: 'id', type: 'string' },
  input: z.object({ id: catalogCode, gb: amount(1, 1_000_000), monthlyPriceCents: price(), ...ordered }),
  row: z.object({ id: z.string(), gb: z.number().int(), monthlyPriceCents: z.number().int(), ...orderedRow }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'gb', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'gb', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...orderFields,
  ],
  blank: () => ({ id: '', gb: '', monthlyPriceCents: '', sort: 0, active: true }),
  title: 'id',
});
