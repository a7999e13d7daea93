'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { encryptPassword } from '@/lib/password-transport';
import { useSiteStore } from '@/stores/site-store';
import { NewPasswordField } from './new-password-field';

type LinkState = 'invalid' | 'used' | 'expired';

const STATE_OF: Record<string, LinkState> = {
  'api.reset.invalid': 'invalid',
  'api.reset.used': 'used',
  'api.reset.expired': 'expired',
};

/**
 * /resetPassword: without a code, the form that mails a reset link; with the code from that mail, the new
 * password twice. A link that is no longer good says why and offers the first form again.
 */
export function ResetPasswordClient() {
  const code = useSearchParams()?.get('code') ?? '';
  const [state, setState] = useState<'form' | 'done' | LinkState>('form');
  const t = useTranslations('account.reset');
  if (!code) return <RequestForm />;
  if (state === 'done')
    return (
      <div
        role="status"
        className="rounded-lg border border-line bg-white p-6"
        data-testid="reset-state"
        data-state="done"
      >
        <p className="text-lg font-semibold">{t('done.title')}</p>
        <p className="mt-2 text-muted">{t('done.body')}</p>
        <Link
          href="/?ope=login"
          className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
        >
          {t('login')}
        </Link>
      </div>
    );
  if (state !== 'form')
    return (
      <div className="space-y-6">
        <div
          role="status"
          className="rounded-lg border border-line bg-white p-6"
          data-testid="reset-state"
          data-state={state}
        >
          <p className="text-lg font-semibold">{t(`${state}.title`)}</p>
          <p className="mt-2 text-muted">{t(`${state}.body`)}</p>
        </div>
        <RequestForm />
      </div>
    );
  return <NewPasswordForm code={code} onResult={setState} />;
}

function NewPasswordForm({ code, onResult }: { code: string; onResult: (state: 'done' | LinkState) => void }) {
  const t = useTranslations('account');
  const id = useId();
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      const { resetPasswordForm } = await import('@/lib/validation/account-forms');
      return resetPasswordForm.safeParse({
        password: String(data.get('password') ?? ''),
        confirmPassword: String(data.get('confirmPassword') ?? ''),
      });
    },
    async (value) => {
      try {
        await apiCall('/password/reset', {
          body: { code, password: await encryptPassword(value.password) },
          silent: true,
        });
      } catch (error) {
        const state = error instanceof ApiCallError ? STATE_OF[error.messageKey] : undefined;
        if (!state) throw error;
        onResult(state);
        return;
      }
      // Every session ended with the reset, this tab's included.
      useSiteStore.getState().clearAccount();
      onResult('done');
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4 rounded-lg border border-line bg-white p-6">
      <p className="font-semibold">{t('reset.newPasswordTitle')}</p>
      <NewPasswordField
        id={`${id}-password`}
        label={t('reset.newPassword')}
        hint={t('passwordHint')}
        error={errors.password}
      />
      <FormField
        id={`${id}-confirm`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t('confirmPassword')}
        error={errors.confirmPassword}
        required
      />
      {errors._ ? <FormError messageKey={errors._} testId="reset-error" /> : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('reset.submit')}
      </button>
    </form>
  );
}

function RequestForm() {
  const t = useTranslations('account');
  const locale = useLocale();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      const { forgotPasswordRequest } = await import('@/lib/validation/account-forms');
      return forgotPasswordRequest.safeParse({ email: String(data.get('email') ?? ''), locale });
    },
    async (value) => {
      await apiCall('/password/forgot', { body: value, silent: true });
      setSentTo(value.email);
    },
  );
  if (sentTo)
    return (
      <p role="status" className="rounded-lg border border-line bg-white p-6 text-emerald-800" data-testid="reset-sent">
        {t('reset.sent', { email: sentTo })}
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4 rounded-lg border border-line bg-white p-6">
      <p className="font-semibold">{t('reset.requestTitle')}</p>
      <p className="text-sm text-muted">{t('reset.requestIntro')}</p>
      <FormField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t('email')}
        error={errors.email}
        required
      />
      {errors._ ? <FormError messageKey={errors._} testId="reset-error" /> : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('reset.requestSubmit')}
      </button>
    </form>
  );
}
