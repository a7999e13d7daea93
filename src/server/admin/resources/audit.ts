import 'server-only';
import { eq, gte, lt } from 'drizzle-orm';
import { may } from '@/lib/admin/permissions';
import { invalidInput } from '../../api/errors';
import { auditLog } from '../../db/schema';
import { auditEntries } from '../audit';
import type { Binding } from '../resource/bind';

/** A staff member's id as the person filter sends it. */
const STAFF_ID = /^[1-9]\d{0,8}$/;

/**
 * The audit log read as a list: owners see everyone's entries, the others their own (what they did is theirs to
 * check; what colleagues did is the owner's), each with who made it; filtered by kind, person and time.
 */
export const auditBinding: Binding = {
  scope: (viewer) => (may(viewer.role, 'readWholeAudit') ? undefined : eq(auditLog.staffId, viewer.id)),
  read: (db, where) => auditEntries(db, where),
  filters: {
    kind: (value) => (value === 'all' ? undefined : eq(auditLog.kind, value)),
    staffId: (value) => {
      if (value === '') return undefined;
      if (!STAFF_ID.test(value)) throw invalidInput({ staffId: 'api.field.invalid' });
      return eq(auditLog.staffId, Number(value));
    },
    from: (value) => (value ? gte(auditLog.at, new Date(value)) : undefined),
    to: (value) => (value ? lt(auditLog.at, new Date(value)) : undefined),
  },
};
