import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  ACCOUNT_PASSWORD_MAX,
  ACCOUNT_PASSWORD_MIN,
  commonPasswordKey,
  isRepeatOrRun,
  normalizePassword,
  passwordLength,
  passwordShapeIssue,
  personalPasswordWords,
} from '@/lib/validation/account-password-rules';

/**
 * The strength meter's engine, loaded the first time a new-password field is focused or typed in, never with a
 * page (docs/decisions/056-account-passwords.md): zxcvbn-ts with the same list of common passwords the server
 * refuses (src/server/auth/new-password.ts), so the meter says beforehand what the server will answer.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: ACCOUNT_PASSWORD_MAX });
const common: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export type Refusal =
  | 'validation.passwordLength'
  | 'validation.passwordControl'
  | 'validation.passwordCommon'
  | 'validation.passwordPattern'
  | 'validation.passwordPersonal';

export type Assessment = {
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess); 0 whenever the server would refuse. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why the server will refuse the password, as the `validation.*` key it answers with. */
  refusal: Refusal | null;
  /** Characters still missing to reach the minimum. */
  missing: number;
  /** zxcvbn's warning and suggestions, as keys of `account.strength.warnings` and `.suggestions`. */
  warning: string | null;
  suggestions: string[];
};

/** The meter's reading of a password; `email` is the address typed in the same form, when there is one. */
export function assessPassword(password: string, email?: string): Assessment {
  const normalized = normalizePassword(password);
  const shape = passwordShapeIssue(normalized);
  const personal = personalPasswordWords(email);
  let refusal: Refusal | null = shape;
  if (!refusal && common.has(commonPasswordKey(normalized))) refusal = 'validation.passwordCommon';
  if (!refusal && isRepeatOrRun(normalized)) refusal = 'validation.passwordPattern';
  if (!refusal && personal.includes(commonPasswordKey(normalized))) refusal = 'validation.passwordPersonal';
  const result = zxcvbn.check(normalized, personal);
  return {
    score: refusal ? 0 : result.score,
    refusal,
    missing: Math.max(0, ACCOUNT_PASSWORD_MIN - passwordLength(normalized)),
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}
