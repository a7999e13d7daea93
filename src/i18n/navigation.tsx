import { createNavigation } from 'next-intl/navigation';
import type { ComponentProps } from 'react';
import { INTENT_PREFETCH_ATTRIBUTE } from '@/lib/intent-prefetch';
import { routing } from './routing';

// The only place locale-aware links and redirects come from (DESIGN §3); the path hooks that hide the
// internal currency segment live in navigation-client.ts.
export const navigation = createNavigation(routing);
export const { redirect, useRouter, getPathname } = navigation;

/**
 * Every locale-aware link of the site. Without an explicit `prefetch` a link is fetched ahead when the visitor
 * shows intent (pointer over it, a touch, keyboard focus: src/lib/intent-prefetch.ts), not when it scrolls into
 * view. Next's viewport prefetch asked for every visible link's page the moment the page was interactive,
 * about a dozen requests per view on the home pages, and decoding those answers also loaded the JavaScript of
 * the pages they name (the configurator's 100 KB among it): work inside the window Total Blocking Time counts
 * and a dozen renders on the server for one visit (issue 9, docs/decisions/020-prefetch-on-intent.md).
 * An explicit `prefetch={false}` still means never; `prefetch` true keeps Next's own viewport prefetch.
 */
export function Link({ prefetch, ...props }: ComponentProps<typeof navigation.Link>) {
  if (prefetch !== undefined) return <navigation.Link prefetch={prefetch} {...props} />;
  return <navigation.Link prefetch={false} {...{ [INTENT_PREFETCH_ATTRIBUTE]: '' }} {...props} />;
}
