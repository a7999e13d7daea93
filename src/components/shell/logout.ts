'use client';

import { apiCall } from '@/lib/api-client';
import { cleanupCookieNames, deleteCookies, listCookieNames } from '@/lib/consent';
import { useSiteStore } from '@/stores/site-store';

/**
 * Logout (docs/product/api.md#accounts): the server ends the session; on code 2000 the client clears account, token, username and
 * the stored account, removes the login cookies (cleanup mode 1, docs/product/states.md#cleanup-modes) and goes to the home page.
 */
export async function logout(): Promise<void> {
  await apiCall('/logout', { method: 'POST', body: {} });
  useSiteStore.getState().clearAccount();
  deleteCookies(cleanupCookieNames(1, listCookieNames(document)), document, window.location.hostname);
  const locale = document.documentElement.lang.slice(0, 2);
  window.location.assign(locale === 'en' ? '/' : `/${locale}`);
}
