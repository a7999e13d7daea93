'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';

type State = 'checking' | 'activated' | 'expired' | 'used' | 'invalid' | 'missing' | 'failed';

const STATE_OF: Record<string, State> = {
  'api.activation.expired': 'expired',
  'api.activation.used': 'used',
  'api.activation.invalid': 'invalid',
};

/** /activate (docs/decisions/008-accounts.md): calls POST /api/activate with the code from the mail and shows the outcome. */
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
  const [sent, setSent] = useState(false);
  // The shared submit logic: one request at a time, and the schema (with zod) loads on the first submit, not
  // with the activation page (docs/product/targets.md#performance).
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      const { resendRequest } = await import('@/lib/validation/account-forms');
      return resendRequest.safeParse({ email: String(data.get('email') ?? ''), locale });
    },
    async (value) => {
      await apiCall('/activate/resend', { body: value, silent: true });
      setSent(true);
    },
  );
  if (sent)
    return (
      <p role="status" className="text-sm text-emerald-700">
        {t('resent')}
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-3 rounded-lg border border-line p-6">
      <p className="font-semibold">{t('resendTitle')}</p>
      <FormField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={tr('account.email')}
        error={errors.email ?? errors._}
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t('resend')}
      </button>
    </form>
  );
}
