import 'server-only';
import type { VatVerdict, VatVerifier } from './types';

/**
 * A VIES-shaped REST service (the European Commission's VAT information exchange answers the same way):
 * `GET {base}/ms/{country}/vat/{number}` answers JSON with `isValid`. Any other status, a body without `isValid`, a
 * timeout or a network error is `unknown`, never a guess. The country is the VAT prefix (Greece is `EL`) and the
 * number goes without it.
 */
export function createViesVerifier(
  baseUrl: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): VatVerifier {
  const { timeoutMs = 4000, fetchImpl = fetch } = options;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async verify(country, number): Promise<VatVerdict> {
      try {
        const response = await fetchImpl(
          `${base}/ms/${encodeURIComponent(country)}/vat/${encodeURIComponent(number)}`,
          { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) },
        );
        if (response.status !== 200) {
          await response.body?.cancel().catch(() => undefined);
          return 'unknown';
        }
        const body: unknown = await response.json();
        const valid = body && typeof body === 'object' ? (body as { isValid?: unknown }).isValid : undefined;
        return valid === true ? 'valid' : valid === false ? 'invalid' : 'unknown';
      } catch {
        return 'unknown';
      }
    },
  };
}
