import type { ResourceDeclaration } from '../resource';
import { announcementsResource } from './announcements';
import { articlesResource } from './articles';
import { auditResource } from './audit';
import { companyHistoryResource } from './company-history';
import { contactMessagesResource } from './contact-messages';
import { customersResource } from './customers';
import { deliveriesResource } from './deliveries';
import { footerLinksResource } from './footer-links';
import { jobsResource } from './jobs';
import { ordersResource } from './orders';
import { reviewsResource } from './reviews';
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
  customersResource,
  taxRulesResource,
  reviewsResource,
  contactMessagesResource,
  deliveriesResource,
  auditResource,
] as unknown as readonly ResourceDeclaration[];

export function declarationAt(path: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.path === path);
}

export function declarationNamed(name: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.name === name);
}
