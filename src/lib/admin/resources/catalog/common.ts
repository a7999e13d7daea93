import '../../../validation/zod-config';
import { z } from 'zod';
import type { ChangeKind } from '../../../change-kinds';
import { wholeNumber } from '../../../validation/numbers';
import { type Column, type Field, type Filter, localizedRow } from '../../resource';

/**
 * What the catalog's kinds share (docs/product/back-office-catalog.md): their codes, amounts and three-language
 * names, who reads and changes them, how their lists order and filter, and the display order and on-sale switch
 * most of them have. Each kind's declaration is its own file beside this one.
 */

/** Every staff role reads the catalog (support quotes a plan); owners and managers change it. */
export const CATALOG_ACCESS = { read: 'readCommerce', write: 'manageCommerce', delete: 'manageCommerce' } as const;

/**
 * What places a kind in the catalog: its API path and messages (`catalog/<kind>`), its screen
 * (/admin/catalog/<kind>), its audit kind and table, what its changes announce, and the code that keys it; who
 * reads and changes it; and that its changes can be undone from the audit log.
 */
export const catalogKind = <const K extends string>(
  kind: K,
  audit: string,
  table: string,
  changes: readonly ChangeKind[] = ['catalog'],
) => ({
  name: `catalog/${kind}` as const,
  path: `/catalog/${kind}` as const,
  audit,
  table,
  changes,
  key: { field: 'id', type: 'string' } as { field: string; type: 'string' },
  access: CATALOG_ACCESS,
  undo: true as const,
});

/**
 * The most a price may be, in USD cents: far above any real price, so a slipped digit (a monthly price typed in
 * the cents of a yearly one, ten times over) is caught, not sold.
 */
export const PRICE_MAX_CENTS = 1_000_000;

/** A whole number in bounds, with the catalog's own words for each way it can be wrong. */
export const amount = (min: number, max: number, messages: { below?: string; above?: string } = {}) =>
  wholeNumber({
    min,
    max,
    tooSmall: messages.below ?? (min === 0 ? 'api.admin.catalogNegative' : 'api.field.tooSmall'),
    tooBig: messages.above,
  });

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

/** A text in three languages as the form starts it. */
export const blankText = () => ({ en: '', zh: '', ja: '' });

/**
 * The code a row is made with and named by everywhere after (orders, the public API): in the input, the row, the
 * form (shown, never changed) and the list.
 */
export const code = {
  input: { id: catalogCode },
  row: { id: z.string() },
  field: { name: 'id', kind: 'code', fixed: true, hint: true } as const satisfies Field,
  column: { name: 'id', format: 'code', sort: 'id' } as const satisfies Column,
};

/** The code, name and description most kinds have, all three languages of each required. */
export const described = {
  input: { ...code.input, name: localized(80), description: localized(400) },
  row: { ...code.row, name: localizedRow, description: localizedRow },
  fields: [
    code.field,
    { name: 'name', kind: 'localized', every: true },
    { name: 'description', kind: 'localized', every: true, multiline: true },
  ] as const satisfies readonly Field[],
  columns: [code.column, { name: 'name', format: 'localized' }] as const satisfies readonly Column[],
  blank: () => ({ id: '', name: blankText(), description: blankText() }),
};

/** The display order and the on-sale switch (withdrawn when off), and the row's version, at the end of each part. */
export const ordered = {
  input: { sort: amount(0, 10_000).default(0), active: z.boolean({ error: 'api.field.invalid' }).default(true) },
  row: { sort: z.number().int(), active: z.boolean(), version: z.number().int() },
  fields: [
    { name: 'sort', kind: 'integer' },
    { name: 'active', kind: 'checkbox', hint: true },
  ] as const satisfies readonly Field[],
  columns: [
    { name: 'sort', format: 'number', sort: 'sort' },
    { name: 'active', format: 'boolean' },
  ] as const satisfies readonly Column[],
  blank: { sort: 0, active: true },
};

/** Only what is on sale, only what is withdrawn, or both. */
export const onSaleFilter = { name: 'status', options: ['all', 'onSale', 'withdrawn'] } as const satisfies Filter;

/** A list in display order, searched, filtered by on sale or withdrawn. */
export const orderedList = {
  sorts: ['sort', 'id'],
  order: { sort: 'sort', dir: 'asc' },
  search: true,
  filters: [onSaleFilter],
} as const;
