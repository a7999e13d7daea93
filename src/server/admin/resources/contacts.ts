import 'server-only';
import { maskAccount } from '@/lib/account-display';
import type { DeliveryState } from '@/lib/admin/resources/deliveries';
import { may } from '../roles';
import type { SignedInStaff } from '../sessions';

/**
 * Whether the viewer reads customers' e-mail addresses and phone numbers whole: owners and managers, who change
 * orders and accounts. Support reads them masked as the public site masks them (src/lib/account-display.ts), in
 * the API's answer itself, so nothing whole reaches their browser (docs/product/back-office-orders.md).
 */
function seesContacts(viewer: SignedInStaff | undefined): boolean {
  return viewer !== undefined && may(viewer.role, 'manageCommerce');
}

/** An e-mail address or phone number as this viewer may read it (masked when there is no viewer). */
export function contactFor(viewer: SignedInStaff | undefined, value: string | null): string | null {
  if (value === null || value === '') return value;
  return seesContacts(viewer) ? value : maskAccount(value);
}

const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[^\s<>"'(),;:]+/g;

/** A mail server's error often quotes the address it refused: support reads it masked there too. */
export function maskAddressesFor(viewer: SignedInStaff | undefined, text: string): string {
  return text.replace(ADDRESS, (address) => contactFor(viewer, address) ?? '');
}

/** The state a delivery shows: a pending row that already failed once is `failed`. */
export function deliveryState(status: string, lastError: string | null): DeliveryState {
  if (status === 'sent' || status === 'delivered') return 'sent';
  if (status === 'sending') return 'sending';
  return lastError ? 'failed' : 'pending';
}
