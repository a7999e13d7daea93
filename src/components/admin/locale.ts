import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';

/**
 * The back office's language, chosen in its header and kept in a cookie of its own, scoped to /admin so the
 * public site's language (its path prefix and NEXT_LOCALE) is never touched. Without a choice, the browser's
 * languages decide.
 */
export const ADMIN_LOCALE_COOKIE = 'admin_locale';

export function isAdminLocale(value: unknown): value is AdminLocale {
  return typeof value === 'string' && (ADMIN_LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages the back office speaks (`zh-TW` and `ja-JP` count as zh and ja). */
export function localeFromLanguages(languages: readonly string[]): AdminLocale {
  for (const language of languages) {
    const base = language.trim().toLowerCase().split(/[-_;]/)[0];
    if (isAdminLocale(base)) return base;
  }
  return 'en';
}

/** The languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

export function rememberAdminLocale(locale: AdminLocale): void {
  // A year; Path=/admin so only the back office's pages carry it.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${ADMIN_LOCALE_COOKIE}=${locale}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
}

export function rememberedAdminLocale(): AdminLocale | undefined {
  const value = document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === ADMIN_LOCALE_COOKIE)?.[1];
  return isAdminLocale(value) ? value : undefined;
}
