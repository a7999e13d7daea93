/**
 * Prefetch on intent (issue 9, docs/decisions/020-prefetch-on-intent.md). Links the site's `Link` renders
 * without an explicit `prefetch` carry this attribute; ShellBootstrap prefetches their page when the visitor
 * points at one, touches it or tabs to it. Links without it (the language switcher, the sign-in links that
 * open a dialog) are never prefetched, as before.
 */
export const INTENT_PREFETCH_ATTRIBUTE = 'data-prefetch-intent';

/** Where an intent prefetch may go: the page's own origin, and not the page already shown. */
type Here = { origin: string; pathname: string; search: string };

/**
 * The path and query to prefetch for an event on `target`, or null: the nearest enclosing link must be one of
 * ours, open in this tab, on this origin and lead to another page (a link to a heading of this page needs
 * nothing fetched).
 */
export function intentPrefetchHref(target: EventTarget | null, here: Here): string | null {
  const element = target as { closest?: (selector: string) => Element | null } | null;
  const link = element?.closest?.(`a[${INTENT_PREFETCH_ATTRIBUTE}]`) as HTMLAnchorElement | null | undefined;
  if (!link?.href || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.origin);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}`;
}
