import { z } from 'zod';
import { isCountryCode } from '../../countries';
import { defineResource, localizedRow, versioned } from '../resource';
import { localizedText } from '../schemas';

/** A tax rule as owners and managers edit it: the country, the tax's name, its rate and the day it applies from. */
export const taxRuleInput = z.object({
  country: z
    .string({ error: 'api.field.required' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'api.field.invalid' }),
  name: localizedText(40),
  ratePercent: z
    .string({ error: 'api.field.required' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'api.admin.taxRateInvalid' }),
  reverseCharge: z.boolean({ error: 'api.field.invalid' }).default(false),
  validFrom: z.iso.date({ error: 'api.field.invalid' }),
});

/** The taxes customers pay by billing country, each from a day on (docs/product/back-office-api.md). */
export const taxRulesResource = defineResource({
  name: 'tax-rules',
  path: '/tax-rules',
  nav: { section: 'commerce' },
  audit: 'taxRule',
  table: 'taxRules',
  changes: ['prices'],
  key: { field: 'id', type: 'number' },
  input: taxRuleInput,
  row: z.object({
    id: z.number().int(),
    country: z.string(),
    name: localizedRow,
    ratePercent: z.string(),
    reverseCharge: z.boolean(),
    validFrom: z.string(),
    ...versioned,
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: 'manageCommerce' },
  undo: true,
  list: { sorts: ['country', 'validFrom'], order: { sort: 'country', dir: 'asc' }, search: true },
  columns: [
    { name: 'country', format: 'country', sort: 'country' },
    { name: 'name', format: 'localized' },
    { name: 'ratePercent', format: 'percent' },
    { name: 'reverseCharge', format: 'boolean' },
    { name: 'validFrom', format: 'date', sort: 'validFrom' },
  ],
  fields: [
    { name: 'country', kind: 'country' },
    { name: 'name', kind: 'localized' },
    { name: 'ratePercent', kind: 'decimal', hint: true },
    { name: 'reverseCharge', kind: 'checkbox', hint: true },
    { name: 'validFrom', kind: 'date' },
  ],
  blank: () => ({
    country: '',
    name: { en: '', zh: '', ja: '' },
    ratePercent: '',
    reverseCharge: false,
    validFrom: new Date().toISOString().slice(0, 10),
  }),
  title: 'country',
  duplicate: 'validFrom',
});
