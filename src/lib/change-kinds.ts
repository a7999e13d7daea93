/**
 * What an operator's change touched, named by what the site shows from it: every instance drops the kept pages,
 * kept API reads and Next's cached pages that show it (docs/decisions/040-changes-reach-every-instance.md). A
 * resource's declaration names the kinds its changes announce (src/lib/admin/resource.ts).
 */
export const CHANGE_KINDS = [
  'announcements',
  'articles',
  'jobs',
  'history',
  'footer',
  'reviews',
  'catalog',
  'prices',
  'promotions',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
