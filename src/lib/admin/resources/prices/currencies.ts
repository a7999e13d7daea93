import { z } from 'zod';
import { currencyRow, PRICE_LIMITS, staffRef } from '../../prices-schemas';
import { defineResource } from '../../resource';

/**
 * A currency rate, units per USD as typed ("7.80"): more than zero, at most 8 decimals (the column's scale). One
 * more than PRICE_LIMITS.rateDriftPct away from the current rate needs `confirm` (checked on the server, which
 * knows the current rate).
 */
const rate = z.union([z.string(), z.number()], { error: 'api.field.required' }).transform((value, ctx) => {
  const text = String(value).trim();
  const problem = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (text === '') return problem('api.field.required');
  if (!/^-?\d{1,10}(\.\d{1,8})?$/.test(text)) return problem('api.admin.pricesRateInvalid');
  const number = Number(text);
  if (!(number > 0)) return problem('api.admin.pricesRatePositive');
  if (number > PRICE_LIMITS.rateMax) return problem('api.admin.pricesTooHigh');
  return text;
});

/** A rate a currency had: from when, and who set it (null: the seed or a migration). */
export const rateHistoryAnswer = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      rate: z.string(),
      validFrom: z.string(),
      setBy: staffRef,
    }),
  ),
});
export type RateHistory = z.infer<typeof rateHistoryAnswer>;

/**
 * The currencies prices are shown and charged in, and their rates (docs/product/back-office-prices.md): a rate
 * applies from the moment it is saved, to quotes and new orders; orders keep theirs. Every rate is kept with who
 * set it (`GET /api/admin/prices/currencies/:code/rates`). The prices screen lists them and opens this form;
 * currencies themselves are neither added nor removed here, and USD, in which prices are stored, keeps rate 1.
 */
export const currenciesResource = defineResource({
  name: 'prices/currencies',
  path: '/prices',
  audit: 'currencyRate',
  table: 'currencies',
  changes: ['prices'],
  key: { field: 'code', type: 'string' },
  input: z.object({ rate, confirm: z.boolean({ error: 'api.field.invalid' }).default(false) }),
  row: currencyRow,
  access: { read: 'readCommerce', write: 'manageCommerce', create: false, delete: false },
  undo: { refused: 'prices' },
  list: { sorts: ['sort'], order: { sort: 'sort', dir: 'asc' } },
  columns: [
    { name: 'code', format: 'code' },
    { name: 'rate', format: 'number' },
    { name: 'updatedAt', format: 'datetime' },
  ],
  fields: [
    { name: 'rate', kind: 'decimal', hint: true },
    { name: 'confirm', kind: 'checkbox' },
    // Every rate it had, with who set it: read from its own route, never sent.
    { name: 'rateHistory', kind: 'custom', component: 'rateHistory' },
  ],
  blank: () => ({ rate: '', confirm: false }),
  title: 'code',
});
