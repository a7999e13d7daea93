import type { CustomerCentrePage } from '@/lib/customer-centre';

/** An entry of the menu: a page of this site, or a page of the customer centre (for customers, about what they own). */
export type ProductItem = { key: string; href: string } | { key: string; customerCentre: CustomerCentrePage };

/**
 * The header's product menu (docs/product/screens.md#header): themes compute, network, storage, databases and business sites, each
 * product linking to its page or its documentation. Labels live in the `shell.items` messages.
 */
export const PRODUCT_THEMES = [
  {
    key: 'compute',
    items: [
      { key: 'vps', href: '/product/vps' },
      { key: 'dedicated', href: '/product/vps#dedicated' },
      { key: 'configure', href: '/product/vps-buy' },
      { key: 'sale', href: '/activity/vps' },
    ],
  },
  {
    key: 'network',
    items: [
      { key: 'domains', href: '/product/domain' },
      { key: 'bandwidth', href: '/doc/article/network-pricing' },
      { key: 'lookingGlass', href: '/doc/article/looking-glass-test-latency-network-speed' },
    ],
  },
  {
    key: 'storage',
    items: [
      { key: 'blockStorage', href: '/doc/article/block-storage-volume-pricing' },
      { key: 'snapshots', href: '/doc/article/vps' },
      // A customer looking for their volumes looks under storage: the customer centre's disk list.
      { key: 'myDisks', customerCentre: 'disks' },
    ],
  },
  { key: 'databases', items: [{ key: 'databases', href: '/product/vps-buy?securityGroupId=database-private' }] },
  {
    key: 'sites',
    items: [
      { key: 'wordpress', href: '/product/vps-buy?quickSetId=wordpress-blog' },
      { key: 'phpSite', href: '/product/vps-buy?quickSetId=small-business' },
    ],
  },
] as const satisfies readonly { key: string; items: readonly ProductItem[] }[];

export type ProductTheme = (typeof PRODUCT_THEMES)[number];

/** The entries that are pages of this site (the home page's theme cards show only these). */
export function sitePages(theme: ProductTheme) {
  return theme.items.filter((item): item is Extract<ProductTheme['items'][number], { href: string }> => 'href' in item);
}
