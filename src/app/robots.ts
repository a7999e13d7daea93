import type { MetadataRoute } from 'next';
import { env } from '@/env';
import { LOCALES } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';
import { PRIVATE_PATH_PREFIXES } from '@/lib/seo-routes';

/**
 * /robots.txt: everything public may be crawled; the API, private pages and the back office (one path, outside
 * the language prefixes, docs/product/back-office-api.md) may not.
 */
export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL;
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/admin', ...LOCALES.flatMap((l) => PRIVATE_PATH_PREFIXES.map((p) => localizedPath(l, p)))],
    },
    sitemap: new URL('/sitemap.xml', site).href,
  };
}
