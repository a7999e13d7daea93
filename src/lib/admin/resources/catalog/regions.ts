import { z } from 'zod';
import { defineResource, localizedRow } from '../../resource';
import {
  blankText,
  CATALOG_ACCESS,
  catalogCode,
  codeColumn,
  codeField,
  localized,
  orderColumns,
  ordered,
  orderedList,
  orderedRow,
  orderFields,
} from './common';

/** Where servers are sold. Its price adjustment is the pricing screen's: shown here, never written. */
export const regionsResource = defineResource({
  name: 'catalog/regions',
  path: '/catalog/regions',
  audit: 'region',
  table: 'regions',
  changes: ['catalog'],
  key: { field: 'id', type: 'string' },
  input: z.object({
    id: catalogCode,
    countryCode: z
      .string({ error: 'api.field.required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'api.admin.catalogCountryInvalid' }),
    country: localized(60),
    city: localized(60),
    networkNote: localized(400),
    testIp: z.union([z.ipv4(), z.ipv6()], { error: 'api.admin.catalogIpInvalid' }),
    ...ordered,
  }),
  row: z.object({
    id: z.string(),
    countryCode: z.string(),
    country: localizedRow,
    city: localizedRow,
    networkNote: localizedRow,
    testIp: z.string(),
    priceAdjustmentPct: z.number().int(),
    ...orderedRow,
  }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'city', format: 'localized' },
    { name: 'countryCode', format: 'code' },
    { name: 'testIp', format: 'code' },
    { name: 'priceAdjustmentPct', format: 'percent' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'city', kind: 'localized' },
    { name: 'country', kind: 'localized' },
    { name: 'countryCode', kind: 'text', hint: true },
    { name: 'networkNote', kind: 'localized', multiline: true },
    { name: 'testIp', kind: 'text', hint: true },
    { name: 'priceAdjustmentPct', kind: 'readonly', format: 'percent', hint: true },
    ...orderFields,
  ],
  blank: () => ({
    id: '',
    countryCode: '',
    country: blankText(),
    city: blankText(),
    networkNote: blankText(),
    testIp: '',
    sort: 0,
    active: true,
  }),
  title: 'city',
});
