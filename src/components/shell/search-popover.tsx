'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import { useDeferredPanel } from './use-deferred-panel';

// The popover's code loads on first use (docs/product/targets.md#performance).
const SearchPanel = lazy(() => import('./search-panel').then((m) => ({ default: m.SearchPanel })));

/** The header's documentation search button with its 485 px popover (docs/product/screens.md#documentation-search). */
export function SearchPopover() {
  const t = useTranslations('shell.search');
  const panel = useDeferredPanel();
  return (
    <>
      <button {...panel.triggerProps} className="rounded-md p-2 text-ink hover:bg-surface" aria-label={t('open')}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {panel.wanted ? (
        <Suspense fallback={null}>
          <SearchPanel anchor={panel.trigger} open={panel.open} onOpenChange={panel.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
