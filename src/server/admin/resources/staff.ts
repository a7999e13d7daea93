import 'server-only';
import { ne } from 'drizzle-orm';
import type { z } from 'zod';
import { may } from '@/lib/admin/permissions';
import type { STAFF_STATES, StaffRow, staffInput } from '@/lib/admin/resources/staff';
import type { StaffRole } from '@/lib/admin/schemas';
import type { FieldErrors } from '../../api/errors';
import { staff } from '../../db/schema';
import type { Binding } from '../resource/bind';
import { endSessionsOf } from '../sessions';
import {
  inState,
  inviteStaff,
  keepAnOwner,
  lockWithOwners,
  removeStaff,
  resendInvitation,
  resetSecondFactor,
  staffRows,
} from '../staff';

/**
 * The staff resource's rules (docs/decisions/054-second-factor-attempts.md): removed people are nobody's to see;
 * a person is locked with the owners and the last owner who can sign in is kept; an invitation is mailed; a change
 * of role or status ends the person's sessions so it holds at once; and the ways back in are its actions.
 */
const invalidStatus: FieldErrors = { status: 'api.field.invalid' };

export const staffBinding: Binding = {
  scope: () => ne(staff.status, 'removed'),
  read: (db, where) => staffRows(db, where),
  filters: {
    state: (value) => (value === 'all' ? undefined : inState(value as (typeof STAFF_STATES)[number])),
  },
  lock: (tx, id) => lockWithOwners(tx, Number(id)),
  check: async (tx, input, before) => {
    // Everyone is invited active: disabling is a change made afterwards.
    if (!before) return input.status === 'disabled' ? invalidStatus : {};
    // A change that takes the management of staff from someone keeps another who can sign in and manage it.
    if (!may(input.role as StaffRole, 'manageStaff') || input.status !== 'active')
      await keepAnOwner(tx, before as StaffRow);
    return {};
  },
  create: (tx, input, by) => inviteStaff(tx, by, input as z.output<typeof staffInput>),
  delete: (tx, _id, row) => removeStaff(tx, row as StaffRow),
  afterWrite: async (tx, id, input, _by, before) => {
    if (before && (input.role !== before.role || input.status !== before.status)) await endSessionsOf(tx, Number(id));
  },
  actions: {
    'resend-invitation': async ({ db, by, id, input }) =>
      (await resendInvitation(db, by, Number(id), Number(input.version))) ?? null,
    'reset-second-factor': async ({ db, by, id, input }) =>
      (await resetSecondFactor(db, by, Number(id), Number(input.version))) ?? null,
  },
};
