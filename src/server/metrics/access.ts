import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first, so the comparison takes
 * the same time whatever the length or the first wrong byte of a guess.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}
