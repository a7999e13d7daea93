import { hashPassword } from '../../src/server/auth/password';
import { createSession } from '../../src/server/auth/sessions';
import { users } from '../../src/server/db/schema';
import { testDb } from './api';

let seq = 0;
/** One hash of the customers' password for the whole file: each costs most of a second at today's parameters. */
let passwordHash: Promise<string> | undefined;
function customerPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword('abc123');
  return passwordHash;
}

/**
 * An active customer with a live session: the headers a signed-in browser sends. Their account is billed in the
 * United States unless told otherwise (no tax, so amounts are the catalog's): `billingCountry: null` for an account
 * that has not ordered yet.
 */
export async function signedInCustomer(
  overrides: { activatedAt?: Date; locale?: 'en' | 'zh' | 'ja'; billingCountry?: string | null } = {},
  db = testDb(),
) {
  seq += 1;
  const email = `c${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: email.split('@')[0] ?? email,
      passwordHash: await customerPasswordHash(),
      status: 'active',
      locale: overrides.locale ?? 'en',
      activatedAt: overrides.activatedAt ?? new Date(),
      billingCountry: overrides.billingCountry === undefined ? 'US' : overrides.billingCountry,
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  const session = await createSession(db, user.id);
  return {
    user,
    headers: { cookie: `sid=${session.sessionToken}`, 'x-csrf-token': session.csrfToken },
  };
}
