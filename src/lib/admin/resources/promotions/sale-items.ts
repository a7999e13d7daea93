import { z } from 'zod';
import { recordId } from '../../../validation/numbers';
import { defineResource, localizedRow, versioned } from '../../resource';
import {
  cents,
  code,
  limitWithinStock,
  months,
  NO_UNDO,
  PROMOTION_LIMITS,
  PROMOTION_MONTHS,
  perUserLimit,
  sort,
  stock,
} from './common';

export const saleItemInput = z
  .object({
    /** The sale it belongs to, chosen when it is made. */
    activityId: recordId,
    planId: code,
    regionId: code,
    months,
    salePriceCents: cents(1, PROMOTION_LIMITS.priceCentsMax),
    stockTotal: stock,
    perUserLimit,
    sort,
  })
  .superRefine(limitWithinStock);

/**
 * A sale's items: a plan in a region for a term, at a price, with a stock and a per-account limit. Listed on their
 * sale's page (the `sale` filter); orders point at them, so they are not deleted.
 */
export const saleItemsResource = defineResource({
  name: 'sale-items',
  path: '/promotions/sale-items',
  audit: 'saleItem',
  table: 'saleItems',
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: saleItemInput,
  row: z.object({
    id: z.number().int(),
    activityId: z.number().int(),
    planId: z.string(),
    regionId: z.string(),
    months: z.number().int(),
    salePriceCents: z.number().int(),
    stockTotal: z.number().int(),
    stockLeft: z.number().int(),
    perUserLimit: z.number().int(),
    sort: z.number().int(),
    ...versioned,
    /** Taken from the stock by orders that have not given it back: what the stock may not go below. */
    sold: z.number().int(),
    planName: localizedRow,
    regionName: localizedRow,
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: false },
  undo: NO_UNDO,
  list: {
    sorts: ['sort', 'id'],
    order: { sort: 'sort', dir: 'asc' },
    filters: [{ name: 'sale', kind: 'text' }],
  },
  columns: [
    { name: 'planName', format: 'localized' },
    { name: 'regionName', format: 'localized' },
    { name: 'months', format: 'option' },
    { name: 'salePriceCents', format: 'money' },
    { name: 'sold', format: 'number' },
    { name: 'stockTotal', format: 'number' },
    { name: 'perUserLimit', format: 'number' },
  ],
  fields: [
    { name: 'activityId', kind: 'reference', source: 'sales', fixed: true },
    { name: 'planId', kind: 'reference', source: 'plans' },
    { name: 'regionId', kind: 'reference', source: 'regions', narrowedBy: { field: 'planId', source: 'plans' } },
    { name: 'months', kind: 'select', options: PROMOTION_MONTHS },
    { name: 'salePriceCents', kind: 'money' },
    { name: 'sold', kind: 'readonly', format: 'text', when: (v) => typeof v.sold === 'number' },
    { name: 'stockTotal', kind: 'integer', hint: true },
    { name: 'perUserLimit', kind: 'integer', hint: true },
    { name: 'sort', kind: 'integer', hint: true },
  ],
  blank: () => ({
    activityId: '',
    planId: '',
    regionId: '',
    months: 12,
    salePriceCents: '',
    stockTotal: 50,
    perUserLimit: 1,
    sort: 0,
  }),
  title: 'planName',
});
