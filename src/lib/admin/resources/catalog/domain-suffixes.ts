import { z } from 'zod';
import { defineResource } from '../../resource';
import { catalogKind, onSaleFilter, ordered, price } from './common';

export const SUFFIX_CATEGORIES = ['popular', 'new', 'country'] as const;

/** Suffixes on sale with their yearly register, renew and transfer prices, keyed by the suffix itself. */
export const domainSuffixesResource = defineResource({
  ...catalogKind('domain-suffixes', 'domainSuffix', 'domainSuffixes', ['catalog', 'prices']),
  key: { field: 'suffix', type: 'string' },
  input: z.object({
    /** `.com`, `.co.uk`: lower case, ASCII (punycode for an internationalized suffix), with its leading dot. */
    suffix: z
      .string({ error: 'api.field.required' })
      .trim()
      .toLowerCase()
      .transform((v) => (v.startsWith('.') ? v : `.${v}`))
      .pipe(
        z
          .string()
          .max(64, { error: 'api.field.tooLong' })
          .regex(/^(\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, { error: 'api.admin.catalogSuffixInvalid' }),
      ),
    category: z.enum(SUFFIX_CATEGORIES, { error: 'api.field.invalid' }),
    registerPriceCents: price(),
    renewPriceCents: price(),
    transferPriceCents: price(),
    promo: z.boolean({ error: 'api.field.invalid' }).default(false),
    ...ordered.input,
  }),
  row: z.object({
    suffix: z.string(),
    category: z.string(),
    registerPriceCents: z.number().int(),
    renewPriceCents: z.number().int(),
    transferPriceCents: z.number().int(),
    promo: z.boolean(),
    ...ordered.row,
  }),
  list: {
    sorts: ['sort', 'suffix'],
    order: { sort: 'sort', dir: 'asc' },
    search: true,
    filters: [onSaleFilter],
  },
  columns: [
    { name: 'suffix', format: 'code', sort: 'suffix' },
    { name: 'category', format: 'option' },
    { name: 'registerPriceCents', format: 'money' },
    { name: 'renewPriceCents', format: 'money' },
    { name: 'transferPriceCents', format: 'money' },
    { name: 'promo', format: 'boolean' },
    ...ordered.columns,
  ],
  fields: [
    { name: 'suffix', kind: 'code', fixed: true, hint: true },
    { name: 'category', kind: 'select', options: SUFFIX_CATEGORIES },
    { name: 'registerPriceCents', kind: 'money', hint: true },
    { name: 'renewPriceCents', kind: 'money', hint: true },
    { name: 'transferPriceCents', kind: 'money', hint: true },
    { name: 'promo', kind: 'checkbox' },
    ...ordered.fields,
  ],
  blank: () => ({
    suffix: '',
    category: 'new' as const,
    registerPriceCents: '',
    renewPriceCents: '',
    transferPriceCents: '',
    promo: false,
    ...ordered.blank,
  }),
  title: 'suffix',
});
