import 'server-only';
import { sql } from 'drizzle-orm';
import { dropAllReadCaches } from '../api/read-cache';
import { queuePurge } from '../cdn/purge';
import type { Database } from '../db/client';
import { noteOwnWrite } from '../db/replica';

export { CHANGE_KINDS, type ChangeKind } from '@/lib/change-kinds';

import type { ChangeKind } from '@/lib/change-kinds';

/** The PostgreSQL channel every process of every instance listens on. */
export const CHANGE_CHANNEL = 'cirrus_changes';

/** A database or an open transaction: anything that can run a statement. */
type Executor = Pick<Database, 'execute'>;

/**
 * Tells every instance that `kinds` changed. Called inside the transaction that makes the change: PostgreSQL
 * delivers a NOTIFY only when its transaction commits (and never if it rolls back), so listeners cannot see the
 * news before the data, nor news of a change that did not happen. With a CDN in front, the purge of the kinds'
 * tags is queued in the same transaction (src/server/cdn/purge.ts): it exists exactly when the change does.
 */
export async function announceChange(tx: Executor, kinds: readonly ChangeKind[]): Promise<void> {
  if (kinds.length === 0) return;
  const unique = [...new Set(kinds)].sort();
  const payload = JSON.stringify({ kinds: unique, at: Date.now() });
  // The WAL position so far: a listener waits for a read replica to pass it (src/server/db/replica.ts). The commit
  // record comes after it, so the listener also asks the primary's position once the notification arrives.
  await tx.execute(
    sql`select pg_notify(${CHANGE_CHANNEL}, (${payload}::jsonb || jsonb_build_object('lsn', pg_current_wal_lsn()::text))::text)`,
  );
  await queuePurge(tx, unique);
}

/**
 * Runs a change that announces itself and, once it is committed, drops this process's read caches at once: the
 * listener does the same on every instance when the notification arrives, but a visitor of the instance that
 * saved should not wait for the round trip through the database to see what was just saved.
 */
export async function seenHereAtOnce<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  // With a read replica, this process reads the primary until the replica holds the write.
  await noteOwnWrite();
  dropAllReadCaches();
  return result;
}
