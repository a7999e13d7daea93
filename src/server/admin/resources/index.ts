import 'server-only';
import { DECLARATIONS } from '@/lib/admin/resources';
import { type Binding, type BoundResource, bindResource } from '../resource/bind';
import { affiliateCommissionsBinding, affiliatePayoutsBinding, affiliatesBinding } from './affiliates';
import { announcementsBinding } from './announcements';
import { articlesBinding } from './articles';
import { auditBinding } from './audit';
import { CATALOG_BINDINGS } from './catalog';
import { companyHistoryBinding, footerLinksBinding, jobsBinding } from './content';
import { customersBinding } from './customers';
import { deliveriesBinding } from './deliveries';
import { invoicesBinding } from './invoices';
import { ordersBinding } from './orders';
import { currenciesBinding, scheduledPricesBinding } from './prices';
import { PROMOTION_BINDINGS } from './promotions';
import { staffBinding } from './staff';
import { contactMessagesBinding, reviewsBinding } from './support';

/** What a resource does beyond the generic path, by name; a resource without an entry needs nothing more. */
const BINDINGS: Record<string, Binding> = {
  announcements: announcementsBinding,
  articles: articlesBinding,
  jobs: jobsBinding,
  history: companyHistoryBinding,
  'footer-links': footerLinksBinding,
  orders: ordersBinding,
  invoices: invoicesBinding,
  affiliates: affiliatesBinding,
  'affiliate-commissions': affiliateCommissionsBinding,
  'affiliate-payouts': affiliatePayoutsBinding,
  customers: customersBinding,
  deliveries: deliveriesBinding,
  reviews: reviewsBinding,
  'contact-messages': contactMessagesBinding,
  audit: auditBinding,
  staff: staffBinding,
  ...CATALOG_BINDINGS,
  ...PROMOTION_BINDINGS,
  'prices/scheduled': scheduledPricesBinding,
  'prices/currencies': currenciesBinding,
};

/**
 * Every declared resource bound to its table: the admin router makes their routes, the audit log's undo finds
 * them by audit kind, and the role matrix test walks their routes.
 */
export const RESOURCES: readonly BoundResource[] = DECLARATIONS.map((d) => bindResource(d, BINDINGS[d.name]));

/** The resource whose changes the audit log records under `kind`. */
export function resourceByAuditKind(kind: string): BoundResource | undefined {
  return RESOURCES.find((r) => r.declaration.audit === kind);
}
