import type { ResourceDeclaration } from '../resource';
import { companyHistoryResource } from './company-history';
import { footerLinksResource } from './footer-links';
import { jobsResource } from './jobs';
import { campaignsResource } from './promotions/campaigns';
import { couponsResource } from './promotions/coupons';
import { groupBuysResource } from './promotions/group-buys';
import { saleItemsResource } from './promotions/sale-items';
import { salesResource } from './promotions/sales';
import { taxRulesResource } from './tax-rules';

/**
 * Every resource of the back office, in the order the navigation lists them within a section. The server binds
 * each to its table (src/server/admin/resources/); the screens and the navigation read them from here.
 */
export const DECLARATIONS: readonly ResourceDeclaration[] = [
  jobsResource,
  companyHistoryResource,
  footerLinksResource,
  taxRulesResource,
  // The promotions, in the order their overview (/admin/promotions) lists them.
  couponsResource,
  salesResource,
  saleItemsResource,
  groupBuysResource,
  campaignsResource,
] as unknown as readonly ResourceDeclaration[];

export function declarationAt(path: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.path === path);
}

/** The declared resources whose screens are under a path (`/catalog`), in their order. */
export function declarationsUnder(path: string): readonly ResourceDeclaration[] {
  return DECLARATIONS.filter((d) => d.path.startsWith(`${path}/`));
}

export function declarationNamed(name: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.name === name);
}
