import 'server-only';

/**
 * What a VAT number verification service says of a number (docs/decisions/066-tax.md): `valid`, `invalid`, or
 * `unknown` when it could not be asked or did not answer in time (the number then counts as format-checked only).
 */
export type VatVerdict = 'valid' | 'invalid' | 'unknown';

/** The VAT verification adapter (docs/engineering.md#shape: one folder per outside system). */
export interface VatVerifier {
  verify(country: string, number: string): Promise<VatVerdict>;
}
