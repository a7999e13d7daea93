import { z } from 'zod';
import { wholeNumber } from '../../../validation/numbers';
import { type Column, defineResource, localizedRow, versioned } from '../../resource';
import { localizedText } from '../../schemas';
import {
  cents,
  code,
  endsAfterStart,
  inDays,
  instant,
  limitWithinStock,
  NO_UNDO,
  PROMOTION_LIMITS,
  perUserLimit,
  scheduleColumns,
  scheduledList,
  scheduleFields,
  scheduleRow,
  sort,
  stock,
} from './common';

export const COUPON_KINDS = ['amount', 'percent'] as const;
export const COUPON_STATES = ['upcoming', 'active', 'soldOut', 'ended'] as const;

/** What a welcome coupon has no use for: the bundle is given with each claim and valid from then. */
const CENTRE_ONLY = ['startsAt', 'endsAt', 'stockTotal', 'perUserLimit'] as const;

/**
 * A coupon: a fixed amount off (USD cents) or a percentage (1–99: a whole order free is not a coupon), above a
 * minimum order, on some product lines (none = all), claimable between its start and end, usable for
 * `validDays` once claimed. `welcome` coupons are the sign-up bundle, given with each welcome claim rather than
 * claimed one by one: their schedule, stock and per-account limit are not used, so they may be left out. The
 * other kind's value may be left out or null, as a coupon is answered.
 */
export const couponInput = z
  .object({
    name: localizedText(120),
    kind: z.enum(COUPON_KINDS, { error: 'api.field.invalid' }),
    amountCents: cents(0, PROMOTION_LIMITS.couponValueCentsMax).nullish(),
    percentOff: wholeNumber({ min: 0, max: 1000 }).nullish(),
    thresholdCents: cents(0, PROMOTION_LIMITS.priceCentsMax).default(0),
    products: z.array(code, { error: 'api.field.invalid' }).max(20, { error: 'api.field.tooLong' }).default([]),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    validDays: wholeNumber({ min: 1, max: PROMOTION_LIMITS.validDaysMax }),
    stockTotal: stock.optional(),
    perUserLimit: perUserLimit.optional(),
    newCustomerOnly: z.boolean({ error: 'api.field.invalid' }).optional(),
    /** Chosen when the coupon is made: moving it would change what customers already hold it for. */
    welcome: z.boolean({ error: 'api.field.invalid' }).optional(),
    sort,
  })
  .superRefine((value, ctx) => {
    const { kind, amountCents, percentOff, thresholdCents } = value;
    if (kind === 'percent' && !(percentOff && percentOff >= 1 && percentOff <= 99)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'api.admin.promotionsPercentRange' });
    }
    if (kind === 'amount' && !(amountCents && amountCents >= 1)) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'api.admin.promotionsAmountRequired' });
    }
    if (kind === 'amount' && thresholdCents > 0 && (amountCents ?? 0) > thresholdCents) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'api.admin.promotionsAmountAboveThreshold' });
    }
    if (!value.welcome) {
      for (const name of CENTRE_ONLY) {
        if (value[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'api.field.required' });
      }
      endsAfterStart(value, ctx);
      limitWithinStock(value, ctx);
    }
    if (new Set(value.products).size !== value.products.length) {
      ctx.addIssue({ code: 'custom', path: ['products'], message: 'api.field.invalid' });
    }
  });

/** Shown for coupons of the coupon centre only. */
const centre = (values: Record<string, unknown>) => !values.welcome;

/** The welcome bundle's list (/admin/promotions/welcome): what each coupon is worth and how many hold it. */
export const WELCOME_COLUMNS: readonly Column[] = [
  { name: 'name', format: 'localized' },
  { name: 'amountCents', format: 'money' },
  { name: 'percentOff', format: 'percent' },
  { name: 'thresholdCents', format: 'money' },
  { name: 'validDays', format: 'number' },
  { name: 'held', format: 'number' },
];

/** Coupons of the coupon centre and of the welcome bundle (docs/product/back-office-promotions.md). */
export const couponsResource = defineResource({
  name: 'coupons',
  path: '/promotions/coupons',
  audit: 'coupon',
  table: 'coupons',
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: couponInput,
  row: z.object({
    id: z.number().int(),
    name: localizedRow,
    kind: z.enum(COUPON_KINDS),
    /** Null on a percent coupon. */
    amountCents: z.number().int().nullable(),
    /** Null on an amount coupon. */
    percentOff: z.number().int().nullable(),
    thresholdCents: z.number().int(),
    products: z.array(z.string()),
    ...scheduleRow,
    validDays: z.number().int(),
    stockTotal: z.number().int(),
    stockLeft: z.number().int(),
    perUserLimit: z.number().int(),
    newCustomerOnly: z.boolean(),
    welcome: z.boolean(),
    sort: z.number().int(),
    ...versioned,
    /** Taken from the stock by claims in the coupon centre: what the stock may not go below. */
    claimed: z.number().int(),
    /** Held by customers (claimed from the centre or given with the welcome bundle), used or not. */
    held: z.number().int(),
    state: z.enum(COUPON_STATES),
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: false },
  undo: NO_UNDO,
  list: {
    ...scheduledList,
    sorts: [...scheduledList.sorts, 'claimed'],
    filters: [{ name: 'offer', options: ['centre', 'welcome', 'all'] }],
  },
  columns: [
    { name: 'name', format: 'localized' },
    { name: 'amountCents', format: 'money' },
    { name: 'percentOff', format: 'percent' },
    { name: 'thresholdCents', format: 'money' },
    { name: 'claimed', format: 'number', sort: 'claimed' },
    { name: 'stockTotal', format: 'number' },
    ...scheduleColumns,
  ],
  fields: [
    { name: 'name', kind: 'localized' },
    { name: 'kind', kind: 'select', options: COUPON_KINDS },
    { name: 'amountCents', kind: 'money', when: (v) => v.kind === 'amount' },
    { name: 'percentOff', kind: 'integer', hint: true, when: (v) => v.kind === 'percent' },
    { name: 'thresholdCents', kind: 'money' },
    { name: 'products', kind: 'reference', source: 'couponProducts', multiple: true, hint: true },
    { name: 'validDays', kind: 'integer' },
    { name: 'welcome', kind: 'checkbox', fixed: true },
    ...scheduleFields.map((f) => ({ ...f, when: centre })),
    // What is taken, beside the stock that may not go below it: a saved coupon's (a new one has none).
    { name: 'claimed', kind: 'readonly', format: 'text', when: (v) => centre(v) && typeof v.claimed === 'number' },
    { name: 'stockTotal', kind: 'integer', hint: true, when: centre },
    { name: 'perUserLimit', kind: 'integer', hint: true, when: centre },
    { name: 'newCustomerOnly', kind: 'checkbox', when: centre },
    { name: 'sort', kind: 'integer', hint: true },
  ],
  blank: () => ({
    name: { en: '', zh: '', ja: '' },
    kind: 'amount' as const,
    amountCents: null,
    percentOff: null,
    thresholdCents: 0,
    products: [],
    startsAt: inDays(0),
    endsAt: inDays(30),
    validDays: 30,
    stockTotal: 100,
    perUserLimit: 1,
    newCustomerOnly: false,
    welcome: false,
    sort: 0,
  }),
  title: 'name',
});
