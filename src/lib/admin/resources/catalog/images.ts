import { z } from 'zod';
import { defineResource } from '../../resource';
import { amount, catalogCode, catalogKind, code, ordered, orderedList, regionIds, shortText } from './common';

export const ARCHITECTURES = ['x86_64', 'arm64'] as const;

/** Operating systems and the regions each is offered in. Its licence fee is the pricing screen's. */
export const imagesResource = defineResource({
  ...catalogKind('images', 'image', 'images'),
  input: z.object({
    ...code.input,
    family: catalogCode,
    name: shortText(80),
    /** The OS release (`24.04`); `version` is the row's editing version, as everywhere in the back office. */
    release: shortText(40),
    arch: z.enum(ARCHITECTURES, { error: 'api.field.invalid' }).default('x86_64'),
    minDiskGb: amount(1, 2_000),
    ...ordered.input,
    /** Where it is offered: a region missing here is withdrawn from there. */
    regions: regionIds,
  }),
  row: z.object({
    ...code.row,
    family: z.string(),
    name: z.string(),
    release: z.string(),
    arch: z.string(),
    minDiskGb: z.number().int(),
    licenceCentsPerVcpu: z.number().int(),
    ...ordered.row,
    regions: z.array(z.string()),
  }),
  list: orderedList,
  columns: [
    code.column,
    { name: 'name', format: 'text' },
    { name: 'family', format: 'code' },
    { name: 'release', format: 'text' },
    { name: 'arch', format: 'option' },
    ...ordered.columns,
  ],
  fields: [
    code.field,
    { name: 'name', kind: 'text' },
    { name: 'family', kind: 'code' },
    { name: 'release', kind: 'text' },
    { name: 'arch', kind: 'select', options: ARCHITECTURES },
    { name: 'minDiskGb', kind: 'integer' },
    { name: 'licenceCentsPerVcpu', kind: 'readonly', format: 'cents', hint: true },
    ...ordered.fields,
    { name: 'regions', kind: 'reference', source: 'regions', multiple: true, hint: true },
  ],
  blank: () => ({
    id: '',
    family: '',
    name: '',
    release: '',
    arch: 'x86_64' as const,
    minDiskGb: '',
    ...ordered.blank,
    regions: [],
  }),
  title: 'name',
});
