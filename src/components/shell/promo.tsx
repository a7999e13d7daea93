'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { useBrowserPath } from '@/i18n/navigation-client';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { ACTIVE_IMG_KEY, POPUP_DELAY_MS, popupDecision } from '@/lib/promo-popup';
import { isPopupHidden } from '@/lib/routes';

import { type PromoContent, rememberPopupSeen } from './promo-content';

/** The slim promotion banner under the header; hidden on the routes of docs/product/screens.md#route-names. */
export function PromoBanner({ promo }: { promo: PromoContent }) {
  const t = useTranslations('shell.promo');
  const path = useBrowserPath();
  if (isPopupHidden(path)) return null;
  return (
    <aside aria-label={t('dialogLabel')} className="bg-brand-900 text-white" data-testid="promo-banner">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-3 px-4 py-2 text-sm">
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: promo.accent }} />
        <span className="truncate">{promo.title}</span>
        <Link
          href="/activity/promotion"
          className="shrink-0 rounded-full bg-white px-3 py-0.5 font-semibold text-brand-900 hover:bg-brand-50"
        >
          {promo.ctaLabel}
        </Link>
      </div>
    </aside>
  );
}

// The dialog's code loads only when the pop-up is due (docs/product/targets.md#performance).
const PromoDialog = lazy(() => import('./promo-dialog').then((m) => ({ default: m.PromoDialog })));

/**
 * Promotional pop-up (docs/product/states.md#promotional-pop-up): 30 s after load, only when activeImg holds a timestamp older than 24 h;
 * never without one (the first visit stores it, decision 005). Hidden on the routes of docs/product/screens.md#route-names.
 */
export function PromoPopup({ promo }: { promo: PromoContent }) {
  const path = useBrowserPath();
  const [due, setDue] = useState(false);

  useEffect(() => {
    let active = true;
    let timer: number | undefined;
    void afterFirstPaint().then(() => {
      if (!active) return;
      const decision = popupDecision({
        activeImg: window.localStorage.getItem(ACTIVE_IMG_KEY),
        now: Date.now(),
        pathname: path,
      });
      if (decision.storeFirstVisit) rememberPopupSeen();
      if (decision.show) timer = window.setTimeout(() => setDue(true), POPUP_DELAY_MS);
    });
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [path]);

  return due ? (
    <Suspense fallback={null}>
      <PromoDialog promo={promo} />
    </Suspense>
  ) : null;
}
