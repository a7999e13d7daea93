import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ErrorView } from './error-view';
import { NotFoundMessage } from './not-found-message';

/** The 404 page inside a language (SPEC §2, §8): status, "Page Not Found: {path}", a way home. */
export async function NotFoundPage() {
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
