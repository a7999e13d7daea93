import 'server-only';
import { readCache } from '../read-cache';

/**
 * The shared live numbers, kept two seconds per process: on a busy sale every page view asks for them, and the
 * database is then asked at most once per two seconds and language (the connection front answers the rest,
 * docs/decisions/025-api-reads-on-the-connection.md). Short enough that a visitor who is not signed in sees
 * stock at most a few seconds old; a signed-in visitor's numbers are never kept (live/router.ts).
 */
export const liveReads = readCache({ ttlMs: 2_000, maxEntries: 50 });

/**
 * Called after a write that moves stock or seats (a coupon claim, a sale order, a group opened or joined), once it
 * has committed: this process's next read asks the database. Other processes catch up within the two seconds.
 */
export function liveNumbersChanged(): void {
  liveReads.clear();
}
