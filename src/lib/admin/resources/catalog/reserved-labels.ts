import { z } from 'zod';
import { defineResource } from '../../resource';
import { CATALOG_ACCESS, catalogKind } from './common';

/** Names nobody can register under any suffix: only their text, so made and deleted, never changed. */
export const reservedLabelsResource = defineResource({
  ...catalogKind('reserved-labels', 'reservedLabel', 'reservedDomainLabels'),
  key: { field: 'label', type: 'string' },
  input: z.object({
    label: z
      .string({ error: 'api.field.required' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'api.field.required', abort: true })
      .max(63, { error: 'api.field.tooLong', abort: true })
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'api.admin.catalogLabelInvalid' }),
  }),
  row: z.object({ label: z.string(), version: z.number().int() }),
  access: { ...CATALOG_ACCESS, update: false },
  list: { sorts: ['label'], order: { sort: 'label', dir: 'asc' }, search: true },
  columns: [{ name: 'label', format: 'code', sort: 'label' }],
  fields: [{ name: 'label', kind: 'text' }],
  blank: () => ({ label: '' }),
  title: 'label',
});
