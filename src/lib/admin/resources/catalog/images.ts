import { z } from 'zod';
import { defineResource } from '../../resource';
import {
  amount,
  CATALOG_ACCESS,
  catalogCode,
  codeColumn,
  codeField,
  orderColumns,
  ordered,
  orderedList,
  orderedRow,
  orderFields,
  regionIds,
  shortText,
} from './common';

export const ARCHITECTURES = ['x86_64', 'arm64'] as const;

/** Operating systems and the regions each is offered in. Its licence fee is the pricing screen's. */
export const imagesResource = defineResource({
  name: 'catalog/images',
  path: '/catalog/images',
  audit: 'image',
  table: 'images',
  changes: ['catalog'],
  key: { field: 'id', type: 'string' },
  input: z.object({
    id: catalogCode,
    family: catalogCode,
    name: shortText(80),
    /** The OS release (`24.04`); `version` is the row's editing version, as everywhere in the back office. */
    release: shortText(40),
    arch: z.enum(ARCHITECTURES, { error: 'api.field.invalid' }).default('x86_64'),
    minDiskGb: amount(1, 2_000),
    ...ordered,
    /** Where it is offered: a region missing here is withdrawn from there. */
    regions: regionIds,
  }),
  row: z.object({
    id: z.string(),
    family: z.string(),
    name: z.string(),
    release: z.string(),
    arch: z.string(),
    minDiskGb: z.number().int(),
    licenceCentsPerVcpu: z.number().int(),
    ...orderedRow,
    regions: z.array(z.string()),
  }),
  access: CATALOG_ACCESS,
  undo: true,
  list: orderedList,
  columns: [
    codeColumn,
    { name: 'name', format: 'text' },
    { name: 'family', format: 'code' },
    { name: 'release', format: 'text' },
    { name: 'arch', format: 'option' },
    ...orderColumns,
  ],
  fields: [
    codeField,
    { name: 'name', kind: 'text' },
    { name: 'family', kind: 'code' },
    { name: 'release', kind: 'text' },
    { name: 'arch', kind: 'select', options: ARCHITECTURES },
    { name: 'minDiskGb', kind: 'integer' },
    { name: 'licenceCentsPerVcpu', kind: 'readonly', format: 'cents', hint: true },
    ...orderFields,
    { name: 'regions', kind: 'reference', source: 'regions', multiple: true, hint: true },
  ],
  blank: () => ({
    id: '',
    family: '',
    name: '',
    release: '',
    arch: 'x86_64' as const,
    minDiskGb: '',
    sort: 0,
    active: true,
    regions: [],
  }),
  title: 'name',
});
