'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type Session, staffLogin } from '@/lib/admin/session-schemas';
import { adminApi } from './api';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, Button, TextField } from './ui';

/** E-mail, password and the authenticator's current code (docs/product/back-office-api.md, Sessions). */
export function SignInForm({ onSignedIn, email }: { onSignedIn: (session: Session) => void; email?: string }) {
  const t = useTranslations('admin.signIn');
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(staffLogin), defaultValues: { email: email ?? '', password: '', totpCode: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      onSignedIn(await adminApi<Session>('/auth/login', { method: 'POST', body: values }));
    } catch (error) {
      // A code is good for 30 seconds: the next try needs the next one.
      resetField('totpCode');
      showApiError(error, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="admin-sign-in">
      {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="sign-in-error" /> : null}
      <TextField
        id="sign-in-email"
        label={t('email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="sign-in-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="sign-in-code"
        label={t('code')}
        hint={t('codeHint')}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={13}
        error={errors.totpCode?.message}
        {...register('totpCode')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
