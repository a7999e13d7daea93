import 'server-only';
import { eq } from 'drizzle-orm';
import type { BillingProfile } from '@/lib/billing/profile';
import type { VpsConfig } from '@/lib/catalog/vps-config';
import { invalidInput } from '../api/errors';
import type { Quote } from '../api/orders/pricing';
import type { Reader, Tx } from '../db/client';
import { type OrderBilling, users } from '../db/schema';
import { vatParts } from './tax-id';
import { vatVerifier } from './vat';

/** The billing profile kept on a customer's account (docs/decisions/066-tax.md). */
export async function readBillingProfile(db: Reader, userId: number): Promise<BillingProfile> {
  const [row] = await db
    .select({
      billingCountry: users.billingCountry,
      billingCompany: users.billingCompany,
      billingTaxId: users.billingTaxId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { billingCountry: null, billingCompany: null, billingTaxId: null };
}

/**
 * The configuration with who is billed: the checkout's fields when it names a country, else the account's profile.
 * Without either, the order is refused at `billingCountry` (422) with a message that leads to the field.
 */
export async function withBillingProfile(db: Reader, userId: number, config: VpsConfig): Promise<VpsConfig> {
  if (config.billingCountry) return config;
  const kept = await readBillingProfile(db, userId);
  if (!kept.billingCountry) throw invalidInput({ billingCountry: 'api.billing.countryRequired' });
  return {
    ...config,
    billingCountry: kept.billingCountry as VpsConfig['billingCountry'],
    billingCompany: kept.billingCompany ?? undefined,
    billingTaxId: kept.billingTaxId ?? undefined,
  };
}

/**
 * The order's billing as it is kept with it. A tax id that moves the tax to the buyer (reverse charge) is verified
 * where a service is configured: one the service says is not registered is refused at `billingTaxId`; one it could
 * not answer for is recorded as checked for its format only, like every tax id when no service is configured.
 */
export async function confirmBilling(quote: Quote, config: VpsConfig): Promise<OrderBilling> {
  const country = quote.billingCountry ?? '';
  const taxId = quote.billingTaxId;
  let taxIdCheck: OrderBilling['taxIdCheck'] = taxId ? 'format' : 'none';
  const verifier = vatVerifier();
  if (taxId && verifier && quote.taxLines.some((l) => l.reverseCharge)) {
    const { prefix, number } = vatParts(taxId);
    const verdict = await verifier.verify(prefix, number);
    if (verdict === 'invalid') throw invalidInput({ billingTaxId: 'api.billing.taxIdNotRegistered' });
    if (verdict === 'valid') taxIdCheck = 'verified';
  }
  return { country, company: config.billingCompany ?? null, taxId, taxIdCheck };
}

/** Keeps the order's billing on the account for the next checkout, in the order's transaction. */
export async function saveBillingProfile(tx: Tx, userId: number, billing: OrderBilling): Promise<void> {
  await tx
    .update(users)
    .set({ billingCountry: billing.country, billingCompany: billing.company, billingTaxId: billing.taxId })
    .where(eq(users.id, userId));
}
