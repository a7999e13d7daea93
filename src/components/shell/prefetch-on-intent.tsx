'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { intentPrefetchHref } from '@/i18n/navigation';

/**
 * Prefetches a link's page once the visitor shows intent (issue 9, docs/decisions/020-prefetch-on-intent.md).
 * One listener on the document serves every link, including those rendered later (menus, drawers);
 * `pointerover` covers the mouse and the start of a touch, `focusin` the keyboard. Pointer-over fires again for
 * every element inside a link; Next's prefetch cache answers a page already asked for (done or under way)
 * without another request.
 */
export function PrefetchOnIntent() {
  const router = useRouter();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = intentPrefetchHref(event.target, window.location);
      if (href) router.prefetch(href);
    };
    const options = { capture: true, passive: true };
    document.addEventListener('pointerover', onIntent, options);
    document.addEventListener('focusin', onIntent, options);
    return () => {
      document.removeEventListener('pointerover', onIntent, options);
      document.removeEventListener('focusin', onIntent, options);
    };
  }, [router]);
  return null;
}
