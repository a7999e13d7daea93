import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/shell/error-view';
import { NotFoundMessage } from '@/components/shell/not-found-message';
import { Link } from '@/i18n/navigation';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** 404 inside a language (SPEC §2, §8): status, "Page Not Found: {path}", noindex. */
export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <>
      <title>{t('notFoundTitle')}</title>
      <ErrorView
        status={404}
        statusLabel={t('statusLabel', { status: 404 })}
        title={t('notFoundTitle')}
        message={<NotFoundMessage template={t.raw('notFoundMessage') as string} />}
        actions={
          <Link href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t('backHome')}
          </Link>
        }
      />
    </>
  );
}
