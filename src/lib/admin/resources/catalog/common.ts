import '../../../validation/zod-config';
import { z } from 'zod';
import type { Column, Field, Filter } from '../../resource';

/**
 * What the catalog's kinds share (docs/product/back-office-catalog.md): their codes, amounts and three-language
 * names, who reads and changes them, how their lists order and filter, and the display order and on-sale switch
 * most of them have. Each kind's declaration is its own file beside this one.
 */

/** Every staff role reads the catalog (support quotes a plan); owners and managers change it. */
export const CATALOG_ACCESS = { read: 'readCommerce', write: 'manageCommerce', delete: 'manageCommerce' } as const;

/**
 * The most a price may be, in USD cents: far above any real price, so a slipped digit (a monthly price typed in
 * the cents of a yearly one, ten times over) is caught, not sold.
 */
export const PRICE_MAX_CENTS = 1_000_000;

/** A whole number in bounds, with the catalog's own words for each way it can be wrong. */
export function amount(min: number, max: number, messages: { below?: string; above?: string } = {}) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,16}$/, 'api.field.invalid'),
      ],
      {
        message: 'api.field.invalid',
      },
    )
    .pipe(
      z.coerce
        .number<string | number>()
        .int('api.field.invalid')
        .min(min, messages.below ?? (min === 0 ? 'api.admin.catalogNegative' : 'api.field.tooSmall'))
        .max(max, messages.above ?? 'api.field.tooBig'),
    );
}

/** A price in USD cents, 0 or more. */
export const price = (max = PRICE_MAX_CENTS) => amount(0, max, { above: 'api.admin.catalogPriceTooHigh' });

/** A catalog item's code: lower-case letters, digits, dots and dashes, as the public API's ids are. */
export const catalogCode = z
  .string({ error: 'api.field.required' })
  .trim()
  .min(1, { error: 'api.field.required', abort: true })
  .max(60, { error: 'api.field.tooLong', abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, { error: 'api.admin.catalogCodeInvalid' });

export const shortText = (max: number) =>
  z
    .string({ error: 'api.field.required' })
    .trim()
    .min(1, { error: 'api.field.required', abort: true })
    .max(max, { error: 'api.field.tooLong' });

/** A name in three languages: each is shown to the visitors of its language, so all three are required. */
export function localized(max: number) {
  const text = shortText(max);
  return z.object({ en: text, zh: text, ja: text });
}

/** Where an image or a plan is offered: a region left out is withdrawn from there. */
export const regionIds = z
  .array(catalogCode, { error: 'api.field.invalid' })
  .max(100, { error: 'api.field.tooLong' })
  .transform((ids) => [...new Set(ids)].sort());

/** The display order and the on-sale switch, in an input. */
export const ordered = {
  sort: amount(0, 10_000).default(0),
  active: z.boolean({ error: 'api.field.invalid' }).default(true),
};

/** The same, as a row answers them, with the row's version. */
export const orderedRow = { sort: z.number().int(), active: z.boolean(), version: z.number().int() };

/** A text in three languages as the form starts it. */
export const blankText = () => ({ en: '', zh: '', ja: '' });

/** The code a row is made with, named everywhere after (orders, the public API): shown, never changed. */
export const codeField = { name: 'id', kind: 'code', fixed: true, hint: true } as const satisfies Field;
export const codeColumn = { name: 'id', format: 'code', sort: 'id' } as const satisfies Column;

/** Display order and on sale, at the end of a form and of a list. */
export const orderFields = [
  { name: 'sort', kind: 'integer' },
  { name: 'active', kind: 'checkbox', hint: true },
] as const satisfies readonly Field[];
export const orderColumns = [
  { name: 'sort', format: 'number', sort: 'sort' },
  { name: 'active', format: 'boolean' },
] as const satisfies readonly Column[];

/** Only what is on sale, only what is withdrawn, or both. */
export const onSaleFilter = { name: 'status', options: ['all', 'onSale', 'withdrawn'] } as const satisfies Filter;

/** A list in display order, searched, filtered by on sale or withdrawn. */
export const orderedList = {
  sorts: ['sort', 'id'],
  order: { sort: 'sort', dir: 'asc' },
  search: true,
  filters: [onSaleFilter],
} as const;
