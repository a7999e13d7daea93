'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { FormField, fieldErrorsOf } from './form-field';

type State = 'checking' | 'activated' | 'expired' | 'used' | 'invalid' | 'missing' | 'failed';

const STATE_OF: Record<string, State> = {
  'api.activation.expired': 'expired',
  'api.activation.used': 'used',
  'api.activation.invalid': 'invalid',
};

/** /activate (issue 4): calls POST /api/activate with the code from the mail and shows the outcome. */
export function ActivateClient() {
  const t = useTranslations('account.activation');
  const params = useSearchParams();
  const code = params?.get('code') ?? '';
  const [state, setState] = useState<State>(code ? 'checking' : 'missing');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    apiCall('/activate', { body: { code }, silent: true })
      .then(() => setState('activated'))
      .catch((error) => setState(error instanceof ApiCallError ? (STATE_OF[error.messageKey] ?? 'failed') : 'failed'));
  }, [code]);

  return (
    <div className="space-y-6" data-testid="activation-state" data-state={state}>
      <div role="status" className="rounded-lg border border-line bg-white p-6">
        <p className="text-lg font-semibold">{t(`${state}.title`)}</p>
        <p className="mt-2 text-muted">{t(`${state}.body`)}</p>
        {state === 'activated' ? (
          <Link
            href="/?ope=login"
            className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
          >
            {t('login')}
          </Link>
        ) : null}
      </div>
      {state === 'expired' || state === 'invalid' || state === 'missing' || state === 'failed' ? <ResendForm /> : null}
    </div>
  );
}

function ResendForm() {
  const t = useTranslations('account.activation');
  const tr = useTranslations();
  const locale = useLocale();
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    // The schema (and zod) load on the first submit, not with the activation page (issue 9).
    const schema = await import('@/lib/validation/account-forms').catch(() => null);
    if (!schema) {
      setError('api.requestFailed');
      return;
    }
    const parsed = schema.resendRequest.safeParse({ email, locale });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error.issues).email);
      return;
    }
    try {
      await apiCall('/activate/resend', { body: parsed.data, silent: true });
      setSent(true);
      setError(undefined);
    } catch (e) {
      setError(e instanceof ApiCallError ? e.messageKey : 'api.requestFailed');
    }
  };
  if (sent)
    return (
      <p role="status" className="text-sm text-emerald-700">
        {t('resent')}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-3 rounded-lg border border-line p-6">
      <p className="font-semibold">{t('resendTitle')}</p>
      <FormField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={tr('account.email')}
        error={error}
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t('resend')}
      </button>
    </form>
  );
}
