import { z } from 'zod';
import { defineResource, localizedRow, versioned } from '../resource';
import { footerLinkInput } from '../schemas';

/** The links of the site's footer: a path on this site or an https address elsewhere. */
export const footerLinksResource = defineResource({
  name: 'footer-links',
  path: '/footer-links',
  nav: { section: 'content' },
  audit: 'footer',
  table: 'footerLinks',
  changes: ['footer'],
  key: { field: 'id', type: 'number' },
  input: footerLinkInput,
  row: z.object({
    id: z.number().int(),
    name: localizedRow,
    link: z.string(),
    sort: z.number().int(),
    active: z.boolean(),
    ...versioned,
  }),
  access: { read: 'readContent', write: 'editContent', delete: 'editContent' },
  undo: true,
  list: {
    sorts: ['sort', 'id'],
    order: { sort: 'sort', dir: 'asc' },
    search: true,
    filters: [{ name: 'status', options: ['all', 'active', 'inactive'] }],
  },
  columns: [
    { name: 'name', format: 'localized' },
    { name: 'link', format: 'code' },
    { name: 'sort', format: 'number', sort: 'sort' },
    { name: 'active', format: 'boolean' },
  ],
  fields: [
    { name: 'name', kind: 'localized' },
    { name: 'link', kind: 'link', hint: true },
    { name: 'sort', kind: 'integer' },
    { name: 'active', kind: 'checkbox' },
  ],
  blank: () => ({ name: { en: '', zh: '', ja: '' }, link: '/', sort: 0, active: true }),
  title: 'name',
});
