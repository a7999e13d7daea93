'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorView } from '@/components/shell/error-view';
import { Link } from '@/i18n/navigation';
import { DEPENDENCY_DOWN_DIGEST } from '@/lib/dependency-down-digest';

/**
 * Unhandled errors (docs/product/errors.md#pages): status and message, never a stack; noindex. A page whose database was down says so
 * (503, try again shortly; the server answers it with that status), any other failure is ours (500).
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  const unavailable = error.digest === DEPENDENCY_DOWN_DIGEST;
  useEffect(() => {
    const level = unavailable ? 'warn' : 'error';
    console[level](JSON.stringify({ level, msg: 'page error', digest: error.digest }));
  }, [error, unavailable]);
  const status = unavailable ? 503 : 500;
  const title = t(unavailable ? 'unavailableTitle' : 'serverErrorTitle');
  // The tab says what happened. An error boundary has no metadata of its own, and a <title> here would be a second
  // one beside the page's. When the visitor retries or goes on, the page's own comes back; unless the next page's
  // metadata has already written its title by the time this cleanup runs.
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = previous;
    };
  }, [title]);
  return (
    <>
      <meta name="robots" content="noindex" />
      <ErrorView
        status={status}
        statusLabel={t('statusLabel', { status })}
        title={title}
        message={
          <>
            {t(unavailable ? 'unavailableMessage' : 'serverErrorMessage')}
            {error.digest && !unavailable ? <span className="mt-2 block text-xs">ref {error.digest}</span> : null}
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
