'use client';

import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { readConsent, trackingAllowed } from '@/lib/consent';
import { CONSENT_CHANGED_EVENT } from './cookie-events';

const SCRIPT_ID = 'analytics-tag';

/**
 * The analytics and advertising tag (docs/product/screens.md#start-up-work) loads only once cookie category 2 or 3 is on (docs/product/states.md#cookie-consent), so it
 * can set no cookie before consent. Withdrawing consent disables it; the panel deletes its cookies.
 */
export function AnalyticsTag({ id }: { id: string | null }) {
  useEffect(() => {
    if (!id) return;
    const apply = () => {
      const { choice } = readConsent((key) => window.localStorage.getItem(key));
      const allowed = trackingAllowed(choice);
      (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = !allowed;
      if (!allowed || document.getElementById(SCRIPT_ID)) return;
      const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
      w.dataLayer = w.dataLayer || [];
      w.gtag = (...args: unknown[]) => {
        w.dataLayer.push(args);
      };
      w.gtag('js', new Date());
      w.gtag('consent', 'default', {
        analytics_storage: choice[2] ? 'granted' : 'denied',
        ad_storage: choice[3] ? 'granted' : 'denied',
      });
      w.gtag('config', id, { page_title: document.title });
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
      document.head.appendChild(script);
    };
    let active = true;
    void afterFirstPaint().then(() => {
      if (active) apply();
    });
    window.addEventListener(CONSENT_CHANGED_EVENT, apply);
    return () => {
      active = false;
      window.removeEventListener(CONSENT_CHANGED_EVENT, apply);
    };
  }, [id]);
  return null;
}
