import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the webhooks between the site and the customer centre, both ways (docs/decisions/037-order-lifecycle.md):
 * `Cirrus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with a shared secret, as Stripe
 * signs its webhooks. The timestamp is inside the signed text, so an old request cannot be replayed with a new one.
 */
export const SIGNATURE_HEADER = 'cirrus-signature';
/** How old a signed request may be (and how far ahead, for clocks that drift). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value for a body sent now. */
export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${sign(secret, t, body)}`;
}

/** Whether the header signs this raw body with the secret, within the tolerance of `now`. */
export function verifySignature(header: string | undefined, body: string, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now - t * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(sign(secret, t, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
