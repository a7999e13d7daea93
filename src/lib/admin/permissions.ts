import type { StaffRole } from './schemas';

/**
 * What each back-office role may do (docs/product/roles.md), in one vocabulary for the server and the screens.
 * Every `/api/admin` route names one of these and the server checks it; the back office's navigation and buttons
 * read the same table only to spare staff a refusal.
 */
export const PERMISSIONS = {
  /** Any signed-in staff member: their own session, account and audit entries. */
  signedIn: ['owner', 'manager', 'editor', 'support'],
  /** Invite staff, change their roles, disable or remove them, send an invitation again, reset a second factor. */
  manageStaff: ['owner'],
  /** Write announcements, articles, jobs, company history, footer links. */
  editContent: ['owner', 'editor'],
  /** Read the content lists (a manager checks a promotion's announcement, support quotes one). */
  readContent: ['owner', 'manager', 'editor', 'support'],
  /** Read the catalog, the promotions (sales, coupons, group-buy offers, campaigns), the prices and the rates. */
  readCommerce: ['owner', 'manager', 'editor', 'support'],
  /** Catalog, prices, promotions and orders. */
  manageCommerce: ['owner', 'manager'],
  /**
   * The finance report: sales, tax collected, refunds and net per month, and its CSV for the accountant. Owners and
   * managers, who answer for the money; support reads single orders and invoices, not the business's totals.
   */
  finance: ['owner', 'manager'],
  /** Read orders and customers, moderate reviews, read the contact inbox, resend mails. */
  support: ['owner', 'manager', 'support'],
  /** Everyone's audit entries (the others see their own). */
  readWholeAudit: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function may(role: StaffRole | undefined, permission: Permission): boolean {
  return role !== undefined && (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
