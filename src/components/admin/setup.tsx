'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type SetUp, type SetupOffer, STAFF_PASSWORD, staffSetup } from '@/lib/admin/session-schemas';
import { AdminApiError, adminApi } from './api';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { RecoveryCodes } from './recovery-codes';
import { useSession } from './session';
import { Alert, Button, TextField } from './ui';

/** The password typed twice; the second copy never leaves the page. */
const setupForm = staffSetup.extend({ confirm: z.string() }).superRefine((value, ctx) => {
  if (value.confirm !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'admin.setup.mismatch' });
  }
});

/**
 * /admin/setup?token=…: the one-time link of a new staff member (printed for the first owner, mailed to those
 * invited). It shows the authenticator secret as a QR code and as text, takes a password, and a first code
 * proves the authenticator holds the secret; then they are signed in.
 */
export function StaffSetup({ token }: { token: string }) {
  const t = useTranslations('admin.setup');
  const tr = useTranslations('admin.roles');
  const router = useRouter();
  const { signedIn } = useSession();
  const [invitation, setInvitation] = useState<SetupOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [done, setDone] = useState<SetUp | null>(null);

  useEffect(() => {
    adminApi<SetupOffer>('/auth/setup/inspect', { method: 'POST', body: { token } })
      .then(setInvitation)
      .catch((error) => setFailure(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed'));
  }, [token]);

  useEffect(() => {
    if (!invitation) return;
    QRCode.toString(invitation.otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => setQr(null));
  }, [invitation]);

  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(setupForm),
    defaultValues: { token, password: '', confirm: '', totpCode: '' },
  });

  const submit = handleSubmit(async ({ confirm: _confirm, ...values }) => {
    try {
      // Signed in; the recovery codes are shown before the back office opens, since they are never shown again.
      setDone(await adminApi<SetUp>('/auth/setup', { method: 'POST', body: values }));
    } catch (error) {
      resetField('totpCode');
      showApiError(error, setError);
    }
  });

  if (failure) {
    return (
      <section className="mx-auto max-w-lg space-y-4" aria-labelledby="setup-title">
        <h1 id="setup-title" className="text-2xl font-semibold">
          {t('title')}
        </h1>
        <Alert messageKey={failure} testId="setup-error" />
        <p className="text-sm text-muted">{t('askAgain')}</p>
      </section>
    );
  }
  if (!invitation) return <p aria-busy="true" className="h-64" />;
  if (done) {
    return (
      <section className="mx-auto max-w-xl space-y-4 rounded-xl border border-line bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">{t('doneTitle')}</h1>
        <RecoveryCodes codes={done.recoveryCodes} email={invitation.email} />
        <Button
          data-testid="setup-continue"
          className="w-full"
          onClick={() => {
            const { recoveryCodes: _shown, ...session } = done;
            signedIn(session);
            router.replace('/admin');
          }}
        >
          {t('continue')}
        </Button>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="setup-title"
      className="mx-auto max-w-3xl rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h1 id="setup-title" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <p className="mt-1 text-sm text-muted">
        {t('welcome', { name: invitation.name, email: invitation.email, role: tr(invitation.role) })}
      </p>

      <ol className="mt-6 grid gap-8 desk:grid-cols-2">
        <li>
          <h2 className="text-lg font-semibold">{t('step1')}</h2>
          <p className="mt-1 text-sm text-muted">{t('scan')}</p>
          <div className="mt-3 flex justify-center rounded-lg border border-line bg-white p-3">
            {qr ? (
              // biome-ignore lint/performance/noImgElement: a data URL made on the page, nothing for next/image to optimise
              <img src={qr} alt={t('qrAlt')} width={200} height={200} data-testid="setup-qr" />
            ) : (
              <span className="block h-[200px] w-[200px]" aria-hidden="true" />
            )}
          </div>
          <p className="mt-3 text-sm">{t('orType')}</p>
          <p
            className="mt-1 break-all rounded-md bg-surface px-3 py-2 font-mono text-base tracking-wider"
            data-testid="setup-secret"
          >
            {invitation.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </p>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-brand-700">{t('showUrl')}</summary>
            <code className="mt-2 block break-all rounded-md bg-surface px-3 py-2 text-xs" data-testid="setup-url">
              {invitation.otpauthUrl}
            </code>
          </details>
        </li>
        <li>
          <h2 className="text-lg font-semibold">{t('step2')}</h2>
          <form onSubmit={submit} noValidate className="mt-3 space-y-4">
            {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="setup-form-error" /> : null}
            {/* The account's address, for password managers to save the new password under. */}
            <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
            <TextField
              id="setup-password"
              label={t('password')}
              hint={t('passwordHint', { min: STAFF_PASSWORD.min })}
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              id="setup-confirm"
              label={t('confirm')}
              type="password"
              autoComplete="new-password"
              error={errors.confirm?.message}
              {...register('confirm')}
            />
            <TextField
              id="setup-code"
              label={t('code')}
              hint={t('codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              error={errors.totpCode?.message ?? errors.token?.message}
              {...register('totpCode')}
            />
            <Button type="submit" disabled={isSubmitting} className="w-full">
              {isSubmitting ? t('submitting') : t('submit')}
            </Button>
          </form>
        </li>
      </ol>
    </section>
  );
}
