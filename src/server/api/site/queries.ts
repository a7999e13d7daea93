import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { footerLinks } from '../../db/schema';
import { localize } from '../../localize';

export type FooterLink = { name: string; link: string };

/** Footer link list (SPEC §3: name, link) in the visitor's language. */
export async function listFooterLinks(db: Database, locale: Locale): Promise<FooterLink[]> {
  const rows = await db
    .select()
    .from(footerLinks)
    .where(eq(footerLinks.active, 1))
    .orderBy(asc(footerLinks.sort), asc(footerLinks.id));
  return rows.map((r) => ({ name: localize(r.name, locale, 'footer link'), link: r.link }));
}

/** True when the database answers a trivial query within the time limit. */
export async function databaseReachable(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
