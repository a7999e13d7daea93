import './zod-config';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './rules';

/**
 * A customer's new password (docs/decisions/056-account-passwords.md): 8 to 128 characters of any kind, spaces
 * included, and no rule about which kinds. The browser form and the API check the same schema; the list of common
 * passwords is checked by the server (src/server/auth/common-passwords.ts) and shown early by the strength meter.
 * Sign-in applies none of this: a password set under the old `pass` rule keeps working.
 */
export const ACCOUNT_PASSWORD_MIN = 8;
/** Twice the 64 characters the decision's source asks room for: a passphrase is never cut short. */
export const ACCOUNT_PASSWORD_MAX = 128;

/**
 * NFKC, so a password typed as full-width letters on a CJK keyboard, or with a character composed another way,
 * is the same password everywhere. Applied before any check and before hashing, at sign-up, reset and sign-in.
 * Every password stored before was ASCII letters and digits, which NFKC leaves as they are.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in characters as a reader counts them (code points): an emoji or a CJK character counts once. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count += 1;
  return count;
}

/**
 * Control characters (tab, line breaks, NUL…) are not typed into a password field; the joiners and variation
 * selectors of emoji are format characters, not controls, and are kept.
 */
const CONTROL = /\p{Cc}/u;

/** How the list of common passwords is looked up: the normalized password in lower case, as the list is written. */
export function commonPasswordKey(password: string): string {
  return normalizePassword(password).toLowerCase();
}

/** The new password of a sign-up or a reset, normalized; refused with `validation.passwordControl` or `passwordLength`. */
export const accountPassword = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .overwrite(normalizePassword)
  .refine((v) => !CONTROL.test(v), { error: 'validation.passwordControl', abort: true })
  .refine(
    (v) => {
      const length = passwordLength(v);
      return length >= ACCOUNT_PASSWORD_MIN && length <= ACCOUNT_PASSWORD_MAX;
    },
    { error: 'validation.passwordLength' },
  );

/** The password typed again, normalized the same way so the two compare equal. */
export const repeatedPassword = z.string({ error: REQUIRED_MESSAGE }).overwrite(normalizePassword);

/**
 * A password at sign-in: only present and not absurdly long. The rules for new passwords do not apply, so a
 * password set under the old rule (4 characters, say) still signs in.
 */
export const currentPassword = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .overwrite(normalizePassword)
  .refine((v) => passwordLength(v) <= ACCOUNT_PASSWORD_MAX, { error: 'api.field.tooLong' });
