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

/**
 * How an article links to a customer-centre page without naming the operator's host: `customer-centre:/path`.
 * The page renderer turns it into an address under CUSTOMER_CENTER_URL (src/server/docs/markdown-html.ts).
 */
export const CUSTOMER_CENTRE_LINK = /^customer-centre:(\/(?!\/)[^\s<>"]*)$/i;

/** An article's link target with a `customer-centre:` path resolved under `base`; any other target unchanged. */
export function resolveCustomerCentreLink(href: string, base: string): string {
  const path = CUSTOMER_CENTRE_LINK.exec(href)?.[1];
  return path === undefined ? href : `${base.replace(/\/+$/, '')}${path}`;
}
