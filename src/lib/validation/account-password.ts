import './zod-config';
import { z } from 'zod';
import { ACCOUNT_PASSWORD_MAX, normalizePassword, passwordLength, passwordShapeIssue } from './account-password-rules';
import { REQUIRED_MESSAGE } from './rules';

/**
 * The zod schemas of customer passwords, shared by the forms and the API (docs/decisions/056-account-passwords.md);
 * the rules themselves are in `account-password-rules.ts`.
 */

/** The new password of a sign-up or a reset, normalized; refused with `validation.passwordControl` or `passwordLength`. */
export const accountPassword = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .overwrite(normalizePassword)
  .check((ctx) => {
    const issue = passwordShapeIssue(ctx.value);
    if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
  });

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
