import { z } from 'zod';
import { defineResource } from '../resource';
import { AUDIT_KINDS } from '../schemas';

/** An audit entry as the API answers it (`staff` null for the command line, which made the first owner). */
export const auditEntryRow = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  entityId: z.string(),
  action: z.enum(['create', 'update', 'delete', 'revert']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The entry a revert undid. */
  revertOf: z.number().int().nullable(),
  /** The row's version this change left (null when it left no row). */
  version: z.number().int().nullable(),
  /** The later entry that undid this one (an entry is undone at most once). */
  revertedBy: z.number().int().nullable(),
  staff: z.object({ id: z.number().int(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntryRow>;

/**
 * The audit log: who changed what and when, newest first, read-only (docs/product/back-office-api.md). Owners read
 * everyone's entries, the others their own. It grows without end, so it pages by cursor. Its screen is its own
 * (src/components/admin/audit-log.tsx: an entry's changes open under it, with their undo).
 */
export const auditResource = defineResource({
  name: 'audit',
  path: '/audit',
  audit: 'audit',
  table: 'auditLog',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: z.object({}),
  row: auditEntryRow,
  access: { read: 'signedIn', write: false, create: false, delete: false },
  undo: { refused: 'readOnly' },
  list: {
    sorts: ['at'],
    order: { sort: 'at', dir: 'desc' },
    paging: 'keyset',
    filters: [
      { name: 'kind', options: ['all', ...AUDIT_KINDS] },
      { name: 'staffId', kind: 'text' },
      { name: 'from', kind: 'from' },
      { name: 'to', kind: 'to' },
    ],
  },
  columns: [],
  fields: [],
  blank: () => ({}),
  title: 'id',
});
