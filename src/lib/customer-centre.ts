import { isSitePath } from './site-path';

/**
 * Pages of the customer centre (docs/product/screens.md#customer-centre), the separate system under CUSTOMER_CENTER_URL where customers pay for
 * orders and manage what they bought. The site only links to them.
 */
export const CUSTOMER_CENTRE_PAGES = {
  console: '/',
  userCenter: '/userCenter',
  disks: '/myProduct/cvm/disk',
  ticket: '/workServer/submitWork',
} as const;

export type CustomerCentrePage = keyof typeof CUSTOMER_CENTRE_PAGES;

/** The address of a customer-centre page under the configured base URL (with or without a trailing slash). */
export function customerCentreUrl(base: string, page: CustomerCentrePage): string {
  return `${base.replace(/\/+$/, '')}${CUSTOMER_CENTRE_PAGES[page]}`;
}

const CUSTOMER_CENTRE_SCHEME = /^customer-centre:/i;

/**
 * How an article links to a customer-centre page without naming the operator's host: `customer-centre:/path`.
 * The page renderer turns it into an address under CUSTOMER_CENTER_URL (src/server/docs/markdown-html.ts). The
 * path is a path on that site by the same rule as ours (docs/decisions/053-site-paths.md), so `/.//host` is not
 * one. Returns the path, or undefined when `href` is not such a link.
 */
export function customerCentrePath(href: string): string | undefined {
  if (!CUSTOMER_CENTRE_SCHEME.test(href)) return undefined;
  const path = href.replace(CUSTOMER_CENTRE_SCHEME, '');
  return isSitePath(path) && !/[\s<>"]/.test(path) ? path : undefined;
}

/** An article's link target with a `customer-centre:` path resolved under `base`; any other target unchanged. */
export function resolveCustomerCentreLink(href: string, base: string): string {
  const path = customerCentrePath(href);
  return path === undefined ? href : `${base.replace(/\/+$/, '')}${path}`;
}
