'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import type { SupportConfig } from './support-links';
import { useDeferredPanel } from './use-deferred-panel';

// The drawer's code (Radix Dialog and Accordion) loads on the first tap, not with the page (docs/product/targets.md#performance).
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })));

/** Below 960 px the header becomes an accordion menu in a drawer (docs/product/screens.md#header). */
export function MobileMenu({
  support,
  ticketUrl,
  customerCenterUrl,
}: {
  support: SupportConfig;
  ticketUrl: string;
  customerCenterUrl: string;
}) {
  const t = useTranslations('shell');
  const panel = useDeferredPanel();
  return (
    <>
      <button
        {...panel.triggerProps}
        className="rounded-md p-2 text-ink hover:bg-surface desk:hidden"
        aria-label={t('openMenu')}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
          <path d="M3 6h16M3 11h16M3 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {panel.wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer
            support={support}
            ticketUrl={ticketUrl}
            customerCenterUrl={customerCenterUrl}
            open={panel.open}
            onOpenChange={panel.setOpen}
            returnFocusTo={() => panel.trigger.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
