'use client';

import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiCall } from '@/lib/api-client';
import { REFERRAL_COOKIE, REFERRAL_PARAM, readConsent } from '@/lib/consent';
import { CONSENT_CHANGED_EVENT } from './cookie-events';

type ClickAnswer = { token: string | null; cookieDays: number };

/**
 * A referral link (`?aff=CODE` on any page, docs/decisions/070-affiliate-programme.md): after the first paint the
 * click is sent to the API and the parameter taken out of the address, so every page stays one cached document
 * whatever code it was reached with. The referral cookie is written only with the advertising category's consent
 * (docs/decisions/071-referral-consent.md); a visitor who gives it later on the same page gets it then, and one who
 * never does is counted as a click and referred by nothing.
 */
export function ReferralBeacon() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get(REFERRAL_PARAM);
    if (!code) return;
    url.searchParams.delete(REFERRAL_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    let answer: ClickAnswer | null = null;
    const keep = () => {
      if (!answer?.token) return;
      if (!readConsent((key) => window.localStorage.getItem(key)).choice[3]) return;
      // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written only after consent; Cookie Store API is not in every browser the site serves.
      document.cookie = `${REFERRAL_COOKIE}=${answer.token}; Max-Age=${answer.cookieDays * 86_400}; path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
    };
    let active = true;
    void afterFirstPaint()
      .then(() => apiCall<ClickAnswer>('/affiliate/click', { body: { code, path: url.pathname }, silent: true }))
      .then((got) => {
        answer = got;
        if (active) keep();
      })
      .catch(() => undefined);
    window.addEventListener(CONSENT_CHANGED_EVENT, keep);
    return () => {
      active = false;
      window.removeEventListener(CONSENT_CHANGED_EVENT, keep);
    };
  }, []);
  return null;
}
