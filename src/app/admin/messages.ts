import 'server-only';
import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import type { AbstractIntlMessages } from 'next-intl';
import { ADMIN_LOCALE_COOKIE, acceptedLanguages, isAdminLocale, localeFromLanguages } from '@/components/admin/locale';
import type { AdminLocale } from '@/lib/admin/schemas';

type Tree = { [key: string]: string | Tree };

/** `extra` laid over `base`, key by key. */
function merge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const under = out[key];
    out[key] = typeof value === 'object' && typeof under === 'object' ? merge(under, value) : value;
  }
  return out;
}

/**
 * The back office's messages in one language: its own (src/i18n/admin) and the API's error keys, which are the
 * site's `api` namespace (src/i18n/messages) with the back office's `api.admin.*` keys added. English fills any
 * key a language lacks, so a missing translation reads as English and never as a raw key.
 */
export async function adminMessages(locale: AdminLocale): Promise<AbstractIntlMessages> {
  const [site, own, siteEn, ownEn] = await Promise.all([
    import(`@/i18n/messages/${locale}.json`).then((m) => m.default as Tree),
    import(`@/i18n/admin/${locale}.json`).then((m) => m.default as Tree),
    import('@/i18n/messages/en.json').then((m) => m.default as Tree),
    import('@/i18n/admin/en.json').then((m) => m.default as Tree),
  ]);
  const api = (tree: Tree) => (typeof tree.api === 'object' ? tree.api : {});
  const english = merge({ api: api(siteEn) }, ownEn);
  return merge(english, merge({ api: api(site) }, own));
}

/** The language chosen in the header (its cookie), else the browser's (src/components/admin/locale.ts). */
export async function adminLocale(): Promise<AdminLocale> {
  const chosen = (await cookies()).get(ADMIN_LOCALE_COOKIE)?.value;
  if (isAdminLocale(chosen)) return chosen;
  return localeFromLanguages(acceptedLanguages((await headers()).get('accept-language')));
}

/** A page's title in the reader's language: the navigation's name for it. */
export async function adminPageMetadata(
  page:
    | 'translations'
    | 'jobs'
    | 'history'
    | 'footerLinks'
    | 'catalog'
    | 'audit'
    | 'orders'
    | 'customers'
    | 'promotions'
    | 'prices'
    | 'finance'
    | 'setup'
    | 'account',
): Promise<Metadata> {
  const messages = (await adminMessages(await adminLocale())) as {
    admin: { nav: Record<string, string>; setup: { title: string }; account: { title: string } };
  };
  if (page === 'setup') return { title: messages.admin.setup.title };
  if (page === 'account') return { title: messages.admin.account.title };
  return { title: messages.admin.nav[page] };
}
