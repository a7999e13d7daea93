import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, type DbLocale } from './common';
import { coupons } from './promotions';

/** Customer accounts (docs/product/states.md#accounts). Pending until the e-mail address is confirmed. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased e-mail address; the login and activation address. */
    email: text('email').notNull(),
    /** Shown in the header and usable to log in; derived from the e-mail at sign-up. */
    username: text('username').notNull(),
    /** Optional contact number, e.g. +86 13812345678. */
    phone: text('phone'),
    /** scrypt$N$r$p$salt$hash (base64). */
    passwordHash: text('password_hash').notNull(),
    /** `disabled`: closed by an operator (docs/product/back-office-orders.md); it cannot sign in until activated. */
    status: text('status').$type<'pending' | 'active' | 'disabled'>().notNull().default('pending'),
    locale: text('locale').$type<DbLocale>().notNull(),
    createdAt: createdAt(),
    activatedAt: at('activated_at'),
    /**
     * The billing profile the customer last ordered with (docs/decisions/066-tax.md): offered again at the next
     * checkout, changed there. The country (ISO 3166-1 alpha-2) decides the tax; a company and its tax id are
     * optional.
     */
    billingCountry: text('billing_country'),
    billingCompany: text('billing_company'),
    billingTaxId: text('billing_tax_id'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    // The dashboard's sign-ups per day and how many activated, read from the index alone.
    index('users_created_at_idx').on(t.createdAt, t.activatedAt),
    // The back office's customer search is by prefix (`LIKE 'abc%'`), which a btree serves only with the
    // pattern operator class under a non-C collation.
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_username_prefix_idx').on(t.username.op('text_pattern_ops')),
  ],
);

/** Server-side sessions; the browser holds only the random token in an HttpOnly cookie (docs/design.md#security-defaults). */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the session token, so a database leak does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Sent back by the client on every state-changing call (docs/design.md#security-defaults). */
    csrfToken: text('csrf_token').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use activation links (24 h). Only the sha256 of the code is stored. */
export const activationCodes = pgTable(
  'activation_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('activation_codes_user_idx').on(t.userId)],
);

/**
 * Password reset codes: sha256 of the code mailed to the owner, single use, short-lived. Using one sets the new
 * password, ends every session of the account and clears its login throttles.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Login throttles (docs/decisions/033-login-limits.md): one row per account, and per account and address, counting
 * attempts since the last success. An attempt takes its place before the password is checked, so concurrent
 * guesses cannot all slip through; past the free attempts each one pushes `nextAllowedAt` further out.
 */
export const loginThrottles = pgTable('login_throttles', {
  /** `account:<sha256>` or `account-ip:<sha256>:<address>`. */
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  nextAllowedAt: at('next_allowed_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Outgoing mail, written in the same transaction as what caused it; delivered with retries (docs/design.md#architecture). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<'pending' | 'sending' | 'sent'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    /**
     * The order a mail is about (a payment confirmation), so the back office shows it with the order. No foreign
     * key: orders.ts imports this file, and orders are never deleted.
     */
    orderId: integer('order_id'),
    /** The customer a mail is for (activation, an order's mail), so the back office shows it with them. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the mail announces, for mails sent once per event (`order:42:created`, `order:42:refund-requested:7`):
     * a second insert with the same key does nothing, whichever instance or worker makes it
     * (docs/decisions/069-order-mails.md). Null for mails that may be sent again (a resent confirmation).
     */
    dedupKey: text('dedup_key'),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedup_key').on(t.dedupKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The deliveries list, newest first within a state, and the order's and customer's mails.
    index('mail_outbox_status_idx').on(t.status, t.id),
    index('mail_outbox_order_idx').on(t.orderId, t.id),
    index('mail_outbox_user_idx').on(t.userId, t.id),
  ],
);

/** Fixed-window counters for abuse limits, shared by every app instance (docs/decisions/008-accounts.md). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** RSA-OAEP key pairs for password transport (docs/product/api.md#requests): one for production, a separate one for test. */
export const transportKeys = pgTable('transport_keys', {
  appEnv: text('app_env').primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: createdAt(),
});

/** Coupons a customer holds (coupon centre claims and the welcome bundle); one use each. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId),
    // The dashboard's coupons claimed per day and how many were used, read from the index alone.
    index('user_coupons_claimed_at_idx').on(t.claimedAt, t.usedAt),
  ],
);

/** One welcome bundle per account (docs/decisions/008-accounts.md, /welcome-signup). */
export const welcomeClaims = pgTable('welcome_claims', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  claimedAt: createdAt(),
});
