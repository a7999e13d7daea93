'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormError } from '@/components/forms/form-field';
import { useLiveFailed, useLiveNumbers, welcomeClaimed } from '@/components/promotions/live-numbers';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { useSiteStore } from '@/stores/site-store';

/** The three states have the height of the button, so the answer of the live call moves nothing below. */
const ROW = 'flex min-h-11 flex-wrap items-center gap-3';

/**
 * Claims the welcome bundle for the signed-in account; explains what to do otherwise. Whether this
 * account has already claimed it (or may not) comes from the page's live call, so a reload still shows the claim.
 */
export function WelcomeClaim() {
  const t = useTranslations('welcome');
  const tApi = useTranslations('api');
  const token = useSiteStore((s) => s.token);
  const live = useLiveNumbers();
  const liveFailed = useLiveFailed();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <div className={ROW}>
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
  // Unknown until the live call answers (or if it failed): the button waits rather than invite a refused claim.
  const state = live?.mine?.welcome ?? null;
  if (state === 'claimed') {
    return (
      <div className={ROW}>
        <p role="status" className="font-semibold text-emerald-700" data-testid="welcome-claimed">
          {t('claimed')}
        </p>
      </div>
    );
  }
  if (state === 'notNew' || state === 'notActivated') {
    return (
      <div className={ROW}>
        <p className="text-muted" data-testid="welcome-unavailable">
          {tApi(`welcome.${state}`)}
        </p>
      </div>
    );
  }
  const checking = live === null && !liveFailed;
  return (
    <div>
      <div className={ROW}>
        <button
          type="button"
          disabled={busy || checking}
          aria-busy={checking || busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await apiCall('/welcome/claim', { body: {}, silent: true });
              welcomeClaimed();
            } catch (e) {
              const key = e instanceof ApiCallError ? e.messageKey : 'api.requestFailed';
              if (key === 'api.welcome.claimed') welcomeClaimed();
              else setError(key);
            } finally {
              setBusy(false);
            }
          }}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('claim')}
        </button>
      </div>
      {error ? <FormError messageKey={error} /> : null}
    </div>
  );
}
