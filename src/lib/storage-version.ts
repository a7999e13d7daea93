import { deleteCookies, listCookieNames } from './consent';

/** Local storage key holding the configured version the stored data belongs to (docs/product/states.md#stored-version). */
export const STORAGE_VERSION_KEY = 'version';

/** The parts of the Web Storage API this needs; window.localStorage and sessionStorage satisfy it. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'clear'>;

/**
 * On a version mismatch (docs/product/states.md#stored-version) clears session storage, local storage and every cookie script can reach,
 * then stores the new version. Returns whether it wiped. HttpOnly cookies are out of reach of script and stay.
 * A first visit (no stored version) has nothing of an older version to clear: the version is only stored, so
 * the locale cookie the server has just set survives.
 */
export function wipeForNewVersion(
  env: { local: StorageLike; session: StorageLike; doc: { cookie: string }; hostname: string },
  configured: string,
): boolean {
  const stored = env.local.getItem(STORAGE_VERSION_KEY);
  if (stored === configured) return false;
  if (stored === null) {
    env.local.setItem(STORAGE_VERSION_KEY, configured);
    return false;
  }
  env.session.clear();
  env.local.clear();
  deleteCookies(listCookieNames(env.doc), env.doc, env.hostname);
  env.local.setItem(STORAGE_VERSION_KEY, configured);
  return true;
}
