'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { COOKIE_CONFIRM_KEY } from '@/lib/consent';
import { OPEN_COOKIE_SETTINGS_EVENT } from './cookie-events';

// The panel's code loads only for visitors who must answer it, or who reopen it (issue 9). The shell's deferred
// panels use React.lazy, not next/dynamic: each renders only after a client-side state change, so next/dynamic's
// server-rendering support would add ~1.7 KB gzip to every page's first load for nothing.
const CookiePanel = lazy(() => import('./cookie-panel').then((m) => ({ default: m.CookiePanel })));

/** Cookie consent (SPEC §4): the panel appears unless cookieConfirm is stored. */
export function CookieConsent() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstPaint().then(() => {
      if (active && window.localStorage.getItem(COOKIE_CONFIRM_KEY) === null) setNeeded(true);
    });
    const reopen = () => setNeeded(true);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => {
      active = false;
      window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <CookiePanel />
    </Suspense>
  ) : null;
}

/** Footer button that reopens the panel, so consent can be withdrawn at any time. */
export function CookieSettingsButton() {
  const t = useTranslations('shell.cookies');
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT))}
      className="text-sm text-slate-300 underline-offset-2 hover:text-white hover:underline"
    >
      {t('settings')}
    </button>
  );
}
