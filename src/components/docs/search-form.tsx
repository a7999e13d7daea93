import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';

/**
 * The documentation search form of the doc pages. A plain GET form to /doc/search?q=, which redirects to
 * /doc/search/{encoded query} (docs/product/screens.md#documentation), so the doc pages need no client JavaScript for it.
 */
export async function DocSearchForm({ locale, query = '' }: { locale: Locale; query?: string }) {
  const t = await getTranslations({ locale, namespace: 'doc' });
  return (
    <search className="mt-6 max-w-xl">
      <form action={localizedPath(locale, '/doc/search')} method="get" className="flex gap-2">
        <label htmlFor="doc-page-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id="doc-page-search"
          name="q"
          type="search"
          defaultValue={query}
          required
          maxLength={200}
          placeholder={t('searchPlaceholder')}
          className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 focus:border-brand-500"
        />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t('searchSubmit')}
        </button>
      </form>
    </search>
  );
}
