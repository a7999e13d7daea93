import type { MetadataRoute } from 'next';
import { LOCALES, type Locale } from '@/lib/locales';
import { SITEMAP_STATIC_PATHS } from '@/lib/seo-routes';
import { listAnnouncementLanguages } from '@/server/api/announcements/queries';
import { listArticleDates } from '@/server/api/docs/queries';
import { getReadDb } from '@/server/db/replica';
import { absoluteUrl, hreflangUrls } from '@/server/seo';

// Regenerated hourly, so new announcements appear without a deploy.
export const revalidate = 3600;

/**
 * /sitemap.xml (docs/product/screens.md#search-engines): every public page in each language with hreflang alternates (docs/product/screens.md#languages-and-addresses: English
 * unprefixed, /zh, /ja), documentation articles and announcements included. Activation links, searches and
 * group-buy join pages are left out (src/lib/seo-routes.ts).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const db = getReadDb();
  const [articles, announcements] = await Promise.all([listArticleDates(db), listAnnouncementLanguages(db)]);

  const entries: MetadataRoute.Sitemap = [];
  const add = (path: string, options: { locales?: readonly Locale[]; lastModified?: Date; priority: number }) => {
    const locales = options.locales ?? LOCALES;
    const languages = hreflangUrls(path);
    for (const locale of locales) {
      entries.push({
        url: absoluteUrl(locale, path),
        ...(options.lastModified ? { lastModified: options.lastModified } : {}),
        priority: options.priority,
        alternates: { languages },
      });
    }
  };

  for (const path of SITEMAP_STATIC_PATHS) add(path, { priority: path === '/' ? 1 : 0.8 });
  for (const { slug, updatedAt } of articles) {
    add(`/doc/article/${slug}`, { priority: 0.6, lastModified: updatedAt });
  }
  for (const a of announcements) {
    add(`/doc/announce/detail/${a.id}`, { locales: a.locales, lastModified: a.publishedAt, priority: 0.4 });
  }
  return entries;
}
