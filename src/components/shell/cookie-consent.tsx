'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { COOKIE_CONFIRM_KEY } from '@/lib/consent';
import { askingControl, OPEN_COOKIE_SETTINGS_EVENT, type OpenCookieSettingsDetail } from './cookie-events';

// The panel's code loads only for visitors who must answer it, or who reopen it (docs/product/targets.md#performance). The shell's deferred
// panels use React.lazy, not next/dynamic: each renders only after a client-side state change, so next/dynamic's
// server-rendering support would add to every page's first load for nothing
// (docs/decisions/016-first-paint-before-storage.md).
const CookiePanel = lazy(() => import('./cookie-panel').then((m) => ({ default: m.CookiePanel })));

/**
 * Cookie consent (docs/decisions/006-cookie-consent.md): the panel appears unless cookieConfirm is stored. The layout renders this first in the
 * body, so the panel comes first in the tab order: on a first visit one Tab reaches it, and Tab goes on past it to
 * the page (docs/decisions/006-cookie-consent.md).
 */
export function CookieConsent() {
  // null: not shown yet; otherwise why it was first shown: by itself (no control) or asked for by a control.
  const [shown, setShown] = useState<{ asked: boolean; returnTo: HTMLElement | null } | null>(null);
  useEffect(() => {
    let active = true;
    void afterFirstPaint().then(() => {
      if (active && window.localStorage.getItem(COOKIE_CONFIRM_KEY) === null) {
        setShown((s) => s ?? { asked: false, returnTo: null });
      }
    });
    const reopen = (event: Event) => setShown((s) => s ?? { asked: true, returnTo: askingControl(event) });
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => {
      active = false;
      window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <CookiePanel asked={shown.asked} returnTo={shown.returnTo} />
    </Suspense>
  ) : null;
}

/** Footer button that reopens the panel, so consent can be withdrawn at any time. */
export function CookieSettingsButton() {
  const t = useTranslations('shell.cookies');
  return (
    <button
      type="button"
      onClick={(event) => {
        const detail: OpenCookieSettingsDetail = { returnTo: event.currentTarget };
        window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT, { detail }));
      }}
      className="text-sm text-slate-300 underline-offset-2 hover:text-white hover:underline"
    >
      {t('settings')}
    </button>
  );
}
