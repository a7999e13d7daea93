import 'server-only';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { Attempt } from './login-throttle';

/**
 * OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and about a quarter of a second of one core per hash;
 * BENCHMARKS.md has the login cost). Hashes made with other parameters still verify, and are replaced on the next
 * successful login (needsRehash).
 */
const N = 131_072;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Room for the 128 MiB an N=2^17, r=8 hash needs (Node's default cap is 32 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt$N$r$p$salt$hash, salt and hash in base64 (docs/design.md#security-defaults: passwords are stored as scrypt hashes). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

// Verified against when the account does not exist, so both answers take the same time (no enumeration).
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

/** Whether a stored hash was made with other parameters than today's, and should be replaced. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== N || Number(r) !== R || Number(p) !== P;
}

/**
 * Whether `password` is the one `stored` was made from. Takes the attempt it is part of (`withAttempt` in
 * login-throttle.ts), so no password is checked without being counted on the login limits.
 */
export async function verifyPassword(attempt: Attempt, password: string, stored: string | undefined): Promise<boolean> {
  attempt.spend('password');
  const [scheme, n, r, p, salt, hash] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
