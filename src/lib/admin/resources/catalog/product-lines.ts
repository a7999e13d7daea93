import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogKind, described } from './common';

/** The groups plans are listed under on the product page, dedicated servers included. Never withdrawn: empty. */
export const productLinesResource = defineResource({
  ...catalogKind('product-lines', 'productLine', 'productLines'),
  input: z.object({
    ...described.input,
    dedicated: z.boolean({ error: 'api.field.invalid' }).default(false),
    sort: amount(0, 10_000).default(0),
  }),
  row: z.object({ ...described.row, dedicated: z.boolean(), sort: z.number().int(), version: z.number().int() }),
  list: { sorts: ['sort', 'id'], order: { sort: 'sort', dir: 'asc' }, search: true },
  columns: [
    ...described.columns,
    { name: 'dedicated', format: 'boolean' },
    { name: 'sort', format: 'number', sort: 'sort' },
  ],
  fields: [...described.fields, { name: 'dedicated', kind: 'checkbox' }, { name: 'sort', kind: 'integer' }],
  blank: () => ({ ...described.blank(), dedicated: false, sort: 0 }),
  title: 'name',
});
