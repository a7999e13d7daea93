import 'server-only';
import { checkVAT, countries } from 'jsvat';
import { invalidInput } from '../api/errors';

/** Countries whose VAT numbers jsvat knows (format and check digits), by ISO code. */
const VAT_COUNTRIES = new Map(countries.map((c) => [c.codes[0] ?? '', c]));

/** The prefix a country's VAT numbers are written with: the ISO code, but `EL` for Greece. */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * A tax id checked for its billing country (docs/decisions/066-tax.md), written with its prefix (`DE136695976`):
 * - for a country whose VAT numbers jsvat knows (the EU's, and a few more), format and check digits; a number
 *   typed without its prefix gets the country's; one valid for another country is refused as such;
 * - for any other country, the number as typed (letters and digits), unless it is a valid VAT number of a country
 *   jsvat knows, which belongs to that country, not this one.
 * Refusals are 422 at `billingTaxId`.
 */
export function checkTaxId(country: string, taxId: string): string {
  const known = VAT_COUNTRIES.get(country);
  const prefixed = /^[A-Z]{2}/.test(taxId) ? taxId : known ? `${vatPrefix(country)}${taxId}` : taxId;
  const result = checkVAT(prefixed, countries);
  const belongsTo = result.isValid ? result.country?.isoCode.short : undefined;
  if (known) {
    if (belongsTo === country) return result.value ?? prefixed;
    if (belongsTo) throw invalidInput({ billingTaxId: 'api.billing.taxIdOtherCountry' });
    throw invalidInput({ billingTaxId: 'api.billing.taxIdMalformed' });
  }
  if (belongsTo) throw invalidInput({ billingTaxId: 'api.billing.taxIdOtherCountry' });
  return taxId;
}

/** The country prefix and number a verification service is asked with (`DE`, `136695976`; Greece `EL`). */
export function vatParts(taxId: string): { prefix: string; number: string } {
  return { prefix: taxId.slice(0, 2), number: taxId.slice(2) };
}
