import 'server-only';
import { env } from '@/env';
import type { VatVerifier } from './types';
import { createViesVerifier } from './vies';

export type { VatVerdict, VatVerifier } from './types';

/**
 * The VAT verification in use: the service VAT_VALIDATION_URL names, or none (unset: a number's format and check
 * digits are checked and the order records it as not verified).
 */
export function vatVerifier(): VatVerifier | null {
  const url = env().VAT_VALIDATION_URL;
  return url ? createViesVerifier(url) : null;
}
