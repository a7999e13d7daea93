'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiCall, setApiTranslator } from '@/lib/api-client';
import { currencyListIsStale } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import { mayReload, RELOAD_GUARD_KEY, shouldReloadForBuild } from '@/lib/reload-guard';
import { wipeForNewVersion } from '@/lib/storage-version';
import { type CurrencyRate, rehydrateSiteStore, useSiteStore } from '@/stores/site-store';

/** How often the build id is polled (docs/product/states.md#build-check); it is also checked whenever the tab regains focus. */
export const BUILD_POLL_MS = 5 * 60 * 1000;

async function checkBuild(current: string) {
  try {
    const latest = await apiCall<{ buildId: string }>('/build', { method: 'GET', silent: true });
    if (!shouldReloadForBuild(current, latest.buildId)) return;
    const now = Date.now();
    if (!mayReload(window.sessionStorage.getItem(RELOAD_GUARD_KEY), now)) return;
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
    window.location.reload();
  } catch {
    // docs/product/errors.md#logged-only: a failed build check is only logged (apiCall logged it).
  }
}

/**
 * Start-up work of every page (docs/product/screens.md#start-up-work): the storage-version wipe, the persisted store, the page's
 * language and its default currency, the currency list (refetched when empty or older than 24 h), the
 * API client's translations, and the build check.
 */
export function ShellBootstrap({
  locale,
  storageVersion,
  buildId,
}: {
  locale: Locale;
  storageVersion: string;
  buildId: string;
}) {
  const t = useTranslations();

  useEffect(() => {
    setApiTranslator((key) => (t.has(key as never) ? t(key as never) : undefined));
  }, [t]);

  useEffect(() => {
    let active = true;
    void (async () => {
      await afterFirstPaint();
      if (!active) return;
      wipeForNewVersion(
        {
          local: window.localStorage,
          session: window.sessionStorage,
          doc: document,
          hostname: window.location.hostname,
        },
        storageVersion,
      );
      rehydrateSiteStore();
      const store = useSiteStore.getState();
      if (currencyListIsStale(store.currencyData, store.openDate, Date.now())) {
        try {
          const list = await apiCall<CurrencyRate[]>('/finance/order-server/pay/getMoneyType', { silent: true });
          useSiteStore.getState().setCurrencyList(list, Date.now());
        } catch {
          // docs/product/api.md#site-and-shell: codes other than 2000 are ignored for the currency list.
        }
      }
      useSiteStore.getState().applyLanguage(locale);
      // A new tab starts with empty session storage: recover the signed-in account from the session cookie.
      if (!useSiteStore.getState().token && document.cookie.split('; ').includes('signedIn=1')) {
        try {
          useSiteStore.getState().setAccount(
            await apiCall<{ userAccount: string; username: string; token: string }>('/auth/me', {
              method: 'GET',
              silent: true,
            }),
          );
        } catch {
          // The session ended; the server cleared the hint cookie.
        }
      }
    })();
    return () => {
      active = false;
    };
  }, [locale, storageVersion]);

  useEffect(() => {
    const timer = window.setInterval(() => void checkBuild(buildId), BUILD_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkBuild(buildId);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [buildId]);

  return null;
}
