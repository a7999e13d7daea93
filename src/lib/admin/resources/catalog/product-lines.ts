import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import { amount, blankText, CATALOG_ACCESS, catalogCode, codeColumn, codeField, localized } from './common';

/** The groups plans are listed under on the product page, dedicated servers included. Never withdrawn: empty. */
export const productLinesResource = defineResource({
  name: 'catalog/product-lines',
  path: '/catalog/product-lines',
  audit: 'productLine',
  table: 'productLines',
  changes: ['catalog'],
  key: { field: 'id', type: 'string' },
  input: z.object({
    id: catalogCode,
    name: localized(80),
    description: localized(400),
    dedicated: z.boolean({ error: 'api.field.invalid' }).default(false),
    sort: amount(0, 10_000).default(0),
  }),
  row: z.object({
    id: z.string(),
    name: localizedRow,
    description: localizedRow,
    dedicated: z.boolean(),
    sort: z.number().int(),
    version: z.number().int(),
  }),
  access: CATALOG_ACCESS,
  undo: true,
  list: { sorts: ['sort', 'id'], order: { sort: 'sort', dir: 'asc' }, search: true },
  columns: [
    codeColumn,
    { name: 'name', format: 'localized' },
    { name: 'dedicated', format: 'boolean' },
    { name: 'sort', format: 'number', sort: 'sort' },
  ],
  fields: [
    codeField,
    { name: 'name', kind: 'localized' },
    { name: 'description', kind: 'localized', multiline: true },
    { name: 'dedicated', kind: 'checkbox' },
    { name: 'sort', kind: 'integer' },
  ],
  blank: () => ({ id: '', name: blankText(), description: blankText(), dedicated: false, sort: 0 }),
  title: 'name',
});
