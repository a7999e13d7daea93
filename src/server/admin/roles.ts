import 'server-only';
import type { StaffRole } from '@/lib/admin/schemas';

/**
 * What each back-office role may do (docs/product/back-office-api.md). Every `/api/admin` route names one of these
 * and the server checks it; the back office's menus only mirror it.
 */
export const PERMISSIONS = {
  /** Invite staff, change their roles, disable or remove them, send an invitation again, reset a second factor. */
  manageStaff: ['owner'],
  /** Write announcements, articles, jobs, company history, footer links. */
  editContent: ['owner', 'editor'],
  /** Read the content lists (a manager checks a promotion's announcement, support quotes one). */
  readContent: ['owner', 'manager', 'editor', 'support'],
  /** Read the promotions (sales, coupons, group-buy offers, campaigns): support answers customers about them. */
  readPromotions: ['owner', 'manager', 'editor', 'support'],
  /** Read the prices, their schedule and the currency rates (support quotes them, editors write about them). */
  readPrices: ['owner', 'manager', 'editor', 'support'],
  /** Catalog, prices, promotions and orders. */
  manageCommerce: ['owner', 'manager'],
  /** Read orders and customers, moderate reviews, read the contact inbox, resend mails. */
  support: ['owner', 'manager', 'support'],
  /** Everyone's audit entries (the others see their own). */
  readWholeAudit: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function may(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
