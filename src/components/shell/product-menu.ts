/**
 * The header's product menu (SPEC §2): themes compute, network, storage, databases and business sites, each
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
] as const;

export type ProductTheme = (typeof PRODUCT_THEMES)[number];
