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

/** Port speeds above what a plan includes, priced per month before the region's adjustment. */
export const bandwidthResource = defineResource({
  name: 'catalog/bandwidth',
  path: '/catalog/bandwidth',
  audit: 'bandwidthTier',
  table: 'bandwidthTiers',
  changes: ['catalog', 'prices'],
  key: { field: 'id', type: 'string' },
  input: z.object({ id: catalogCode, mbps: amount(1, 100_000), monthlyPriceCents: price(), ...ordered }),
  row: z.object({ id: z.string(), mbps: z.number().int(), monthlyPriceCents: z.number().int(), ...orderedRow }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'mbps', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'mbps', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...orderFields,
  ],
  blank: () => ({ id: '', mbps: '', monthlyPriceCents: '', sort: 0, active: true }),
  title: 'id',
});
