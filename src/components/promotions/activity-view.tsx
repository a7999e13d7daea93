'use client';

import { useEffect } from 'react';
import { useBrowserPath } from '@/i18n/navigation-client';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiCall } from '@/lib/api-client';
import { readConsent, trackingAllowed } from '@/lib/consent';

const VISITOR_KEY = 'activityVisitor';

/**
 * Records a view of an activity page (issue 6), only when cookie category 2 or 3 is on (SPEC §4). Rendered by
 * the five activity pages (the pop-up's hidden routes, SPEC §2) only, so other pages do not load it (issue 9).
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
