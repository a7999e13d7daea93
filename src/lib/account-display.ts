/** Number of profile avatar images, `/avatars/0.png` to `/avatars/7.png` (docs/product/entities.md#avatar). */
export const AVATAR_COUNT = 8;

/** Avatar shown when there is no username to hash; docs/product/entities.md#avatar names 2.png as the default image. */
export const DEFAULT_AVATAR = 2;

const MASK = '****';
const EMAIL = /^([^\s@]+)@[^\s@]+$/;
// Digits with an optional leading + (country code) and the spaces or hyphens people type between groups.
const PHONE = /^\+?\d[\d\s-]*$/;
const PHONE_MIN_DIGITS = 7;

/** The first `count` characters, counted by code point so an emoji or rare CJK character is never cut in half. */
function firstChars(value: string, count: number): string {
  return Array.from(value).slice(0, count).join('');
}

/**
 * The account as the logged-in header shows it (docs/product/states.md#signed-in-or-not): an e-mail keeps the first 4 characters of its local
 * part, a phone number keeps 2 leading and 3 trailing digits, anything else (a username) keeps its first 4
 * characters. A phone with a country code is masked over all its digits, so `+86 138…` starts with `86`.
 */
export function maskAccount(account: string | null | undefined): string {
  const value = account?.trim() ?? '';
  if (value === '') return '';
  const email = EMAIL.exec(value);
  if (email) return `${firstChars(email[1] ?? '', 4)}${MASK}`;
  if (PHONE.test(value)) {
    const digits = value.replace(/\D/g, '');
    if (digits.length >= PHONE_MIN_DIGITS) return `${digits.slice(0, 2)}${MASK}${digits.slice(-3)}`;
  }
  return `${firstChars(value, 4)}${MASK}`;
}

/**
 * Avatar file number 0..7 derived from a hash of the username (docs/product/entities.md#avatar): FNV-1a 32-bit over UTF-16 code units.
 * The low three bits of plain FNV-1a depend only on the low three bits of each code unit (`user1` and `user9`
 * would always collide), so the high half is folded in before taking the remainder.
 */
export function avatarIndex(username: string | null | undefined): number {
  if (!username || username.trim() === '') return DEFAULT_AVATAR;
  let hash = 0x811c9dc5;
  for (let i = 0; i < username.length; i++) {
    hash ^= username.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return hash % AVATAR_COUNT;
}

/** Public path of the avatar image for a username (docs/product/entities.md#avatar). */
export function avatarSrc(username: string | null | undefined): string {
  return `/avatars/${avatarIndex(username)}.png`;
}
