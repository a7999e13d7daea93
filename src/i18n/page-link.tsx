import 'server-only';
import { getLocale } from 'next-intl/server';
import type { ComponentProps } from 'react';
import { getPathname, INTENT_PREFETCH_ATTRIBUTE, PAGE_LINK_ATTRIBUTE } from './navigation';

type Href = Parameters<typeof getPathname>[0]['href'];

/**
 * A link to another page in the same language, from a server component: a plain anchor with the localized
 * address, fetched ahead on intent and followed within the page by `LinkIntents`' one listener on the document.
 * `Link` does the same through a client component per link; the shell and the pages have dozens of links, and
 * each one's component, its hooks and its props in the page's payload were hydrated on every view
 * (docs/decisions/027-page-links.md). A link to another language (it must also store the choice) stays a `Link`.
 */
export async function PageLink({ href, ...props }: Omit<ComponentProps<'a'>, 'href'> & { href: Href }) {
  const locale = await getLocale();
  const marks = { [INTENT_PREFETCH_ATTRIBUTE]: '', [PAGE_LINK_ATTRIBUTE]: '' };
  return <a {...props} href={getPathname({ href, locale })} {...marks} />;
}
