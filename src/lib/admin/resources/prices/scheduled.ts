import { z } from 'zod';
import { PRICE_TARGETS, priceSchedule, staffRef, storedPriceChange } from '../../prices-schemas';
import { defineResource } from '../../resource';

export const SCHEDULED_STATUSES = ['pending', 'applied', 'cancelled', 'failed'] as const;

export const scheduledPriceRow = z.object({
  id: z.number().int(),
  target: z.enum(PRICE_TARGETS),
  /** The row it changes, as the audit log names it ("planRegion:std-1c1g/hong-kong"). */
  targetKey: z.string(),
  change: storedPriceChange,
  startsAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  createdBy: staffRef,
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: staffRef,
  /** Why it could not apply at its time (a message key). */
  failure: z.string().nullable(),
  version: z.number().int(),
});
export type ScheduledPriceChange = z.infer<typeof scheduledPriceRow>;

/**
 * Price changes from a given time (docs/decisions/042-scheduled-prices.md). One is made on the prices screen after
 * its preview (`POST /api/admin/prices/scheduled`, the change form's own route), never through a form of its
 * own, and never changed: it applies on its own at its time, fails there, or is cancelled before (`cancel`). Its
 * list is a part of the prices screen (/admin/prices), which draws it with the shared list parts; it grows with
 * every change ever scheduled, so it pages by cursor.
 */
export const scheduledPricesResource = defineResource({
  name: 'prices/scheduled',
  path: '/prices',
  audit: 'priceSchedule',
  table: 'scheduledPriceChanges',
  changes: ['prices'],
  key: { field: 'id', type: 'number' },
  input: priceSchedule,
  row: scheduledPriceRow,
  access: { read: 'readCommerce', write: 'manageCommerce', create: false, update: false, delete: false },
  actions: [
    {
      name: 'cancel',
      permission: 'manageCommerce',
      tone: 'danger',
      when: (row) => row.status === 'pending',
    },
  ],
  undo: { refused: 'prices' },
  list: {
    // `due`: the pending changes first, soonest first, then the others, latest first.
    sorts: ['due'],
    order: { sort: 'due', dir: 'asc' },
    filters: [{ name: 'status', options: ['all', ...SCHEDULED_STATUSES] }],
    paging: 'keyset',
  },
  columns: [{ name: 'change' }, { name: 'startsAt', format: 'datetime' }, { name: 'status', format: 'option' }],
  fields: [],
  blank: () => ({ change: { target: 'term' as const, months: 1, percentOff: 0 }, startsAt: '' }),
  title: 'targetKey',
});
