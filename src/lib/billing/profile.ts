import '../validation/zod-config';
import { z } from 'zod';
import { isCountryCode } from '../countries';

/**
 * The billing fields of a checkout (docs/decisions/066-tax.md): the country decides the tax; a company and its tax id
 * are optional, and a valid EU VAT number moves the tax to the buyer (reverse charge). One schema for the
 * configurator's form, the quote and the order; the server checks a tax id's format and check digits for its
 * country, and verifies it where a service is configured.
 */
export const billingCountryField = z
  .string({ error: 'api.billing.countryRequired' })
  .trim()
  .toUpperCase()
  .refine((v) => v !== '', { error: 'api.billing.countryRequired' })
  .refine(isCountryCode, { error: 'api.billing.countryUnknown' });

/** Spaces, dots and dashes people type in a tax id are not part of it (`DE 123.456.789` is `DE123456789`). */
export const billingTaxIdField = z
  .string()
  .trim()
  .max(40, { error: 'api.field.tooLong' })
  .transform((v) => v.toUpperCase().replace(/[\s.\-/]/g, ''))
  .refine((v) => v === '' || /^[A-Z0-9]{2,20}$/.test(v), { error: 'api.billing.taxIdMalformed' })
  .transform((v) => v || undefined)
  .optional();

export const billingCompanyField = z
  .string()
  .trim()
  .max(120, { error: 'api.field.tooLong' })
  .transform((v) => v || undefined)
  .optional();

/** The billing fields as the quote and the order take them, beside the configuration. */
export const billingFields = {
  billingCountry: billingCountryField.optional(),
  billingCompany: billingCompanyField,
  billingTaxId: billingTaxIdField,
};

/** A billing profile as the account keeps it and the checkout shows it. */
export const billingProfileAnswer = z.object({
  billingCountry: z.string().nullable(),
  billingCompany: z.string().nullable(),
  billingTaxId: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileAnswer>;
