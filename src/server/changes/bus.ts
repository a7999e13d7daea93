import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export { CHANGE_KINDS, type ChangeKind } from '@/lib/change-kinds';

import type { ChangeKind } from '@/lib/change-kinds';

/** The PostgreSQL channel every process of every instance listens on. */
export const CHANGE_CHANNEL = 'cirrus_changes';

/** A database or an open transaction: anything that can run a statement. */
type Executor = Pick<Database, 'execute'>;

/**
 * Tells every instance that `kinds` changed. Called inside the transaction that makes the change: PostgreSQL
 * delivers a NOTIFY only when its transaction commits (and never if it rolls back), so listeners cannot see the
 * news before the data, nor news of a change that did not happen.
 */
export async function announceChange(tx: Executor, kinds: readonly ChangeKind[]): Promise<void> {
  if (kinds.length === 0) return;
  const payload = JSON.stringify({ kinds: [...new Set(kinds)].sort(), at: Date.now() });
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
}
