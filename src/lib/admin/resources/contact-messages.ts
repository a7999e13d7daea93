import { z } from 'zod';
import { defineResource } from '../resource';

export const CONTACT_TOPICS = ['sales', 'support', 'billing', 'partnership', 'abuse', 'other'] as const;

/** The first line of a message, cut short: the row says what it is about, the whole text opens from it. */
function excerpt(row: Record<string, unknown>, max = 90): string {
  const text = String(row.message ?? '').trim();
  const line = text.split('\n')[0] ?? '';
  return line.length > max || text.includes('\n') ? `${line.slice(0, max).trimEnd()}…` : line;
}

/**
 * What visitors sent through the /contact form, newest first (docs/product/back-office-api.md): read here,
 * answered from staff's own mail program.
 */
export const contactMessagesResource = defineResource({
  name: 'contact-messages',
  path: '/contact',
  nav: { section: 'support' },
  audit: 'contact',
  table: 'contactMessages',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string(),
    locale: z.string(),
    createdAt: z.string(),
  }),
  access: { read: 'support', write: false, create: false, delete: false },
  undo: { refused: 'readOnly' },
  list: { sorts: ['createdAt'], order: { sort: 'createdAt', dir: 'desc' }, search: true, paging: 'keyset' },
  columns: [
    { name: 'createdAt', format: 'datetime', sort: 'createdAt' },
    { name: 'name' },
    { name: 'email', format: 'email' },
    { name: 'topic', format: 'option' },
    { name: 'locale', format: 'language' },
    { name: 'message', value: excerpt },
  ],
  fields: [
    { name: 'name', kind: 'readonly', format: 'text' },
    { name: 'email', kind: 'readonly', format: 'text' },
    { name: 'topic', kind: 'readonly', format: 'option' },
    { name: 'message', kind: 'readonly', format: 'text' },
  ],
  blank: () => ({}),
  title: 'name',
});
