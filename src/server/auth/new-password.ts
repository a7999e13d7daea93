import 'server-only';
import { env } from '@/env';
import { accountPassword } from '@/lib/validation/account-password';
import { commonPasswordKey, isRepeatOrRun, personalPasswordWords } from '@/lib/validation/account-password-rules';
import { invalidInput } from '../api/errors';

/**
 * The server's word on a customer's new password (docs/decisions/056-account-passwords.md): the length and
 * characters the form checks too, then a list of commonly used passwords and the words of this account and this
 * site. The list is zxcvbn-ts's `passwords-common`, about 49,000 passwords found in breaches, most common first; the
 * strength meter in the browser loads the same list, so it says beforehand what the server will refuse.
 */

let list: Promise<ReadonlySet<string>> | undefined;

/** The list as a set, loaded on first use (about 50 ms) so that starting the server does not pay for it. */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return list;
}

/** Whether a password is on the list: one normalization and one set lookup, a few microseconds. */
export function isCommonPassword(set: ReadonlySet<string>, password: string): boolean {
  return set.has(commonPasswordKey(password));
}

/**
 * The new password, normalized, or a 4001 naming what is wrong with it: `validation.passwordLength`,
 * `passwordControl`, `passwordCommon`, `passwordPattern` or `passwordPersonal`.
 */
export async function acceptNewPassword(password: string, context: { email?: string | undefined }): Promise<string> {
  const parsed = accountPassword.safeParse(password);
  if (!parsed.success) throw invalidInput({ password: parsed.error.issues[0]?.message ?? 'api.field.invalid' });
  if (isCommonPassword(await commonPasswords(), parsed.data))
    throw invalidInput({ password: 'validation.passwordCommon' });
  if (isRepeatOrRun(parsed.data)) throw invalidInput({ password: 'validation.passwordPattern' });
  if (personalPasswordWords(context.email, env().BRAND_NAME).includes(commonPasswordKey(parsed.data)))
    throw invalidInput({ password: 'validation.passwordPersonal' });
  return parsed.data;
}
