/**
 * The rules of a customer's new password (docs/decisions/056-account-passwords.md), without zod, so the strength
 * meter's chunk carries only these few lines: 8 to 128 characters of any kind, spaces included, and no rule about
 * which kinds. The zod schema built on them is in `account-password.ts`; the list of common passwords is checked
 * by the server (src/server/auth/new-password.ts) and shown early by the meter.
 */
export const ACCOUNT_PASSWORD_MIN = 8;
/** Twice the 64 characters NIST asks room for: a passphrase is never cut short. */
export const ACCOUNT_PASSWORD_MAX = 128;

/**
 * NFKC, so a password typed as full-width letters on a CJK keyboard, or with an accent composed another way, is
 * the same password everywhere. Applied before any check and before hashing, at sign-up, reset and sign-in. Every
 * password stored before was ASCII letters and digits, which NFKC leaves as they are.
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
 * selectors inside emoji are format characters, not controls, and are kept.
 */
export function hasControlCharacter(password: string): boolean {
  return /\p{Cc}/u.test(password);
}

/** What is wrong with a (normalized) new password's length or characters, as a `validation.*` key, or null. */
export function passwordShapeIssue(
  password: string,
): 'validation.passwordControl' | 'validation.passwordLength' | null {
  if (hasControlCharacter(password)) return 'validation.passwordControl';
  const length = passwordLength(password);
  return length < ACCOUNT_PASSWORD_MIN || length > ACCOUNT_PASSWORD_MAX ? 'validation.passwordLength' : null;
}

/** How the list of common passwords is looked up: the normalized password in lower case, as the list is written. */
export function commonPasswordKey(password: string): string {
  return normalizePassword(password).toLowerCase();
}

/**
 * An "expected" password, which NIST's blocklist covers beside the common ones: one to four characters repeated
 * (`88888888`, `12121212`, `abcabcabc`) or a straight run up or down (`abcdefgh`, `87654321`). zxcvbn-ts's list
 * leaves these out, because its own matchers score them, so they are checked here, on the list's key.
 */
export function isRepeatOrRun(password: string): boolean {
  const key = commonPasswordKey(password);
  if (/^(.{1,4}?)\1+$/su.test(key)) return true;
  const points = Array.from(key, (character) => character.codePointAt(0) ?? 0);
  const step = (points[1] ?? 0) - (points[0] ?? 0);
  if (points.length < 3 || Math.abs(step) !== 1) return false;
  return points.every((point, index) => index === 0 || point - (points[index - 1] ?? 0) === step);
}

/**
 * What an attacker tries first for one account, as list keys: its e-mail address and the address's name part,
 * and the site's name with and without its spaces.
 */
export function personalPasswordWords(email: string | undefined, brand?: string): string[] {
  const words: string[] = [];
  if (brand) words.push(brand, brand.replace(/\s+/g, ''));
  if (email?.includes('@')) words.push(email, email.slice(0, email.lastIndexOf('@')));
  return words.map(commonPasswordKey).filter((word) => word.length > 0);
}
