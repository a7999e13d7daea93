import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import { type LocaleParams, resolveLocale } from '@/server/page';
import { ErrorView } from './error-view';
import { NotFoundMessage } from './not-found-message';

/** The pages a lost visitor most likely wanted, in the words the header's menus use for them. */
const SUGGESTIONS = [
  { href: '/product/vps', item: 'vps' },
  { href: '/product/vps-buy', item: 'configure' },
  { href: '/product/domain', item: 'domains' },
  { href: '/doc', own: 'docs' },
  { href: '/ac/coupon', own: 'coupons' },
  { href: '/contact', own: 'contact' },
] as const;

/**
 * The 404 page's head: its one title, "not found" in the visitor's language (the layout's template adds the
 * brand), and noindex. A `<title>` in the body would be a second one after the layout's default title, and the
 * browser shows the first.
 */
export async function notFoundMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'errors' });
  return { title: t('notFoundTitle'), robots: { index: false, follow: false } };
}

/**
 * The 404 page inside a language (docs/product/screens.md#not-found-and-error-pages): status, "Page Not Found: {path}", a way home, and the pages
 * most visitors go on to, so a mistyped or retired address is not a dead end.
 */
export async function NotFoundPage() {
  const [t, tn, items] = await Promise.all([
    getTranslations('errors'),
    getTranslations('notFound'),
    getTranslations('shell.items'),
  ]);
  return (
    <ErrorView
      status={404}
      statusLabel={t('statusLabel', { status: 404 })}
      title={t('notFoundTitle')}
      message={<NotFoundMessage template={t.raw('notFoundMessage') as string} />}
      hint={tn('hint')}
      actions={
        <PageLink href="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t('backHome')}
        </PageLink>
      }
    >
      <nav aria-labelledby="not-found-suggestions" className="mt-12 w-full text-left">
        <h2 id="not-found-suggestions" className="text-center text-sm font-semibold uppercase tracking-wide text-muted">
          {tn('suggestionsTitle')}
        </h2>
        <ul className="mt-4 grid gap-3 desk:grid-cols-3" data-testid="not-found-suggestions">
          {SUGGESTIONS.map((s) => (
            <li key={s.href}>
              <PageLink
                href={s.href}
                className="block h-full rounded-lg border border-line bg-white p-4 hover:border-brand-600 focus-visible:border-brand-600"
              >
                <span className="block font-semibold text-ink">
                  {'item' in s ? items(`${s.item}.name`) : tn(`${s.own}.name`)}
                </span>
                <span className="mt-1 block text-sm text-muted">
                  {'item' in s ? items(`${s.item}.desc`) : tn(`${s.own}.desc`)}
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
    </ErrorView>
  );
}
