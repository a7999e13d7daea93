import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogKind, code, ordered, orderedList, price } from './common';

/** Port speeds above what a plan includes, priced per month before the region's adjustment. */
export const bandwidthResource = defineResource({
  ...catalogKind('bandwidth', 'bandwidthTier', 'bandwidthTiers', ['catalog', 'prices']),
  input: z.object({ ...code.input, mbps: amount(1, 100_000), monthlyPriceCents: price(), ...ordered.input }),
  row: z.object({ ...code.row, mbps: z.number().int(), monthlyPriceCents: z.number().int(), ...ordered.row }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'mbps', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'mbps', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...ordered.fields,
  ],
  blank: () => ({ id: '', mbps: '', monthlyPriceCents: '', ...ordered.blank }),
  title: 'id',
});
