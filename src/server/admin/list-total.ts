import 'server-only';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * Past this many matches a back-office list says "more than 1,000" instead of counting them: an exact count reads
 * every match (a search matching a quarter of 100,000 announcements read them all, for a number nobody pages
 * through: 50 pages of 20 are more than anyone reads before narrowing the search), while counting up to the cap
 * stops there (docs/decisions/039-back-office.md, lists at scale).
 */
export const COUNT_CAP = 1_000;

/** The number of rows of `table` matching `where`, up to `cap`; `capped` when there are more. */
export async function cappedTotal(
  db: Pick<Database, 'select'>,
  table: PgTable,
  where: SQL | undefined,
  cap = COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
