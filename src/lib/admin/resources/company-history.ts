import { z } from 'zod';
import { defineResource, localizedRow, versioned } from '../resource';
import { historyInput } from '../schemas';

/** The About page's company history, a line a month (docs/product/back-office-api.md). */
export const companyHistoryResource = defineResource({
  name: 'history',
  path: '/history',
  nav: { section: 'content' },
  audit: 'history',
  table: 'companyHistory',
  changes: ['history'],
  key: { field: 'id', type: 'number' },
  input: historyInput,
  row: z.object({
    id: z.number().int(),
    year: z.number().int(),
    month: z.number().int(),
    title: localizedRow,
    body: localizedRow,
    ...versioned,
  }),
  access: { read: 'readContent', write: 'editContent', delete: 'editContent' },
  undo: true,
  list: { sorts: ['when', 'id'], order: { sort: 'when', dir: 'desc' }, search: true },
  columns: [
    { name: 'year', format: 'text', sort: 'when' },
    { name: 'month', format: 'number' },
    { name: 'title', format: 'localized' },
  ],
  fields: [
    { name: 'year', kind: 'integer' },
    { name: 'month', kind: 'integer' },
    { name: 'title', kind: 'localized' },
    { name: 'body', kind: 'localized', multiline: true },
  ],
  blank: () => ({
    year: new Date().getFullYear(),
    month: new Date().getMonth() + 1,
    title: { en: '', zh: '', ja: '' },
    body: { en: '', zh: '', ja: '' },
  }),
  title: 'title',
});
