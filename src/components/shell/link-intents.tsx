'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { intentPrefetchHref, pageLinkNavigation } from '@/i18n/navigation';

/**
 * One set of listeners on the document serves every link, including those rendered later (menus, drawers):
 * - a link's page is prefetched once the visitor shows intent (docs/decisions/020-prefetch-on-intent.md):
 *   `pointerover` covers the mouse and the start of a touch, `focusin` the keyboard. Pointer-over fires again for
 *   every element inside a link; Next's prefetch cache answers a page already asked for (done or under way)
 *   without another request;
 * - a click on a page link (the plain anchors server components render, `PageLink`) navigates within the page
 *   as `Link` does, so those links need no component of their own to hydrate (decision 027).
 * React's own listener on the document comes first, so a click a `Link` already handled arrives prevented.
 */
export function LinkIntents() {
  const router = useRouter();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = intentPrefetchHref(event.target, window.location);
      if (href) router.prefetch(href);
    };
    const onClick = (event: MouseEvent) => {
      const href = pageLinkNavigation(event, window.location);
      if (!href) return;
      event.preventDefault();
      router.push(href);
    };
    const options = { capture: true, passive: true };
    document.addEventListener('pointerover', onIntent, options);
    document.addEventListener('focusin', onIntent, options);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerover', onIntent, options);
      document.removeEventListener('focusin', onIntent, options);
      document.removeEventListener('click', onClick);
    };
  }, [router]);
  return null;
}
