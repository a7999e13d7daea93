'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormError, FormField } from '@/components/forms/form-field';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import type { CurrencyRate } from '@/lib/money';
import type { DomainCheck } from '@/server/api/domains/queries';

/** The server's generic keys for the name, told in the words of a domain search. */
const NAME_ERROR: Record<string, string> = {
  'validation.domain': 'domain.error.invalidName',
  'api.field.tooLong': 'domain.error.tooLong',
};

const STATE_BADGE: Record<DomainCheck['state'], string> = {
  available: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  taken: 'bg-surface text-muted ring-line',
  reserved: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  unknown: 'bg-surface text-muted ring-line',
};

/**
 * Domain search (docs/product/screens.md#domain-product-page, POST /api/domain/suffix/check): one name, every suffix, each with
 * its state and prices in the visitor's currency. An empty name does nothing (as docs/product/validation.md#form-inputs has for search).
 */
export function DomainSearch({
  currency,
  promoSuffixes,
  tax,
}: {
  currency: CurrencyRate;
  promoSuffixes: string[];
  /** Japanese pages in yen: prices with consumption tax first (docs/decisions/066-tax.md). */
  tax: DisplayTax;
}) {
  const t = useTranslations('domain');
  const locale = useLocale();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [result, setResult] = useState<{ name: string; rows: DomainCheck[] } | undefined>();
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runSearch(name.trim());
  }

  // A link may carry the name to look up (`/product/domain?name=example.com`, as the chat helper offers): the
  // page is prerendered, so the name is read in the browser once mounted, filled in and searched.
  const runLatest = useRef<(query: string) => Promise<void>>(async () => {});
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('name')?.trim().slice(0, 253);
    if (linked) {
      setName(linked);
      void runLatest.current(linked);
    }
  }, []);

  async function runSearch(query: string) {
    if (query === '' || busy) return;
    setBusy(true);
    setFieldError(undefined);
    setFormError(undefined);
    try {
      const rows = await apiCall<DomainCheck[]>('/domain/suffix/check', { body: { name: query }, silent: true });
      setResult({ name: query, rows });
    } catch (error) {
      const fields = error instanceof ApiCallError ? error.fields : undefined;
      const key = fields?.name ?? fields?.suffixes;
      if (key) setFieldError(NAME_ERROR[key] ?? key);
      else setFormError(error instanceof ApiCallError ? error.messageKey : 'api.requestFailed');
      setResult(undefined);
    } finally {
      setBusy(false);
    }
  }

  runLatest.current = runSearch;

  const available = result?.rows.filter((r) => r.state === 'available').length ?? 0;

  return (
    <div className="rounded-xl border border-line bg-white p-5 shadow-sm desk:p-6">
      <form onSubmit={search} noValidate className="flex flex-col gap-3 desk:flex-row desk:items-start">
        <div className="flex-1">
          <FormField
            id="domain-name"
            name="name"
            label={t('search.label')}
            hint={t('search.hint')}
            placeholder={t('search.placeholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError}
            maxLength={253}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            data-testid="domain-search-input"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          aria-controls="domain-results"
          className="rounded-md bg-brand-600 px-6 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 desk:mt-6"
        >
          {busy ? t('search.searching') : t('search.submit')}
        </button>
      </form>
      {formError ? <FormError messageKey={formError} /> : null}

      <section id="domain-results" aria-label={t('search.resultsTitle')} className={result ? 'mt-6' : undefined}>
        {/* Always rendered, so screen readers announce each new summary. */}
        <p aria-live="polite" role="status" className="text-ink" data-testid="domain-search-summary">
          {result ? t('search.summary', { available, name: result.name }) : ''}
        </p>
        {result ? (
          <ul className="mt-3 divide-y divide-line rounded-lg border border-line">
            {result.rows.map((row) => (
              <li
                key={row.fqdn}
                data-testid="domain-result"
                data-state={row.state}
                className="flex flex-col gap-2 px-4 py-3 desk:flex-row desk:items-center desk:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-all font-semibold text-ink">{row.displayName}</p>
                  {row.displayName !== row.fqdn ? (
                    <p className="break-all text-xs text-muted">{t('search.asciiName', { fqdn: row.fqdn })}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_BADGE[row.state]}`}
                  >
                    {t(`state.${row.state}`)}
                  </span>
                  {row.state === 'available' ? (
                    <>
                      <span className="font-semibold text-brand-700">
                        {t('search.firstYear', { price: money(row.registerPriceCents) })}
                        {promoSuffixes.includes(row.suffix) ? (
                          <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">
                            {t('search.promo')}
                          </span>
                        ) : null}
                      </span>
                      <span className="text-muted">{t('search.renewal', { price: money(row.renewPriceCents) })}</span>
                    </>
                  ) : (
                    <span className="text-muted">{t('search.transfer', { price: money(row.transferPriceCents) })}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
