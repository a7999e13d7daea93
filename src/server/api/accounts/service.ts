import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { env } from '@/env';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';
import { rules } from '@/lib/validation/rules';
import { hashPassword, verifyPassword } from '../../auth/password';
import { countHit, currentCount, LIMITS, tooMany } from '../../auth/rate-limit';
import { createSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { activationCodes, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { activationMail } from '../../mail/templates';
import { ensureMailWorker } from '../../mail/worker';
import { ApiError, BusinessCode, invalidInput } from '../errors';

export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function activationLink(locale: Locale, code: string): string {
  return new URL(`${localizedPath(locale, '/activate')}?code=${encodeURIComponent(code)}`, env().SITE_URL).href;
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

async function issueActivation(tx: Tx, user: { id: number; email: string; username: string }, locale: Locale) {
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
  );
}

/**
 * Sign-up (issue 4): a pending account, its single-use activation code and the activation mail, in one
 * transaction, so the mail is never lost and a double submit creates one account (unique e-mail).
 */
export async function registerAccount(
  db: Database,
  input: { email: string; password: string; phone?: string; locale: Locale },
): Promise<{ email: string; username: string }> {
  if (!rules.pass.safeParse(input.password).success) throw invalidInput({ password: 'validation.pass' });
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const username = await freeUsername(db, email);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, username, phone: input.phone, passwordHash, locale: input.locale })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, username: users.username });
    if (!user) return undefined;
    await issueActivation(tx, user, input.locale);
    return user;
  });
  if (!created)
    throw new ApiError(BusinessCode.conflict, 'api.accountExists', { fields: { email: 'api.accountExists' } });
  ensureMailWorker(db).kick();
  return { email: created.email, username: created.username };
}

/** Activation (issue 4): single use, 24 h. Answers which of invalid / expired / already used applies. */
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
  if ((await countHit(db, LIMITS.activationResend, address)) > LIMITS.activationResend.max)
    throw tooMany('api.resendLimited');
  if ((await countHit(db, LIMITS.activationResend, `ip:${ip}`)) > LIMITS.activationResend.max * 3)
    throw tooMany('api.resendLimited');
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, locale: users.locale })
    .from(users)
    .where(and(eq(users.email, address), eq(users.status, 'pending')));
  if (!user) return;
  await db.transaction((tx) => issueActivation(tx, user, locale));
  ensureMailWorker(db).kick();
}

/**
 * Login (issue 4): by e-mail or username. 5 failures per 15 min per account and per IP lock further
 * attempts; unknown account and wrong password get the same answer in the same time (no enumeration).
 */
export async function login(db: Database, input: { account: string; password: string; ip: string }) {
  const account = input.account.trim().toLowerCase();
  const accountKey = sha256(account);
  if (
    (await currentCount(db, LIMITS.loginFailuresPerAccount, accountKey)) >= LIMITS.loginFailuresPerAccount.max ||
    (await currentCount(db, LIMITS.loginFailuresPerIp, input.ip)) >= LIMITS.loginFailuresPerIp.max
  ) {
    throw tooMany('api.login.locked');
  }
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, account), eq(users.username, input.account.trim())));
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) {
    await countHit(db, LIMITS.loginFailuresPerAccount, accountKey);
    await countHit(db, LIMITS.loginFailuresPerIp, input.ip);
    throw new ApiError(BusinessCode.unauthorized, 'api.login.failed');
  }
  if (user.status !== 'active') throw new ApiError(BusinessCode.forbidden, 'api.login.notActivated');
  const session = await createSession(db, user.id);
  return { user: { email: user.email, username: user.username }, ...session };
}
