'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { type AffiliateDashboard, PAYOUT_ACCOUNT_MAX, PAYOUT_METHODS } from '@/lib/affiliates';
import { apiCall } from '@/lib/api-client';
import type { Locale } from '@/lib/locales';
import { formatMinor } from '@/lib/money';
import { useSiteStore } from '@/stores/site-store';

const usd = (cents: number, locale: Locale) => formatMinor(cents, 2, 'USD', locale);

/**
 * The affiliate programme for the signed-in customer (docs/decisions/070-affiliate-programme.md): the terms from
 * data and the joining form, then their code, a link to any page of the site, and what it brought by month. Money
 * is in US dollars, as the ledger sums it; nothing names a referred customer.
 */
export function AffiliateProgramme() {
  const t = useTranslations('affiliate');
  const locale = useLocale() as Locale;
  const token = useSiteStore((s) => s.token);
  const [data, setData] = useState<AffiliateDashboard | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (!token) return;
    apiCall<AffiliateDashboard>('/affiliate/me', { method: 'GET', silent: true })
      .then((next) => {
        setData(next);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [token]);
  useEffect(load, [load]);

  if (!token) {
    return (
      <p className="rounded-lg border border-line bg-white p-6">
        {t('loginFirst')}{' '}
        <Link href="/affiliate?ope=login" className="font-semibold text-brand-700 underline">
          {t('login')}
        </Link>
      </p>
    );
  }
  if (failed) return <p role="alert">{t('loadFailed')}</p>;
  if (!data) return <p aria-busy="true" className="h-40" />;
  return (
    <div className="space-y-8">
      <Terms terms={data.terms} locale={locale} />
      {data.affiliate ? (
        <>
          <Dashboard affiliate={data.affiliate} locale={locale} />
          <PayoutMethodForm
            affiliate={data.affiliate}
            minimumUsdCents={data.terms.minimumPayoutUsdCents}
            locale={locale}
            onSaved={load}
          />
        </>
      ) : (
        <Join version={data.terms.version} onJoined={load} />
      )}
    </div>
  );
}

function Terms({ terms, locale }: { terms: AffiliateDashboard['terms']; locale: Locale }) {
  const t = useTranslations('affiliate');
  const rows: [string, string][] = [
    [t('terms.rate'), t('terms.rateValue', { rate: String(Number(terms.ratePercent)) })],
    [t('terms.months'), t('terms.monthsValue', { months: terms.months })],
    [t('terms.cookie'), t('terms.daysValue', { days: terms.cookieDays })],
    [t('terms.holding'), t('terms.daysValue', { days: terms.holdingDays })],
    [t('terms.minimum'), t('terms.minimumValue', { amount: usd(terms.minimumPayoutUsdCents, locale) })],
  ];
  return (
    <section aria-labelledby="affiliate-terms" className="rounded-lg border border-line bg-white p-6">
      <h2 id="affiliate-terms" className="text-lg font-semibold">
        {t('terms.heading')}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="affiliate-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line py-1">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm">
        {t('terms.excluded')}{' '}
        <Link href="/doc/article/affiliate" className="text-brand-700 underline">
          {t('terms.article')}
        </Link>
      </p>
    </section>
  );
}

function Join({ version, onJoined }: { version: number; onJoined: () => void }) {
  const t = useTranslations('affiliate');
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const join = () => {
    setBusy(true);
    apiCall('/affiliate/join', { body: { termsVersion: version } })
      .then(onJoined)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby={`${id}-join`} className="rounded-lg border border-line bg-white p-6">
      <h2 id={`${id}-join`} className="text-lg font-semibold">
        {t('join.heading')}
      </h2>
      <p className="mt-2">{t('join.text')}</p>
      <label className="mt-4 flex items-start gap-2">
        <input type="checkbox" className="mt-1" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
        <span>{t('join.accept')}</span>
      </label>
      <button
        type="button"
        disabled={!accepted || busy}
        onClick={join}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50"
      >
        {t('join.button')}
      </button>
    </section>
  );
}

function Dashboard({ affiliate, locale }: { affiliate: NonNullable<AffiliateDashboard['affiliate']>; locale: Locale }) {
  const t = useTranslations('affiliate');
  const [path, setPath] = useState('/');
  const [copied, setCopied] = useState(false);
  const id = useId();
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const clean = path.startsWith('/') ? path : `/${path}`;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const link = `${origin}${prefix}${clean === '/' && prefix ? '' : clean}?aff=${affiliate.code}`;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied(true))
      .catch(() => undefined);
  };
  const stats: [string, string][] = [
    [t('stats.clicks'), String(affiliate.clicks)],
    [t('stats.signUps'), String(affiliate.signUps)],
    [t('stats.orders'), String(affiliate.orders)],
    [t('status.pending'), usd(affiliate.commissionUsdCents.pending, locale)],
    [t('status.approved'), usd(affiliate.commissionUsdCents.approved, locale)],
    [t('status.paid'), usd(affiliate.commissionUsdCents.paid, locale)],
  ];
  return (
    <>
      <section aria-labelledby={`${id}-link`} className="rounded-lg border border-line bg-white p-6">
        <h2 id={`${id}-link`} className="text-lg font-semibold">
          {t('link.heading')}
        </h2>
        <p className="mt-2">
          {t('link.code')} <code data-testid="affiliate-code">{affiliate.code}</code>
          {affiliate.status === 'disabled' ? <span className="ml-2 text-red-700">{t('link.disabled')}</span> : null}
        </p>
        <label htmlFor={`${id}-path`} className="mt-4 block text-sm font-semibold">
          {t('link.page')}
        </label>
        <input
          id={`${id}-path`}
          value={path}
          onChange={(e) => {
            setPath(e.target.value.trim() || '/');
            setCopied(false);
          }}
          className="mt-1 w-full rounded-md border border-line px-3 py-2"
        />
        <p className="mt-3 break-all rounded bg-surface p-3 font-mono text-sm" data-testid="affiliate-link">
          {link}
        </p>
        <button
          type="button"
          onClick={copy}
          className="mt-3 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
        >
          {copied ? t('link.copied') : t('link.copy')}
        </button>
      </section>
      <section aria-labelledby={`${id}-stats`} className="rounded-lg border border-line bg-white p-6">
        <h2 id={`${id}-stats`} className="text-lg font-semibold">
          {t('stats.heading')}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="affiliate-stats">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4" data-testid="affiliate-next-payout">
          {t('payout.next', {
            date: affiliate.nextPayout.date,
            amount: usd(affiliate.nextPayout.approvedUsdCents, locale),
            minimum: usd(affiliate.nextPayout.minimumUsdCents, locale),
            method: t(`payout.methods.${affiliate.payoutMethod}`),
          })}
        </p>
        {affiliate.months.length > 0 ? (
          <section
            className="mt-6 overflow-x-auto"
            aria-label={t('months.caption')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a phone scrolls the table sideways, and a box that scrolls must take focus to be read by keyboard
            tabIndex={0}
          >
            <table className="w-full text-sm">
              <caption className="text-left font-semibold">{t('months.caption')}</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col">{t('months.month')}</th>
                  <th scope="col">{t('stats.clicks')}</th>
                  <th scope="col">{t('stats.signUps')}</th>
                  <th scope="col">{t('stats.orders')}</th>
                  <th scope="col">{t('status.pending')}</th>
                  <th scope="col">{t('status.approved')}</th>
                  <th scope="col">{t('status.paid')}</th>
                </tr>
              </thead>
              <tbody>
                {affiliate.months.map((m) => (
                  <tr key={m.month} className="border-t border-line">
                    <th scope="row" className="text-left font-normal">
                      {m.month}
                    </th>
                    <td>{m.clicks}</td>
                    <td>{m.signUps}</td>
                    <td>{m.orders}</td>
                    <td>{usd(m.commissionUsdCents.pending, locale)}</td>
                    <td>{usd(m.commissionUsdCents.approved, locale)}</td>
                    <td>{usd(m.commissionUsdCents.paid, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </section>
    </>
  );
}

type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * How the affiliate is paid (PUT /api/affiliate/payout-method): the current choice with its account masked as the
 * API answers it, and the minimum payout that applies to each choice from the terms (none for the balance). The
 * schema is the handler's, loaded on the first submit; the server's field errors show at the field too.
 */
function PayoutMethodForm({
  affiliate,
  minimumUsdCents,
  locale,
  onSaved,
}: {
  affiliate: NonNullable<AffiliateDashboard['affiliate']>;
  minimumUsdCents: number;
  locale: Locale;
  onSaved: () => void;
}) {
  const t = useTranslations('affiliate.payout');
  const id = useId();
  const [method, setMethod] = useState<PayoutMethod>(affiliate.payoutMethod);
  const [saved, setSaved] = useState<PayoutMethod | null>(null);
  // Counts saves: the account field starts empty again after one, so the full details stay on screen no longer.
  const [round, setRound] = useState(0);
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      const { affiliatePayoutInput } = await import('@/lib/affiliates');
      return affiliatePayoutInput.safeParse({
        payoutMethod: method,
        payoutAccount: method === 'balance' ? undefined : String(data.get('payoutAccount') ?? ''),
      });
    },
    async (value) => {
      await apiCall('/affiliate/payout-method', { method: 'PUT', body: value, silent: true });
      setSaved(value.payoutMethod);
      setRound((n) => n + 1);
      onSaved();
    },
  );
  const current = t(`methods.${affiliate.payoutMethod}`);
  const minimum =
    method === 'balance'
      ? t('form.noMinimum')
      : t('form.minimum', { amount: formatMinor(minimumUsdCents, 2, 'USD', locale) });
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-line bg-white p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('form.heading')}
      </h2>
      <p className="mt-2" data-testid="affiliate-payout-current">
        {affiliate.payoutAccount
          ? t('form.currentAccount', { method: current, account: affiliate.payoutAccount })
          : t('form.current', { method: current })}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 max-w-md space-y-4" data-testid="affiliate-payout-form">
        <FormField
          as="select"
          id={`${id}-method`}
          name="payoutMethod"
          label={t('form.method')}
          hint={minimum}
          error={errors.payoutMethod}
          value={method}
          onChange={(e) => {
            setMethod(e.target.value as PayoutMethod);
            setSaved(null);
          }}
        >
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`form.options.${m}`)}
            </option>
          ))}
        </FormField>
        {method === 'paypal' ? (
          <FormField
            key={`paypal-${round}`}
            id={`${id}-account`}
            name="payoutAccount"
            type="email"
            autoComplete="email"
            maxLength={PAYOUT_ACCOUNT_MAX}
            label={t('form.paypal')}
            hint={t('form.paypalHint')}
            error={errors.payoutAccount}
          />
        ) : null}
        {method === 'bank' ? (
          <FormField
            key={`bank-${round}`}
            as="textarea"
            rows={3}
            id={`${id}-account`}
            name="payoutAccount"
            maxLength={PAYOUT_ACCOUNT_MAX}
            label={t('form.bank')}
            hint={t('form.bankHint')}
            error={errors.payoutAccount}
          />
        ) : null}
        {errors._ ? <FormError messageKey={errors._} /> : null}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          {t('form.save')}
        </button>
        <p role="status" className="text-sm text-green-800" data-testid="affiliate-payout-saved">
          {saved ? t('form.saved', { method: t(`methods.${saved}`) }) : null}
        </p>
      </form>
    </section>
  );
}
