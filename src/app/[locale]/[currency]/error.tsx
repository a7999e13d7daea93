'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorView } from '@/components/shell/error-view';
import { Link } from '@/i18n/navigation';

/** Unhandled errors (SPEC §8): status and message, never a stack; noindex. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  useEffect(() => {
    console.error(JSON.stringify({ level: 'error', msg: 'page error', digest: error.digest }));
  }, [error]);
  return (
    <>
      <meta name="robots" content="noindex" />
      <ErrorView
        status={500}
        statusLabel={t('statusLabel', { status: 500 })}
        title={t('serverErrorTitle')}
        message={
          <>
            {t('serverErrorMessage')}
            {error.digest ? <span className="mt-2 block text-xs">ref {error.digest}</span> : null}
          </>
        }
        actions={
          <>
            <button
              type="button"
              onClick={reset}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              {t('retry')}
            </button>
            <Link href="/" className="rounded-md border border-line px-4 py-2 font-semibold text-ink hover:bg-surface">
              {t('backHome')}
            </Link>
          </>
        }
      />
    </>
  );
}
