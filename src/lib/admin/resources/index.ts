import type { ResourceDeclaration } from '../resource';
import { affiliateTermsResource } from './affiliate-terms';
import { affiliateCommissionsResource, affiliatePayoutsResource, affiliatesResource } from './affiliates';
import { announcementsResource } from './announcements';
import { articlesResource } from './articles';
import { auditResource } from './audit';
import { bandwidthResource } from './catalog/bandwidth';
import { disksResource } from './catalog/disks';
import { domainSuffixesResource } from './catalog/domain-suffixes';
import { imagesResource } from './catalog/images';
import { plansResource } from './catalog/plans';
import { productLinesResource } from './catalog/product-lines';
import { quickSetsResource } from './catalog/quick-sets';
import { regionsResource } from './catalog/regions';
import { reservedLabelsResource } from './catalog/reserved-labels';
import { securityGroupsResource } from './catalog/security-groups';
import { snapshotPoliciesResource } from './catalog/snapshot-policies';
import { trafficResource } from './catalog/traffic';
import { companyHistoryResource } from './company-history';
import { contactMessagesResource } from './contact-messages';
import { customersResource } from './customers';
import { deliveriesResource } from './deliveries';
import { footerLinksResource } from './footer-links';
import { invoicesResource } from './invoices';
import { jobsResource } from './jobs';
import { ordersResource } from './orders';
import { currenciesResource } from './prices/currencies';
import { scheduledPricesResource } from './prices/scheduled';
import { campaignsResource } from './promotions/campaigns';
import { couponsResource } from './promotions/coupons';
import { groupBuysResource } from './promotions/group-buys';
import { saleItemsResource } from './promotions/sale-items';
import { salesResource } from './promotions/sales';
import { reviewsResource } from './reviews';
import { staffResource } from './staff';
import { taxRulesResource } from './tax-rules';

/**
 * Every resource of the back office, in the order the navigation lists them within a section. The server binds
 * each to its table (src/server/admin/resources/); the screens and the navigation read them from here.
 */
export const DECLARATIONS: readonly ResourceDeclaration[] = [
  announcementsResource,
  articlesResource,
  jobsResource,
  companyHistoryResource,
  footerLinksResource,
  ordersResource,
  invoicesResource,
  customersResource,
  taxRulesResource,
  affiliateTermsResource,
  affiliatesResource,
  affiliateCommissionsResource,
  affiliatePayoutsResource,
  reviewsResource,
  contactMessagesResource,
  deliveriesResource,
  auditResource,
  staffResource,
  // The catalog's kinds, in the order its overview (/admin/catalog) lists them.
  regionsResource,
  imagesResource,
  productLinesResource,
  plansResource,
  disksResource,
  bandwidthResource,
  trafficResource,
  securityGroupsResource,
  snapshotPoliciesResource,
  quickSetsResource,
  domainSuffixesResource,
  reservedLabelsResource,
  // The promotions, in the order their overview (/admin/promotions) lists them.
  couponsResource,
  salesResource,
  saleItemsResource,
  groupBuysResource,
  campaignsResource,
  // The prices screen's own (/admin/prices): its scheduled changes and its currency rates.
  scheduledPricesResource,
  currenciesResource,
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
