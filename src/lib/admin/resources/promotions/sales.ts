import { z } from 'zod';
import { defineResource, localizedRow, versioned } from '../../resource';
import { localizedText } from '../../schemas';
import {
  blankText,
  endsAfterStart,
  inDays,
  instant,
  NO_UNDO,
  SCHEDULE_STATES,
  scheduleColumns,
  scheduleFields,
  scheduleRow,
} from './common';

export const saleInput = z
  .object({
    name: localizedText(120),
    description: localizedText(1000),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine(endsAfterStart);

/**
 * VPS sale events; each opens on a page of its own (/admin/promotions/sales/<id>) with its items
 * (docs/product/back-office-promotions.md). Orders point at their items, so a sale is ended, not deleted.
 */
export const salesResource = defineResource({
  name: 'sales',
  path: '/promotions/sales',
  audit: 'sale',
  table: 'saleActivities',
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: saleInput,
  row: z.object({
    id: z.number().int(),
    name: localizedRow,
    description: localizedRow,
    ...scheduleRow,
    ...versioned,
    /** Its items, what they sold (taken by orders that have not given it back) and their stock together. */
    items: z.number().int(),
    sold: z.number().int(),
    stock: z.number().int(),
    state: z.enum(SCHEDULE_STATES),
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: false },
  undo: NO_UNDO,
  detail: 'page',
  list: { sorts: ['endsAt', 'startsAt', 'id'], order: { sort: 'endsAt', dir: 'desc' }, search: true },
  columns: [
    { name: 'name', format: 'localized' },
    { name: 'items', format: 'number' },
    { name: 'sold', format: 'number' },
    { name: 'stock', format: 'number' },
    { name: 'startsAt', format: 'datetime', sort: 'startsAt' },
    ...scheduleColumns,
  ],
  fields: [
    { name: 'name', kind: 'localized' },
    { name: 'description', kind: 'localized', multiline: true },
    ...scheduleFields,
  ],
  blank: () => ({ name: blankText(), description: blankText(), startsAt: inDays(0), endsAt: inDays(14) }),
  title: 'name',
});
