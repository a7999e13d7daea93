import { PAGE_ROUTES, type RouteBaseName } from './routes';

/**
 * Pages kept out of the sitemap and disallowed in robots.txt (docs/product/screens.md#search-engines): account activation only works from a
 * mailed link, and search results are endless and thin. Pages with a path parameter are listed from the
 * database instead (articles, announcements) or not at all (group-buy join pages, searches).
 */
export const PRIVATE_ROUTES: readonly RouteBaseName[] = [
  'activate',
  'resetPassword',
  'orders',
  'affiliate',
  'doc-search-query',
];
export const PRIVATE_PATH_PREFIXES = ['/activate', '/resetPassword', '/orders', '/affiliate', '/doc/search'] as const;

/** Site paths (without language prefix) of every public page without a path parameter. */
export const SITEMAP_STATIC_PATHS: readonly string[] = PAGE_ROUTES.filter(
  (r) => !r.pattern.includes(':') && !PRIVATE_ROUTES.includes(r.name),
).map((r) => r.pattern);
