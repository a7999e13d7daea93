import 'server-only';
import type { BoundResource } from '../resource/bind';
import { companyHistoryBound, footerLinksBound, jobsBound } from './content';

/**
 * Every resource of the back office bound to its table: the admin router makes their routes, the audit log's undo
 * finds them by audit kind, and the role matrix test walks their routes.
 */
export const RESOURCES: readonly BoundResource[] = [jobsBound, companyHistoryBound, footerLinksBound];

/** The resource whose changes the audit log records under `kind`. */
export function resourceByAuditKind(kind: string): BoundResource | undefined {
  return RESOURCES.find((r) => r.declaration.audit === kind);
}
