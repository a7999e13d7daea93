import { createNavigation } from 'next-intl/navigation';
import type { ComponentProps } from 'react';
import { routing } from './routing';

// The only place locale-aware links and redirects come from (DESIGN §3); the path hooks that hide the
// internal currency segment live in navigation-client.ts.
export const navigation = createNavigation(routing);
export const { redirect, useRouter, getPathname } = navigation;

/** The mark `Link` puts on links fetched ahead on intent; links with an explicit `prefetch` do not carry it. */
export const INTENT_PREFETCH_ATTRIBUTE = 'data-prefetch-intent';

/**
 * Every locale-aware link of the site. Without an explicit `prefetch`, a link's page is fetched ahead when the
 * visitor shows intent (pointer over it, a touch, keyboard focus: PrefetchOnIntent), not when it scrolls into
 * view. Next's viewport prefetch asked for every visible link's page as soon as the page was interactive, about
 * a dozen requests per home view, and decoding those answers loaded the JavaScript of the pages they name (the
 * configurator's form code and zod among it): work inside the window Total Blocking Time counts, and a dozen
 * renders on the server for one visit (issue 9, docs/decisions/020-prefetch-on-intent.md).
 * An explicit `prefetch={false}` still means never; `prefetch` true keeps Next's own viewport prefetch.
 */
export function Link({ prefetch, ...props }: ComponentProps<typeof navigation.Link>) {
  if (prefetch !== undefined) return <navigation.Link prefetch={prefetch} {...props} />;
  return <navigation.Link prefetch={false} {...{ [INTENT_PREFETCH_ATTRIBUTE]: '' }} {...props} />;
}

/**
 * The path and query to prefetch for an intent event on `target`, or null: the nearest enclosing link must be
 * marked, open in this tab (no `download`, no `target` but `_self`), on this origin and lead to another page (a
 * link to a heading of this page needs nothing fetched).
 */
export function intentPrefetchHref(
  target: EventTarget | null,
  here: { origin: string; pathname: string; search: string },
): string | null {
  const link = (target as Element | null)?.closest?.(`a[${INTENT_PREFETCH_ATTRIBUTE}]`) as HTMLAnchorElement | null;
  // A download or a link opening another browsing context leaves this page as it is: nothing to fetch ahead.
  if (!link?.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, here.origin);
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return null;
  return url.pathname + url.search;
}
