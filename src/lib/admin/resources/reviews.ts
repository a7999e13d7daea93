import { z } from 'zod';
import { defineResource } from '../resource';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

const pending = (row: Record<string, unknown>) => row.status === 'pending';

/**
 * Customers' reviews, waiting for a decision (docs/product/back-office-api.md): approved ones appear on the site,
 * rejected ones never do. Only a pending review is decided, once; the queue opens oldest first.
 */
export const reviewsResource = defineResource({
  name: 'reviews',
  path: '/reviews',
  nav: { section: 'support' },
  audit: 'review',
  table: 'reviews',
  changes: ['reviews'],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: z.object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    authorName: z.string(),
    locale: z.string(),
    rating: z.number().int(),
    body: z.string(),
    status: z.enum(REVIEW_STATUSES),
    createdAt: z.string(),
    moderatedAt: z.string().nullable(),
  }),
  access: { read: 'support', write: false, create: false, delete: false },
  actions: [
    { name: 'approve', permission: 'support', tone: 'primary', when: pending },
    { name: 'reject', permission: 'support', tone: 'danger', when: pending },
  ],
  undo: { refused: 'decided' },
  list: {
    sorts: ['createdAt', 'rating'],
    order: { sort: 'createdAt', dir: 'asc' },
    search: true,
    filters: [{ name: 'status', options: REVIEW_STATUSES }],
    paging: 'keyset',
  },
  columns: [
    { name: 'rating', format: 'number', sort: 'rating' },
    { name: 'authorName' },
    { name: 'locale', format: 'language' },
    { name: 'body' },
    { name: 'createdAt', format: 'datetime', sort: 'createdAt' },
    { name: 'moderatedAt', format: 'datetime' },
  ],
  fields: [],
  blank: () => ({}),
  title: 'authorName',
});
