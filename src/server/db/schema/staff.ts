import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './common';

export type StaffRoleName = 'owner' | 'manager' | 'editor' | 'support';

/**
 * Back-office staff, apart from customers (never a flag on `users`): their own password (scrypt) and TOTP second
 * factor. A staff row without a password has not yet used its setup link (docs/decisions/039-back-office.md), or
 * had its second factor reset. A removed person's row stays, without any way in, so the audit log keeps their
 * name (docs/decisions/054-second-factor-attempts.md).
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRoleName>().notNull(),
    status: text('status').$type<'active' | 'disabled' | 'removed'>().notNull().default('active'),
    /** The back office's language for this person (its mails, its default). */
    locale: text('locale').$type<'en' | 'zh' | 'ja'>().notNull().default('en'),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret, set when the setup link is completed with a code from it. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is good once, even within its 30 seconds (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    version: integer('version').notNull().default(1),
    lastSeenAt: at('last_seen_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_key').on(t.email)],
);

/**
 * Back-office sessions: the cookie holds a random token, the row its SHA-256. Ends at `idleExpiresAt` (moved on
 * by each call) or `expiresAt` (fixed at sign-in), whichever is first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    idleExpiresAt: at('idle_expires_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * One-time setup links (the first owner's from the command, invited staff's by mail): SHA-256 of the token, valid
 * 24 hours, used once. The TOTP secret offered is kept here until the link is completed with a code from it.
 */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    totpSecret: text('totp_secret').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_setup_tokens_staff_idx').on(t.staffId)],
);

/**
 * One-time recovery codes, shown once when the second factor is set up: each signs in once in place of an
 * authenticator code (a lost phone does not lock an owner out). Only their SHA-256 is kept.
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * Every change operators make: who, when, what, and the row before and after (null before a creation, null after
 * a deletion). `revertOf` names the entry a revert undid; `revertedBy` on that entry names the revert, once.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the command line (the first owner). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete' | 'revert'>().notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    revertOf: integer('revert_of'),
    /**
     * The row's version this change left (null when it left no row, or for a kind without versions): an undo
     * applies only while the row is still at it (src/server/admin/revert.ts).
     */
    version: integer('version'),
    /** The later entry that undid this one; an entry is undone at most once. */
    revertedBy: integer('reverted_by'),
    at: createdAt(),
  },
  (t) => [
    // Each ends in the id: a page of the log is chosen from the index alone (src/server/admin/audit.ts).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.at, t.id),
    index('audit_log_kind_idx').on(t.kind, t.at, t.id),
    // A row's history (src/server/admin/resource/routes.ts).
    index('audit_log_entity_idx').on(t.kind, t.entityId, t.at, t.id),
  ],
);
