import 'server-only';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Attempt } from '../auth/login-throttle';

/** RFC 6238 defaults, what every authenticator app expects: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;

/** A new base32 secret (20 random bytes, RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUrl(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret, period: PERIOD_SECONDS });
}

/**
 * The time step a code was made in, when it is right for now or the step before (a code typed in its last
 * seconds), and later than `afterStep`: a code works once (RFC 6238 §5.2), so one seen over a shoulder or
 * replayed from a log is refused. Null when it is not good. Takes the attempt it is part of (`withAttempt`), so
 * no code is checked without being counted on the person's throttle (docs/decisions/054-second-factor-attempts.md).
 */
export async function acceptTotp(
  attempt: Attempt,
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  attempt.spend('secondFactor');
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    epochTolerance: [PERIOD_SECONDS, 0],
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
