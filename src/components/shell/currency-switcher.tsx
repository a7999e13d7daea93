'use client';

import { useTranslations } from 'next-intl';
import { CURRENCY_CODES, type CurrencyCode } from '@/lib/currency';
import { chooseCurrency } from '@/stores/site-store';

/** Currency choice (docs/product/states.md#currency): stored, marked explicit, mirrored in a cookie, then the page reloads. */
export function CurrencySwitcher({ current }: { current: CurrencyCode }) {
  const t = useTranslations('shell.currency');
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{t('label')}</span>
      <select
        value={current}
        onChange={(e) => chooseCurrency(e.target.value as CurrencyCode)}
        className="rounded-md border border-white/30 bg-brand-900 px-2 py-1 text-white"
        data-testid="currency-select"
      >
        {CURRENCY_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
