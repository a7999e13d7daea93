import 'server-only';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import { isSitePath, isWebAddress } from '@/lib/site-path';
import type { Database, Reader } from '../../db/client';
import { promotions } from '../../db/schema';
import { localize } from '../../localize';

export type PromotionSummary = {
  slug: string;
  title: string;
  subtitle: string;
  body: string;
  ctaPath: string;
  ctaLabel: string;
  accent: string;
  popup: boolean;
  endsAt: string;
  /** The pop-up's picture (a site path or an http(s) address), null for none. */
  imageUrl: string | null;
};

/** Where a campaign's button goes when its stored link is not a path on this site: the campaigns page. */
const CAMPAIGNS_PAGE = '/activity/promotion';

/**
 * A campaign as the site shows it. Its button link and picture are checked again as they are read: a row saved
 * before the back office checked them as a browser reads them (docs/decisions/053-site-paths.md) could hold
 * `/.//host`; its button then leads to the campaigns page and its picture is left out.
 */
function toSummary(row: typeof promotions.$inferSelect, locale: Locale): PromotionSummary {
  return {
    slug: row.slug,
    title: localize(row.title, locale, `promotion ${row.slug}`),
    subtitle: localize(row.subtitle, locale, `promotion ${row.slug}`),
    body: localize(row.body, locale, `promotion ${row.slug}`),
    ctaPath: isSitePath(row.ctaPath) ? row.ctaPath : CAMPAIGNS_PAGE,
    ctaLabel: localize(row.ctaLabel, locale, `promotion ${row.slug}`),
    accent: row.accent,
    popup: row.popup,
    endsAt: row.endsAt.toISOString(),
    imageUrl: isSitePath(row.imageUrl) || isWebAddress(row.imageUrl, ['http:', 'https:']) ? row.imageUrl : null,
  };
}

/**
 * The order of the running campaigns: the lowest sort first, and of equal sorts the one that started last (a new
 * campaign placed beside a running one comes first rather than staying hidden behind it). The campaigns page
 * lists them so, and the first marked `popup` is the pop-up and the banner; the back office's campaign list says
 * which one that is (src/server/admin/resources/promotions.ts).
 */
const CAMPAIGN_ORDER = [asc(promotions.sort), desc(promotions.startsAt), desc(promotions.id)];

const running = (now: Date) => and(lte(promotions.startsAt, now), gt(promotions.endsAt, now));

/** The running campaign that is the pop-up and banner at `now`, as stored; none when no running one is marked. */
export async function popupCampaign(db: Reader, now = new Date()): Promise<typeof promotions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.popup, true), running(now)))
    .orderBy(...CAMPAIGN_ORDER)
    .limit(1);
  return row;
}

/** Campaigns running at `now`, in display order. */
export async function listCurrentPromotions(
  db: Database,
  locale: Locale,
  now = new Date(),
): Promise<PromotionSummary[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(running(now))
    .orderBy(...CAMPAIGN_ORDER);
  return rows.map((r) => toSummary(r, locale));
}

/** The running campaign behind the shell's pop-up and banner (docs/product/states.md#promotional-pop-up), if any. */
export async function currentPopupPromotion(
  db: Database,
  locale: Locale,
  now = new Date(),
): Promise<PromotionSummary | undefined> {
  const row = await popupCampaign(db, now);
  return row ? toSummary(row, locale) : undefined;
}
