'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { apiCall } from '@/lib/api-client';
import { encryptPassword } from '@/lib/password-transport';
import { useSiteStore } from '@/stores/site-store';
import { showToast } from '@/stores/toast-store';

type LoginAnswer = { userAccount: string; username: string; token: string };

/** Login by e-mail or username (docs/decisions/008-accounts.md); the password travels encrypted (docs/product/api.md#requests). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('account');
  const id = useId();
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      // Loaded on the first submit, like the sign-up form's schema (docs/product/targets.md#performance).
      const { loginForm } = await import('@/lib/validation/account-forms');
      return loginForm.safeParse({
        account: String(data.get('account') ?? ''),
        password: String(data.get('password') ?? ''),
      });
    },
    async (value) => {
      const password = await encryptPassword(value.password);
      const answer = await apiCall<LoginAnswer>('/login', { body: { account: value.account, password }, silent: true });
      useSiteStore.getState().setAccount(answer);
      showToast('success', t('welcomeBack'));
      onDone();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        id={`${id}-account`}
        name="account"
        autoComplete="username"
        label={t('accountLabel')}
        error={errors.account}
        required
      />
      <FormField
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('password')}
        error={errors.password}
        required
      />
      <p className="text-right text-sm">
        <Link href="/resetPassword" onClick={onDone} className="text-brand-700 underline">
          {t('forgotPassword')}
        </Link>
      </p>
      {errors._ ? <FormError messageKey={errors._} testId="login-error" /> : null}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('loginSubmit')}
      </button>
    </form>
  );
}
