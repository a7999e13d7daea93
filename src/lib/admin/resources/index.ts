import type { ResourceDeclaration } from '../resource';
import { companyHistoryResource } from './company-history';
import { customersResource } from './customers';
import { deliveriesResource } from './deliveries';
import { footerLinksResource } from './footer-links';
import { jobsResource } from './jobs';
import { ordersResource } from './orders';
import { taxRulesResource } from './tax-rules';

/**
 * Every resource of the back office, in the order the navigation lists them within a section. The server binds
 * each to its table (src/server/admin/resources/); the screens and the navigation read them from here.
 */
export const DECLARATIONS: readonly ResourceDeclaration[] = [
  jobsResource,
  companyHistoryResource,
  footerLinksResource,
  ordersResource,
  customersResource,
  taxRulesResource,
  deliveriesResource,
] as unknown as readonly ResourceDeclaration[];

export function declarationAt(path: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.path === path);
}

export function declarationNamed(name: string): ResourceDeclaration | undefined {
  return DECLARATIONS.find((d) => d.name === name);
}
