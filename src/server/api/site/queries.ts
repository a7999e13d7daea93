import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/lib/locales';
import { isSitePath, isWebAddress } from '@/lib/site-path';
import type { Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { footerLinks } from '../../db/schema';
import { localize } from '../../localize';

export const footerLinkAnswer = z.object({
  name: z.string(),
  link: z.string().describe('a path on this site or an https address'),
});
export type FooterLink = z.infer<typeof footerLinkAnswer>;

/**
 * Footer link list (docs/product/entities.md#content: name, link) in the visitor's language. A row whose link is
 * neither a path on this site nor an https address (saved before the back office checked links as a browser reads
 * them: docs/decisions/053-site-paths.md) is left out, so no stored row sends a visitor to another host.
 */
export async function listFooterLinks(db: Database, locale: Locale): Promise<FooterLink[]> {
  const rows = await db
    .select()
    .from(footerLinks)
    .where(eq(footerLinks.active, true))
    .orderBy(asc(footerLinks.sort), asc(footerLinks.id));
  return rows
    .filter((r) => isSitePath(r.link) || isWebAddress(r.link))
    .map((r) => ({ name: localize(r.name, locale, 'footer link'), link: r.link }));
}

/**
 * The database as the site sees it: `up`, `read-only` (it answers, but refuses writes: a standby, or
 * `default_transaction_read_only`), or `down` when it does not answer a trivial query within the time limit; and
 * whether it has every migration this build ships (`migrated`: an instance of a newer build may have started on a
 * database an older one is still migrating).
 */
export async function databaseStatus(
  db: Database,
  timeoutMs = 2_000,
): Promise<{ state: 'up' | 'read-only' | 'down'; migrated: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      db.execute<{ readOnly: string; lastMigration: string | number | null }>(sql`
        select current_setting('transaction_read_only') as "readOnly",
               (select max(created_at) from drizzle.__drizzle_migrations) as "lastMigration"`),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    const row = result.rows[0];
    return {
      state: row?.readOnly === 'on' ? 'read-only' : 'up',
      migrated: Number(row?.lastMigration ?? 0) >= lastShippedMigration(),
    };
  } catch {
    return { state: 'down', migrated: false };
  } finally {
    clearTimeout(timer);
  }
}

let shipped: number | undefined;

/** When the newest migration of this build was made, as drizzle records it once applied (its journal's `when`). */
function lastShippedMigration(): number {
  if (shipped === undefined) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    shipped = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return shipped;
}
