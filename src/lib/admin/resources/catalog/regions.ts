import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import { blankText, catalogKind, code, localized, ordered, orderedList } from './common';

/** Where servers are sold. Its price adjustment is the pricing screen's: shown here, never written. */
export const regionsResource = defineResource({
  ...catalogKind('regions', 'region', 'regions'),
  input: z.object({
    ...code.input,
    countryCode: z
      .string({ error: 'api.field.required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'api.admin.catalogCountryInvalid' }),
    country: localized(60),
    city: localized(60),
    networkNote: localized(400),
    testIp: z.union([z.ipv4(), z.ipv6()], { error: 'api.admin.catalogIpInvalid' }),
    ...ordered.input,
  }),
  row: z.object({
    ...code.row,
    countryCode: z.string(),
    country: localizedRow,
    city: localizedRow,
    networkNote: localizedRow,
    testIp: z.string(),
    priceAdjustmentPct: z.number().int(),
    ...ordered.row,
  }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'city', format: 'localized' },
    { name: 'countryCode', format: 'code' },
    { name: 'testIp', format: 'code' },
    { name: 'priceAdjustmentPct', format: 'percent' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'city', kind: 'localized', every: true },
    { name: 'country', kind: 'localized', every: true },
    { name: 'countryCode', kind: 'text', hint: true },
    { name: 'networkNote', kind: 'localized', every: true, multiline: true },
    { name: 'testIp', kind: 'text', hint: true },
    { name: 'priceAdjustmentPct', kind: 'readonly', format: 'percent', hint: true },
    ...ordered.fields,
  ],
  blank: () => ({
    id: '',
    countryCode: '',
    country: blankText(),
    city: blankText(),
    networkNote: blankText(),
    testIp: '',
    ...ordered.blank,
  }),
  title: 'city',
});
