import { z } from 'zod';
import { defineResource } from '../../resource';
import { CATALOG_ACCESS } from './common';

/** Names nobody can register under any suffix: only their text, so made and deleted, never changed. */
export const reservedLabelsResource = defineResource({
  name: 'catalog/reserved-labels',
  path: '/catalog/reserved-labels',
  audit: 'reservedLabel',
  table: 'reservedDomainLabels',
  changes: ['catalog'],
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
  undo: true,
  list: { sorts: ['label'], order: { sort: 'label', dir: 'asc' }, search: true },
  columns: [{ name: 'label', format: 'code', sort: 'label' }],
  fields: [{ name: 'label', kind: 'text' }],
  blank: () => ({ label: '' }),
  title: 'label',
});
