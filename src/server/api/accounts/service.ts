import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { env } from '@/env';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';
import { normalizePassword } from '@/lib/validation/account-password-rules';
import { referAtSignUp } from '../../affiliates/attribution';
import { accountSubject, clearAccountThrottles, withAttempt } from '../../auth/login-throttle';
import { acceptNewPassword } from '../../auth/new-password';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password';
import { countHit, LIMITS, tooMany, windowLeftMs } from '../../auth/rate-limit';
import { createSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { activationCodes, passwordResets, sessions, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { activationMail, passwordResetMail, registrationAttemptMail } from '../../mail/templates';
import { ensureMailWorker } from '../../mail/worker';
import { ApiError, BusinessCode } from '../errors';

export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An absolute link into the site, in a language, for a mail. */
function siteLink(locale: Locale, path: string, query = ''): string {
  return new URL(`${localizedPath(locale, path)}${query}`, env().SITE_URL).href;
}

function activationLink(locale: Locale, code: string): string {
  return siteLink(locale, '/activate', `?code=${encodeURIComponent(code)}`);
}

/** A username from the e-mail's local part, made unique with digits when taken. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'user').replace(/[^a-zA-Z0-9_]/g, '').slice(0, 20) || 'user';
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!taken) return candidate;
  }
  return `${base}${randomBytes(4).toString('hex')}`;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A new activation code and its mail, in the caller's transaction (also sent again from the back office). */
export async function issueActivation(
  tx: Tx,
  user: { id: number; email: string; username: string },
  locale: Locale,
): Promise<void> {
  const code = randomBytes(24).toString('base64url');
  await tx
    .insert(activationCodes)
    .values({ codeHash: sha256(code), userId: user.id, expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS) });
  await enqueueMail(
    tx,
    activationMail({
      locale,
      to: user.email,
      username: user.username,
      link: activationLink(locale, code),
      brand: env().BRAND_NAME,
    }),
    { userId: user.id },
  );
}

/**
 * Sign-up: a pending account, its single-use activation code and the activation mail, in one transaction, so
 * the mail is never lost and a double submit creates one account (unique e-mail). An address that already has
 * an account gets the same answer as a new one (nothing tells a stranger who is a customer); its owner is
 * mailed instead (a pending account: a new activation link; an active one: who tried, and the login and reset
 * links). The password is hashed either way, so both answers take the same time.
 */
export async function registerAccount(
  db: Database,
  input: { email: string; password: string; phone?: string; locale: Locale; referral?: { token?: string; ip: string } },
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(await acceptNewPassword(input.password, { email }));
  const username = await freeUsername(db, email);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, username, phone: input.phone, passwordHash, locale: input.locale })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, username: users.username });
    if (user) await issueActivation(tx, user, input.locale);
    // The referral cookie's last click links the new account to its affiliate for good; an address that has an
    // account already is recorded as a refused referral (docs/decisions/070-affiliate-programme.md).
    if (input.referral?.token) {
      const [account] = user
        ? [user]
        : await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
      if (account) {
        await referAtSignUp(tx, {
          token: input.referral.token,
          userId: account.id,
          email: account.email,
          ip: input.referral.ip,
          existing: user === undefined,
        });
      }
    }
    return user !== undefined;
  });
  if (!created) await tellOwnerOfSignUp(db, email, input.locale);
  ensureMailWorker(db).kick();
  return { email };
}

/** The owner of an address someone signed up with: a new activation link while pending, else who tried. */
async function tellOwnerOfSignUp(db: Database, email: string, locale: Locale): Promise<void> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, username: users.username, status: users.status })
    .from(users)
    .where(eq(users.email, email));
  // The owner hears of it at most a few times an hour, however often a stranger tries.
  if (!owner || (await countHit(db, LIMITS.activationResend, owner.email)) > LIMITS.activationResend.max) return;
  await db.transaction(async (tx) => {
    if (owner.status === 'pending') return issueActivation(tx, owner, locale);
    await enqueueMail(
      tx,
      registrationAttemptMail({
        locale,
        to: owner.email,
        username: owner.username,
        loginLink: siteLink(locale, '/', '?ope=login'),
        resetLink: siteLink(locale, '/resetPassword'),
        brand: env().BRAND_NAME,
      }),
      { userId: owner.id },
    );
  });
}

/** Activation (docs/decisions/008-accounts.md): single use, 24 h. Answers which of invalid / expired / already used applies. */
export async function activateAccount(db: Database, code: string): Promise<{ email: string; username: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        codeHash: activationCodes.codeHash,
        userId: activationCodes.userId,
        expiresAt: activationCodes.expiresAt,
        usedAt: activationCodes.usedAt,
      })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, sha256(code)))
      .for('update');
    if (!row) throw new ApiError(BusinessCode.notFound, 'api.activation.invalid');
    if (row.usedAt) throw new ApiError(BusinessCode.conflict, 'api.activation.used');
    if (row.expiresAt.getTime() <= Date.now())
      throw new ApiError(BusinessCode.conflict, 'api.activation.expired', { status: 410 });
    await tx.update(activationCodes).set({ usedAt: new Date() }).where(eq(activationCodes.codeHash, row.codeHash));
    const [user] = await tx
      .update(users)
      .set({ status: 'active', activatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.status, 'pending')))
      .returning({ email: users.email, username: users.username });
    if (!user) throw new ApiError(BusinessCode.conflict, 'api.activation.used');
    return user;
  });
}

/** Sends a new activation link to a pending account. Same answer whether or not the address is known. */
export async function resendActivation(db: Database, email: string, ip: string, locale: Locale): Promise<void> {
  const address = email.trim().toLowerCase();
  const limit = LIMITS.activationResend;
  if ((await countHit(db, limit, address)) > limit.max) throw tooMany('api.resendLimited', windowLeftMs(limit));
  if ((await countHit(db, limit, `ip:${ip}`)) > limit.max * 3) throw tooMany('api.resendLimited', windowLeftMs(limit));
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, locale: users.locale })
    .from(users)
    .where(and(eq(users.email, address), eq(users.status, 'pending')));
  if (!user) return;
  await db.transaction((tx) => issueActivation(tx, user, locale));
  ensureMailWorker(db).kick();
}

/**
 * Login by e-mail or username. The attempt is counted on the login throttles before the password is checked
 * (docs/decisions/033-login-limits.md); an unknown account and a wrong password get the same answer in the
 * same time (no enumeration). A hash made with weaker parameters than today's is replaced on success. The rules
 * for new passwords do not apply: the password is only normalized, as it was before hashing
 * (docs/decisions/056-account-passwords.md).
 */
export async function login(db: Database, input: { account: string; password: string; ip: string }) {
  const password = normalizePassword(input.password);
  const [found] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, input.account.trim().toLowerCase()), eq(users.username, input.account.trim())));
  const user = await withAttempt(
    db,
    { subject: accountSubject(found?.id, input.account), ip: input.ip },
    async (attempt) => {
      const valid = await verifyPassword(attempt, password, found?.passwordHash);
      if (!found || !valid) throw new ApiError(BusinessCode.unauthorized, 'api.login.failed');
      return found;
    },
  );
  if (user.status === 'disabled') throw new ApiError(BusinessCode.forbidden, 'api.login.disabled');
  if (user.status !== 'active') throw new ApiError(BusinessCode.forbidden, 'api.login.notActivated');
  if (needsRehash(user.passwordHash)) {
    const rehashed = await hashPassword(password);
    // Only over the hash just verified: a password changed meanwhile is not overwritten.
    await db
      .update(users)
      .set({ passwordHash: rehashed })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  const session = await createSession(db, user.id);
  return { user: { email: user.email, username: user.username }, ...session };
}

/**
 * Mails a password reset link to an account's address. The answer is the same whether or not the address has
 * an account; the limits count per address asked for and per caller.
 */
export async function requestPasswordReset(db: Database, email: string, ip: string, locale: Locale): Promise<void> {
  const address = email.trim().toLowerCase();
  const perAccount = LIMITS.passwordResetPerAccount;
  const perIp = LIMITS.passwordResetPerIp;
  if ((await countHit(db, perIp, ip)) > perIp.max) throw tooMany('api.resetLimited', windowLeftMs(perIp));
  if ((await countHit(db, perAccount, address)) > perAccount.max)
    throw tooMany('api.resetLimited', windowLeftMs(perAccount));
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.email, address));
  if (!user) return;
  const code = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .insert(passwordResets)
      .values({ codeHash: sha256(code), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
    await enqueueMail(
      tx,
      passwordResetMail({
        locale,
        to: user.email,
        username: user.username,
        link: siteLink(locale, '/resetPassword', `?code=${encodeURIComponent(code)}`),
        brand: env().BRAND_NAME,
      }),
      { userId: user.id },
    );
  });
  ensureMailWorker(db).kick();
}

/**
 * Sets a new password with a reset code: single use, within its hour. Every session of the account ends, its
 * login throttles are cleared (a reset is how a locked account opens again), and a pending account is
 * activated: the code proves the address, as the activation link would.
 */
export async function resetPassword(db: Database, code: string, password: string): Promise<{ email: string }> {
  // The account's address, when the code names one, so the new password cannot be the address itself; an unknown
  // code is refused in the transaction below.
  const [owner] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.codeHash, sha256(code)));
  const passwordHash = await hashPassword(await acceptNewPassword(password, { email: owner?.email }));
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.codeHash, sha256(code)))
      .for('update');
    if (!row) throw new ApiError(BusinessCode.notFound, 'api.reset.invalid');
    if (row.usedAt) throw new ApiError(BusinessCode.conflict, 'api.reset.used');
    if (row.expiresAt.getTime() <= Date.now())
      throw new ApiError(BusinessCode.conflict, 'api.reset.expired', { status: 410 });
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.userId, row.userId));
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        // A pending account is activated (the code proves the address); one an operator disabled stays so.
        status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
        activatedAt: sql`case when ${users.status} = 'pending' then coalesce(${users.activatedAt}, now()) else ${users.activatedAt} end`,
      })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email });
    if (!updated) throw new ApiError(BusinessCode.notFound, 'api.reset.invalid');
    await tx.delete(sessions).where(eq(sessions.userId, updated.id));
    return updated;
  });
  await clearAccountThrottles(db, accountSubject(user.id, ''));
  return { email: user.email };
}
