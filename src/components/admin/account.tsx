'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CurrentSession, type RenewedCodes, recoveryCodesRenewal } from '@/lib/admin/session-schemas';
import { AdminApiError, adminApi } from './api';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { RecoveryCodes } from './recovery-codes';
import { useSession } from './session';
import { Alert, Button, formatWhen, PageHeading, TextField } from './ui';

/**
 * /admin/account: the signed-in person's own account: who they are, how many recovery codes they have left, and
 * a new set of codes for a fresh authenticator code (the old set stops working).
 */
export function Account() {
  const t = useTranslations('admin.account');
  const tr = useTranslations('admin.roles');
  const locale = useLocale();
  const { session } = useSession();
  const [left, setLeft] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(recoveryCodesRenewal), defaultValues: { totpCode: '' } });

  useEffect(() => {
    adminApi<CurrentSession>('/auth/me')
      .then((me) => setLeft(me.recoveryCodesLeft))
      .catch((e) => setFailure(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, []);

  const renew = handleSubmit(async (values) => {
    try {
      const answer = await adminApi<RenewedCodes>('/auth/recovery-codes', {
        method: 'POST',
        body: values,
      });
      setCodes(answer.recoveryCodes);
      setLeft(answer.recoveryCodes.length);
    } catch (error) {
      showApiError(error, setError);
    } finally {
      resetField('totpCode');
    }
  });

  if (!session) return null;
  const { staff } = session;
  return (
    <>
      <PageHeading title={t('title')} />
      {failure ? <Alert messageKey={failure} /> : null}
      <div className="grid gap-6 desk:grid-cols-2">
        <section aria-labelledby="account-who" className="rounded-xl border border-line bg-white p-5">
          <h2 id="account-who" className="text-lg font-semibold">
            {t('who')}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('name')}</dt>
            <dd>{staff.name}</dd>
            <dt className="text-muted">{t('email')}</dt>
            <dd className="break-all">{staff.email}</dd>
            <dt className="text-muted">{t('role')}</dt>
            <dd>{tr(staff.role)}</dd>
            <dt className="text-muted">{t('since')}</dt>
            <dd>{formatWhen(staff.createdAt, locale)}</dd>
          </dl>
        </section>
        <section aria-labelledby="account-recovery" className="rounded-xl border border-line bg-white p-5">
          <h2 id="account-recovery" className="text-lg font-semibold">
            {t('recoveryTitle')}
          </h2>
          <p className="mt-2 text-sm" data-testid="recovery-left" aria-live="polite">
            {left === null ? '' : t('left', { count: left })}
          </p>
          {codes ? (
            <div className="mt-4">
              <RecoveryCodes codes={codes} email={staff.email} />
            </div>
          ) : (
            <form onSubmit={renew} noValidate className="mt-4 space-y-3">
              {errors.root?.server ? <Alert messageKey={errors.root.server.message} /> : null}
              <p className="text-sm text-muted">{t('renewExplain')}</p>
              <TextField
                id="renew-code"
                label={t('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                error={errors.totpCode?.message}
                {...register('totpCode')}
              />
              <Button type="submit" disabled={isSubmitting} data-testid="renew-codes">
                {t('renew')}
              </Button>
            </form>
          )}
        </section>
      </div>
    </>
  );
}
