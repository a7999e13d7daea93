import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogKind, code, ordered, orderedList, price } from './common';

/** Extra monthly traffic, priced per month before the region's adjustment. */
export const trafficResource = defineResource({
  ...catalogKind('traffic', 'trafficPackage', 'trafficPackages', ['catalog', 'prices']),
  input: z.object({ ...code.input, gb: amount(1, 1_000_000), monthlyPriceCents: price(), ...ordered.input }),
  row: z.object({ ...code.row, gb: z.number().int(), monthlyPriceCents: z.number().int(), ...ordered.row }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'gb', format: 'number' },
    { name: 'monthlyPriceCents', format: 'money' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'gb', kind: 'integer' },
    { name: 'monthlyPriceCents', kind: 'money', hint: true },
    ...ordered.fields,
  ],
  blank: () => ({ id: '', gb: '', monthlyPriceCents: '', ...ordered.blank }),
  title: 'id',
});
