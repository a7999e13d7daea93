'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rateUpdate } from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { showApiError } from '../form-errors';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, buttonClass, formatWhen, TextField } from '../ui';
import type { CurrencyRow } from './types';

type History = {
  currency: CurrencyRow;
  items: { id: number; rate: string; validFrom: string; setBy: { id: number; name: string | null } | null }[];
};

/** "7.78000000" as people write it: "7.78". */
export const plainRate = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/**
 * A currency's rate (units per US dollar) from now on, and every rate it had with when and who. A rate far from
 * the current one needs the confirmation box: the server says so at the field, and the box is there to tick.
 */
export function RateForm({
  currency,
  editable,
  onSaved,
}: {
  currency: CurrencyRow;
  editable: boolean;
  onSaved: () => void;
}) {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const [history, setHistory] = useState<History | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [version, setVersion] = useState(currency.version);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof rateUpdate>, unknown, z.output<typeof rateUpdate>>({
    resolver: zodResolver(rateUpdate),
    defaultValues: { rate: plainRate(currency.rate), confirm: false, version: currency.version },
  });

  useEffect(() => {
    adminApi<History>(`/prices/currencies/${currency.code}/history`)
      .then(setHistory)
      .catch((e) => setHistoryError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [currency.code]);

  const save = async (values: z.output<typeof rateUpdate>) => {
    try {
      await adminApi(`/prices/currencies/${currency.code}`, {
        method: 'PUT',
        body: { rate: values.rate, confirm: values.confirm, version },
      });
      onSaved();
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        const current = error.current as CurrencyRow;
        setVersion(current.version);
        setError('root.server', { type: 'server', message: 'api.admin.staleVersion' });
        return;
      }
      showApiError(error, setError);
    }
  };

  return (
    <div className="space-y-5">
      {editable ? (
        <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" data-testid="rate-form">
          {errors.root?.server ? <Alert messageKey={errors.root.server.message} /> : null}
          <TextField
            id="rate-value"
            label={t('rateLabel', { code: currency.code })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('rateHint', { rate: plainRate(currency.rate) })}
            error={errors.rate?.message}
            {...register('rate')}
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4" {...register('confirm')} />
            {t('rateConfirm')}
          </label>
          <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
            {t('saveNow')}
          </button>
        </form>
      ) : null}
      <section aria-labelledby="rate-history-title">
        <h3 id="rate-history-title" className="text-base font-semibold">
          {t('historyTitle')}
        </h3>
        {historyError ? <Alert messageKey={historyError} /> : null}
        {history ? (
          <table className="mt-2 w-full text-sm" data-testid="rate-history">
            <thead className="text-left text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t('rate')}
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t('validFrom')}
                </th>
                <th scope="col" className="py-1 font-semibold">
                  {t('setBy')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {history.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-1 pr-3 font-mono">{plainRate(item.rate)}</td>
                  <td className="py-1 pr-3">{formatWhen(item.validFrom, HTML_LANG[locale])}</td>
                  <td className="py-1">{item.setBy ? (item.setBy.name ?? `#${item.setBy.id}`) : t('initialRate')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}
