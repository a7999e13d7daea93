import { z } from 'zod';
import { isoTime } from '../../api/answers';
import { defineResource, versioned } from '../resource';
import { ADMIN_LOCALES, STAFF_ROLES, staffEmail } from '../schemas';

/** What an owner sets: everyone is invited active, and disabled (or enabled again) by a change. */
export const STAFF_STATUSES = ['active', 'disabled'] as const;
/** What the list shows: invited until a setup link is used (a new person, or after a reset), then active. */
export const STAFF_STATES = ['invited', 'active', 'disabled'] as const;

/**
 * A person invited (`POST /api/admin/staff`) or changed (`PUT`, with `version`). The address, the name and the
 * language of the mails are chosen at the invitation; after it only the role and the status change.
 */
export const staffInput = z.object({
  email: staffEmail,
  name: z
    .string({ error: 'api.field.required' })
    .trim()
    .min(1, { error: 'api.field.required', abort: true })
    .max(80, { error: 'api.field.tooLong' }),
  role: z.enum(STAFF_ROLES, { error: 'api.field.invalid' }),
  locale: z.enum(ADMIN_LOCALES, { error: 'api.field.invalid' }).default('en'),
  status: z.enum(STAFF_STATUSES, { error: 'api.field.invalid' }).default('active'),
});

/** A person as the back office shows them: never a password hash, a secret or a removed person. */
export const staffRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  state: z.enum(STAFF_STATES),
  locale: z.enum(ADMIN_LOCALES),
  lastSeenAt: isoTime().nullable(),
  createdAt: isoTime(),
  /** False until a setup link was used (again, after a reset). */
  enrolled: z.boolean(),
  ...versioned,
});
export type StaffRow = z.infer<typeof staffRow>;

const inState = (state: (typeof STAFF_STATES)[number]) => (row: Record<string, unknown>) => row.state === state;

/**
 * The people of the back office (owners only; docs/decisions/054-second-factor-attempts.md): invited by mail with
 * a setup link, their role and status changed (disabling is asked first: it signs them out at once), and got back
 * in by an invitation sent again or a second factor reset. Removing a person (the delete) takes every way in from
 * them and they leave the list, but their row stays so the audit log keeps their name. Access changes are never
 * undone from the audit log.
 */
export const staffResource = defineResource({
  name: 'staff',
  path: '/staff',
  nav: { section: 'administration' },
  audit: 'staff',
  table: 'staff',
  changes: [],
  key: { field: 'id', type: 'number' },
  input: staffInput,
  row: staffRow,
  access: { read: 'manageStaff', write: 'manageStaff', delete: 'manageStaff' },
  actions: [
    {
      name: 'resend-invitation',
      permission: 'manageStaff',
      versioned: true,
      tone: 'primary',
      when: inState('invited'),
    },
    {
      name: 'reset-second-factor',
      permission: 'manageStaff',
      versioned: true,
      tone: 'danger',
      when: inState('active'),
    },
  ],
  undo: { refused: 'access' },
  list: {
    sorts: ['createdAt', 'email', 'name', 'role', 'lastSeenAt'],
    order: { sort: 'createdAt', dir: 'desc' },
    search: true,
    filters: [{ name: 'state', options: ['all', ...STAFF_STATES] }],
  },
  columns: [
    { name: 'name', sort: 'name' },
    { name: 'email', format: 'email', sort: 'email' },
    { name: 'role', format: 'option', sort: 'role' },
    { name: 'state', format: 'option' },
    { name: 'lastSeenAt', format: 'datetime', sort: 'lastSeenAt' },
    { name: 'createdAt', format: 'datetime', sort: 'createdAt' },
  ],
  fields: [
    { name: 'email', kind: 'email', fixed: true, hint: true },
    { name: 'name', kind: 'text', fixed: true },
    { name: 'role', kind: 'select', options: STAFF_ROLES },
    { name: 'locale', kind: 'select', options: ADMIN_LOCALES, fixed: true, hint: true },
    // A saved person has a state; the status is theirs to change once they are invited.
    {
      name: 'status',
      kind: 'select',
      options: STAFF_STATUSES,
      when: (values) => 'state' in values,
      confirm: ['disabled'],
    },
  ],
  blank: () => ({ email: '', name: '', role: 'editor' as const, locale: 'en' as const }),
  title: 'name',
  duplicate: 'email',
});
