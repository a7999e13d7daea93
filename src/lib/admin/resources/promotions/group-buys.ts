import { z } from 'zod';
import { wholeNumber } from '../../../validation/numbers';
import { defineResource, localizedRow, versioned } from '../../resource';
import { localizedText } from '../../schemas';
import {
  blankText,
  cents,
  code,
  endsAfterStart,
  inDays,
  instant,
  months,
  NO_UNDO,
  PROMOTION_LIMITS,
  PROMOTION_MONTHS,
  SCHEDULE_STATES,
  scheduleColumns,
  scheduledList,
  scheduleFields,
  scheduleRow,
  sort,
} from './common';

/** Optional text in three languages: all may be empty (or null, as answered), but a translation needs its English. */
const optionalLocalizedText = (max: number) => {
  const text = z.string({ error: 'api.field.invalid' }).trim().max(max, { error: 'api.field.tooLong' }).default('');
  return z
    .object({ en: text, zh: text, ja: text })
    .superRefine((value, ctx) => {
      if (!value.en && (value.zh || value.ja))
        ctx.addIssue({ code: 'custom', path: ['en'], message: 'api.field.required' });
    })
    .nullish();
};

export const groupBuyInput = z
  .object({
    name: localizedText(160),
    planId: code,
    regionId: code,
    months,
    groupSize: wholeNumber({ min: 2, max: PROMOTION_LIMITS.groupSizeMax }),
    /** Below the plan's regular price in the region for the term (checked on the server, the pricing model's). */
    groupPriceCents: cents(1, PROMOTION_LIMITS.priceCentsMax),
    groupHours: wholeNumber({ min: 1, max: PROMOTION_LIMITS.groupHoursMax }),
    startsAt: instant,
    endsAt: instant,
    sort,
    /** The offer's own rules, one a line, after the general group-buy rules; none kept as null. */
    rules: optionalLocalizedText(2000),
  })
  .superRefine((value, ctx) => endsAfterStart(value, ctx));

/**
 * Group-buy (pintuan) offers. A change applies to groups opened after it: open groups keep the size they were
 * opened with, and their orders their price. Groups point at them, so they are ended, not deleted.
 */
export const groupBuysResource = defineResource({
  name: 'pintuan-offers',
  path: '/promotions/group-buys',
  audit: 'pintuanOffer',
  table: 'pintuanOffers',
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: groupBuyInput,
  row: z.object({
    id: z.number().int(),
    name: localizedRow,
    planId: z.string(),
    regionId: z.string(),
    months: z.number().int(),
    groupSize: z.number().int(),
    groupPriceCents: z.number().int(),
    /** The plan's regular price in the region for the term (the pricing model's); null when not sold there. */
    regularPriceCents: z.number().int().nullable(),
    groupHours: z.number().int(),
    ...scheduleRow,
    sort: z.number().int(),
    rules: localizedRow.nullable(),
    ...versioned,
    openGroups: z.number().int(),
    succeededGroups: z.number().int(),
    state: z.enum(SCHEDULE_STATES),
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: false },
  undo: NO_UNDO,
  list: scheduledList,
  columns: [
    { name: 'name', format: 'localized' },
    { name: 'groupSize', format: 'number' },
    { name: 'groupPriceCents', format: 'money' },
    { name: 'regularPriceCents', format: 'money' },
    { name: 'openGroups', format: 'number' },
    { name: 'succeededGroups', format: 'number' },
    ...scheduleColumns,
  ],
  fields: [
    { name: 'name', kind: 'localized' },
    { name: 'planId', kind: 'reference', source: 'plans' },
    { name: 'regionId', kind: 'reference', source: 'regions', narrowedBy: { field: 'planId', source: 'plans' } },
    { name: 'months', kind: 'select', options: PROMOTION_MONTHS },
    { name: 'groupSize', kind: 'integer' },
    { name: 'groupHours', kind: 'integer', hint: true },
    { name: 'groupPriceCents', kind: 'money' },
    ...scheduleFields,
    { name: 'rules', kind: 'localized', multiline: true, hint: true },
    { name: 'sort', kind: 'integer', hint: true },
  ],
  blank: () => ({
    name: blankText(),
    planId: '',
    regionId: '',
    months: 12,
    groupSize: 2,
    groupHours: 24,
    groupPriceCents: '',
    startsAt: inDays(0),
    endsAt: inDays(30),
    rules: blankText(),
    sort: 0,
  }),
  title: 'name',
});
