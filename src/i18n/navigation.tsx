import { createNavigation } from 'next-intl/navigation';
import type { ComponentProps } from 'react';
import { isSitePath } from '@/lib/site-path';
import { routing } from './routing';

// The only place locale-aware links and redirects come from; the path hooks that hide the
// internal currency segment live in navigation-client.ts.
export const navigation = createNavigation(routing);
export const { redirect, useRouter, getPathname } = navigation;

/** The mark `Link` puts on links fetched ahead on intent; links with an explicit `prefetch` do not carry it. */
export const INTENT_PREFETCH_ATTRIBUTE = 'data-prefetch-intent';

/**
 * Every locale-aware link of the site. Without an explicit `prefetch`, a link's page is fetched ahead when the
 * visitor shows intent (pointer over it, a touch, keyboard focus: LinkIntents), not when it scrolls into
 * view. Next's viewport prefetch asked for every visible link's page as soon as the page was interactive, about
 * a dozen requests per home view, and decoding those answers loaded the JavaScript of the pages they name (the
 * configurator's form code and zod among it): work inside the window Total Blocking Time counts, and a dozen
 * renders on the server for one visit (docs/decisions/020-prefetch-on-intent.md).
 * An explicit `prefetch={false}` still means never; `prefetch` true keeps Next's own viewport prefetch.
 */
export function Link({ prefetch, ...props }: ComponentProps<typeof navigation.Link>) {
  if (prefetch !== undefined) return <navigation.Link prefetch={prefetch} {...props} />;
  return <navigation.Link prefetch={false} {...{ [INTENT_PREFETCH_ATTRIBUTE]: '' }} {...props} />;
}

/**
 * The mark of a link a server component renders as a plain anchor (`PageLink`): a click on it navigates within
 * the page, as `Link` does, through the one listener of `LinkIntents`.
 */
export const PAGE_LINK_ATTRIBUTE = 'data-page-link';

type Here = { origin: string; pathname: string; search: string };

/**
 * The URL of the nearest enclosing link matching `selector`, or null when that link opens somewhere the page
 * itself does not go: a download, another browsing context (`target` other than `_self`), another origin.
 */
function sameTabLink(target: EventTarget | null, selector: string, here: Here): URL | null {
  const link = (target as Element | null)?.closest?.(selector) as HTMLAnchorElement | null;
  if (!link?.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, here.origin);
  // The router reads a path beginning `//` (`/.//host` once resolved) as another host: such a link is left to the
  // browser, which keeps it on this origin (docs/decisions/053-site-paths.md).
  return url.origin === here.origin && isSitePath(url.pathname + url.search + url.hash) ? url : null;
}

/**
 * The path and query to prefetch for an intent event on `target`, or null: the nearest enclosing link must be
 * marked, open in this tab (no `download`, no `target` but `_self`), on this origin and lead to another page (a
 * link to a heading of this page needs nothing fetched).
 */
export function intentPrefetchHref(target: EventTarget | null, here: Here): string | null {
  const url = sameTabLink(target, `a[${INTENT_PREFETCH_ATTRIBUTE}]`, here);
  if (!url || (url.pathname === here.pathname && url.search === here.search)) return null;
  return url.pathname + url.search;
}

type Click = Pick<MouseEvent, 'target' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>;

/**
 * Where a click on a page link navigates within the page (path, query and fragment), or null to leave the click
 * to the browser: anything but a plain primary click (a modifier opens a tab or window, or saves the target),
 * a click already handled, a link that is not a page link or does not open in this tab on this origin, and a
 * fragment of the page already shown (the browser scrolls to it, as for any anchor).
 */
export function pageLinkNavigation(click: Click, here: Here): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const url = sameTabLink(click.target, `a[${PAGE_LINK_ATTRIBUTE}]`, here);
  if (!url || (url.hash && url.pathname === here.pathname && url.search === here.search)) return null;
  return url.pathname + url.search + url.hash;
}
