'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { RateHistory } from '@/lib/admin/resources/prices/currencies';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import type { CustomField } from '../resource/fields';
import { Alert, formatWhen } from '../ui';

/**
 * Every rate a currency had, with from when and who set it, under its rate form (a custom field of the currency
 * resource, shown to every role that may read the rates; nothing of it is sent).
 */
export const RateHistoryField: CustomField = ({ field, text, idPrefix }) => {
  const code = String(useFormContext().getValues('code') ?? '');
  const locale = useLocale() as AdminLocale;
  const [history, setHistory] = useState<RateHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    adminApi<RateHistory>(`/prices/currencies/${encodeURIComponent(code)}/rates`)
      .then(setHistory)
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [code]);
  const id = `${idPrefix}-${field.name}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-base font-semibold">
        {text.field(field.name)}
      </h3>
      {error ? <Alert messageKey={error} /> : null}
      {history ? (
        <table className="mt-2 w-full text-sm" data-testid="rate-history">
          <thead className="text-left text-muted">
            <tr>
              {(['rate', 'validFrom', 'setBy'] as const).map((name) => (
                <th key={name} scope="col" className="py-1 pr-3 font-semibold">
                  {text.own(`history.${name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {history.items.map((item) => (
              <tr key={item.id}>
                <td className="py-1 pr-3 font-mono">{item.rate}</td>
                <td className="py-1 pr-3">{formatWhen(item.validFrom, HTML_LANG[locale])}</td>
                <td className="py-1">
                  {item.setBy ? (item.setBy.name ?? `#${item.setBy.id}`) : text.own('history.initialRate')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
};
