'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { encryptPassword } from '@/lib/password-transport';
import { loginForm } from '@/lib/validation/account-forms';
import { useSiteStore } from '@/stores/site-store';
import { showToast } from '@/stores/toast-store';
import { FormError, FormField, fieldErrorsOf } from './form-field';

type LoginAnswer = { userAccount: string; username: string; token: string };

/** Login by e-mail or username (issue 4); the password travels encrypted (SPEC §7). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations('account');
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const parsed = loginForm.safeParse({
      account: String(data.get('account') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const password = await encryptPassword(parsed.data.password);
      const answer = await apiCall<LoginAnswer>('/login', {
        body: { account: parsed.data.account, password },
        silent: true,
      });
      useSiteStore.getState().setAccount(answer);
      showToast('success', t('welcomeBack'));
      onDone();
    } catch (error) {
      setErrors(
        error instanceof ApiCallError && error.fields
          ? error.fields
          : { _: error instanceof ApiCallError ? error.messageKey : 'api.requestFailed' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
