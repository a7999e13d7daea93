'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { apiCall } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';
import { encryptPassword } from '@/lib/password-transport';
import { NewPasswordField } from './new-password-field';

/**
 * Sign-up (docs/decisions/008-accounts.md): e-mail, optional mobile, a new password (docs/decisions/056-account-passwords.md)
 * with its strength meter, typed twice, acceptance of the terms.
 */
export function RegisterForm({ onDone }: { onDone?: () => void }) {
  const t = useTranslations('account');
  const locale = useLocale() as Locale;
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      // The schema and zod load on the first submit, not with the sign-up page: zod is a large share of a first
      // load (docs/decisions/016-first-paint-before-storage.md).
      const { registerForm } = await import('@/lib/validation/account-forms');
      return registerForm.safeParse({
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
        confirmPassword: String(data.get('confirmPassword') ?? ''),
        phone: String(data.get('phone') ?? ''),
        acceptTerms: data.get('acceptTerms') === 'on',
      });
    },
    async (value) => {
      const password = await encryptPassword(value.password);
      const result = await apiCall<{ email: string }>('/register', {
        body: { email: value.email, password, phone: value.phone, acceptTerms: true, locale },
        silent: true,
      });
      setSentTo(result.email);
    },
  );

  if (sentTo) {
    return (
      <div role="status" className="space-y-3" data-testid="register-done">
        <p className="text-base font-semibold">{t('checkInbox')}</p>
        <p className="text-sm text-muted">{t('checkInboxDetail', { email: sentTo })}</p>
        {onDone ? (
          <button
            type="button"
            onClick={onDone}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white"
          >
            {t('close')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t('email')}
        error={errors.email}
        required
      />
      <FormField
        id={`${id}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel"
        label={t('phoneOptional')}
        error={errors.phone}
      />
      <NewPasswordField
        id={`${id}-password`}
        label={t('password')}
        hint={t('passwordHint')}
        error={errors.password}
        emailField="email"
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
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="acceptTerms"
            className="mt-1"
            aria-invalid={errors.acceptTerms ? true : undefined}
          />
          <span>
            {t.rich('acceptTerms', {
              terms: (chunks) => (
                <Link href="/doc/article/legal-and-terms" className="text-brand-700 underline" target="_blank">
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </label>
        {errors.acceptTerms ? <FormError messageKey={errors.acceptTerms} /> : null}
      </div>
      {errors._ ? <FormError messageKey={errors._} /> : null}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('registerSubmit')}
      </button>
    </form>
  );
}
