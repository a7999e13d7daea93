import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

/**
 * Every page route (docs/product/screens.md#page-list) with its route name. Route names (docs/product/screens.md#route-names) are path segments joined by
 * hyphens, then three underscores and the language (`activity-pintuan-vps-id___ja`). The group-buy
 * join page is named `activity-pintuan-vps-id` as the original product named it (docs/product/screens.md#route-names), although its path says part-vps.
 */
export const PAGE_ROUTES = [
  { name: 'index', pattern: '/' },
  { name: 'jobs', pattern: '/jobs' },
  { name: 'about', pattern: '/about' },
  { name: 'product-vps', pattern: '/product/vps' },
  { name: 'signUp', pattern: '/signUp' },
  { name: 'contact', pattern: '/contact' },
  { name: 'product-domain', pattern: '/product/domain' },
  { name: 'ac-coupon', pattern: '/ac/coupon' },
  { name: 'product-vps-buy', pattern: '/product/vps-buy' },
  { name: 'activate', pattern: '/activate' },
  { name: 'resetPassword', pattern: '/resetPassword' },
  { name: 'orders', pattern: '/orders' },
  { name: 'orders-number', pattern: '/orders/:number' },
  { name: 'affiliate', pattern: '/affiliate' },
  { name: 'activity-vps', pattern: '/activity/vps' },
  { name: 'welcome-signup', pattern: '/welcome-signup' },
  { name: 'activity-promotion', pattern: '/activity/promotion' },
  { name: 'activity-pintuan-vps', pattern: '/activity/pintuan/vps' },
  { name: 'activity-pintuan-vps-id', pattern: '/activity/pintuan/part-vps/:id' },
  { name: 'doc', pattern: '/doc' },
  { name: 'doc-article-slug', pattern: '/doc/article/:slug' },
  { name: 'doc-announce', pattern: '/doc/announce' },
  { name: 'doc-announce-detail-id', pattern: '/doc/announce/detail/:id' },
  { name: 'doc-search-query', pattern: '/doc/search/:query' },
] as const;

export type RouteBaseName = (typeof PAGE_ROUTES)[number]['name'];

/** Routes where the promotional pop-up and banner stay hidden (docs/product/screens.md#route-names). */
export const POPUP_HIDDEN_ROUTES: readonly RouteBaseName[] = [
  'activity-promotion',
  'activity-vps',
  'activity-pintuan-vps',
  'activity-pintuan-vps-id',
  'ac-coupon',
];

/** The seeded documentation articles' slugs, prerendered at build; the back office adds and renames others. */
export const DOC_SLUGS = [
  'pricing',
  'vps-pricing',
  'block-storage-volume-pricing',
  'network-pricing',
  'legal-and-terms',
  'vps',
  'api',
  'abuse',
  'refund',
  'affiliate',
  'looking-glass-test-latency-network-speed',
] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

/** Splits `/zh/about` into `zh` and `/about`; an unprefixed path is English (docs/product/screens.md#languages-and-addresses). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== DEFAULT_LOCALE) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The URL path of a site path in a language: English without prefix, others under /zh or /ja. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

/** Route name (docs/product/screens.md#route-names) for a URL path, e.g. `/ja/activity/pintuan/part-vps/12` -> `activity-pintuan-vps-id___ja`. */
export function routeName(pathname: string): string | undefined {
  const { locale, path } = splitLocale(pathname.replace(/\/+$/, '') || '/');
  const route = PAGE_ROUTES.find((r) => matches(r.pattern, path));
  return route ? `${route.name}___${locale}` : undefined;
}

/** Base route name without the language suffix. */
export function routeBaseName(pathname: string): RouteBaseName | undefined {
  const name = routeName(pathname);
  return name?.split('___')[0] as RouteBaseName | undefined;
}

/**
 * The paths of POPUP_HIDDEN_ROUTES under every language prefix, written out so the banner and pop-up (client components on
 * every page) do not carry the whole route table to the browser (docs/decisions/020-prefetch-on-intent.md, the
 * JavaScript budget).
 * routes.test.ts checks it against the table, route by route and language by language.
 */
const POPUP_HIDDEN_PATHS = new RegExp(
  `^(?:/(?:${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|')}))?` +
    '/(?:ac/coupon|activity/(?:promotion|vps|pintuan/vps|pintuan/part-vps/[^/]+))/*$',
);

export function isPopupHidden(pathname: string): boolean {
  return POPUP_HIDDEN_PATHS.test(pathname);
}

export { LOCALES };
