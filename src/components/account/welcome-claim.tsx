'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { useSiteStore } from '@/stores/site-store';
import { FormError } from './form-field';

/** Claims the welcome bundle for the signed-in account (issue 4); explains what to do otherwise. */
export function WelcomeClaim() {
  const t = useTranslations('welcome');
  const token = useSiteStore((s) => s.token);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <div className="flex flex-wrap gap-3">
        <Link
          href="/?ope=reg"
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t('signUp')}
        </Link>
        <Link
          href="/welcome-signup?ope=login"
          className="rounded-md border border-line px-5 py-2.5 font-semibold hover:bg-surface"
        >
          {t('logIn')}
        </Link>
      </div>
    );
  }
  if (state === 'done') {
    return (
      <p role="status" className="font-semibold text-emerald-700" data-testid="welcome-claimed">
        {t('claimed')}
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        disabled={state === 'busy'}
        onClick={async () => {
          setState('busy');
          setError(null);
          try {
            await apiCall('/welcome/claim', { body: {}, silent: true });
            setState('done');
          } catch (e) {
            setError(e instanceof ApiCallError ? e.messageKey : 'api.requestFailed');
            setState('idle');
          }
        }}
        className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {t('claim')}
      </button>
      {error ? <FormError messageKey={error} /> : null}
    </div>
  );
}
