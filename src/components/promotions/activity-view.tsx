'use client';

import { useEffect } from 'react';
import { useBrowserPath } from '@/i18n/navigation-client';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiCall } from '@/lib/api-client';
import { readConsent, trackingAllowed } from '@/lib/consent';

const VISITOR_KEY = 'activityVisitor';

/**
 * Records a view of an activity page (docs/product/targets.md#promotions), only when cookie category 2 or 3 is on (docs/product/states.md#cookie-consent). Rendered by
 * the five activity pages (the pop-up's hidden routes, docs/product/screens.md#route-names) only, so other pages do not load it (docs/product/targets.md#performance).
 */
export function ActivityView() {
  const path = useBrowserPath();
  useEffect(() => {
    let active = true;
    void afterFirstPaint().then(() => {
      if (!active || !trackingAllowed(readConsent((key) => window.localStorage.getItem(key)).choice)) return;
      let visitorId = window.localStorage.getItem(VISITOR_KEY);
      if (!visitorId) {
        visitorId = crypto.randomUUID();
        window.localStorage.setItem(VISITOR_KEY, visitorId);
      }
      apiCall('/user/behavior/actPage', { body: { path, visitorId }, silent: true }).catch(() => undefined);
    });
    return () => {
      active = false;
    };
  }, [path]);
  return null;
}
