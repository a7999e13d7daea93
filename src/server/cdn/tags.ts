import 'server-only';
import { CHANGE_KINDS, type ChangeKind } from '@/lib/change-kinds';

/**
 * The tags a CDN in front of the site files each shareable answer under (docs/decisions/073-cdn-purge-by-tag.md):
 * `site` on every one, then the change kinds (src/lib/change-kinds.ts) the answer shows. A change announced with
 * some kinds purges those tags, so what a CDN keeps goes when what it shows changes. Every page shows the shell
 * (the announcement ticker, the campaign pop-up and banner, the footer links), so those kinds are on every page; a
 * path this table does not know gets every kind: a page left stale for a minute is worse than one purged once
 * too often.
 */
export const SITE_TAG = 'site';

const SHELL: readonly ChangeKind[] = ['announcements', 'promotions', 'footer'];

/** Pages by their path without the language prefix, first match wins; `''` is the home page. */
const PAGE_KINDS: readonly [RegExp, readonly ChangeKind[]][] = [
  [/^$/, ['catalog', 'prices', 'reviews']],
  [/^about$/, ['catalog', 'history', 'reviews']],
  [/^jobs$/, ['jobs']],
  [/^doc$/, ['articles']],
  [/^doc\/announce(\/|$)/, []],
  [/^doc\/article\//, ['articles', 'catalog', 'prices']],
  [/^doc\/search(\/|$)/, ['articles']],
  [/^product\//, ['catalog', 'prices']],
  [/^(activity|ac)\//, ['catalog', 'prices']],
  [/^welcome-signup$/, ['prices']],
  [/^(contact|activate|signUp|resetPassword|orders|page-not-found)(\/|$)/, []],
];

/** Shareable API answers by path below `/api/`, first match wins. */
const API_KINDS: readonly [RegExp, readonly ChangeKind[]][] = [
  [/^(cvm|product\/cvm)\//, ['catalog', 'prices']],
  [/^activity\/live$/, ['promotions']],
  [/^home\/rating$/, ['reviews']],
  [/^seniorManage\/footLink\//, ['footer']],
  [/^doc\/search$/, ['articles', 'announcements']],
  [/^(openapi\.json|auth\/public-key)$/, []],
];

const LANGUAGE_PREFIX = /^\/(zh|ja)(?=\/|$)/;

function tagList(kinds: readonly ChangeKind[]): string[] {
  return [SITE_TAG, ...kinds];
}

/** The tags of a page answer, from its path (query and language prefix ignored). */
export function pageTags(url: string): string[] {
  const path = (url.split('?')[0] ?? '').replace(LANGUAGE_PREFIX, '').replace(/^\/+|\/+$/g, '');
  const found = PAGE_KINDS.find(([pattern]) => pattern.test(path));
  return tagList(found ? [...new Set([...SHELL, ...found[1]])] : CHANGE_KINDS);
}

/** The tags of an API answer, from its path (`/api/...`). */
export function apiTags(url: string): string[] {
  const path = (url.split('?')[0] ?? '').replace(/^\/api\//, '');
  const found = API_KINDS.find(([pattern]) => pattern.test(path));
  return tagList(found ? found[1] : CHANGE_KINDS);
}

/** True for a `Cache-Control` a shared cache may keep: public or with `s-maxage`, and not private or no-store. */
export function isShareable(cacheControl: string | null | undefined): boolean {
  if (!cacheControl) return false;
  if (/private|no-store/i.test(cacheControl)) return false;
  return /public|s-maxage/i.test(cacheControl);
}

/**
 * The two headers the tags go out in: `Surrogate-Key` (Fastly, Varnish, space-separated) and `Cache-Tag`
 * (Cloudflare, Akamai, comma-separated). Each CDN reads its own and strips it before the visitor.
 */
export function tagHeaders(tags: readonly string[]): { 'surrogate-key': string; 'cache-tag': string } {
  return { 'surrogate-key': tags.join(' '), 'cache-tag': tags.join(',') };
}
