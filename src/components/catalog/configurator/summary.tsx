'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useErrorText } from '@/components/forms/form-field';
import { renderWhenNearSize } from '@/components/render-when-near';
import type { ConfiguratorQuote } from '@/lib/catalog/configurator';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatHourlyMicroUsd, formatMoney } from '@/lib/money';

type QuoteLine = ConfiguratorQuote['lines'][number];
type Labels = {
  discount: string;
  pricing: string;
  totalExclTax: string;
  totalInclTax: string;
  taxLine: (name: string, rate: string) => string;
  reverseCharge: string;
  taxNeedsCountry: string;
  noTax: string;
};
type LineKind = 'plan' | 'sale' | 'pintuan' | 'disk' | 'bandwidth' | 'traffic' | 'snapshot' | 'licence' | 'term';

/**
 * The order summary beside the form: the server's price lines, or the last quote's shape while the next one is
 * on its way, and the order button. Nothing here computes a price (docs/decisions/036-pricing-model.md).
 */
export function OrderSummary({
  quote,
  stale,
  requestFailed,
  blocked,
  currency,
  signedIn,
  ordering,
  onOrder,
  formId,
}: {
  quote: ConfiguratorQuote | null;
  stale: ConfiguratorQuote | null;
  requestFailed: boolean;
  /** Why this priced configuration cannot be ordered (an i18n key), e.g. a coupon whose minimum is not met. */
  blocked: string | null;
  currency: CurrencyRate;
  signedIn: boolean;
  ordering: boolean;
  onOrder: () => void;
  /** The configuration's form, whose submit button the order button is. */
  formId: string;
}) {
  const t = useTranslations('buy');
  const tr = useTranslations();
  const errorText = useErrorText();
  const locale = useLocale() as Locale;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const lineLabel = (line: QuoteLine) => {
    const kind = line.key.split('.')[0] as LineKind;
    return kind === 'term' ? t('lines.term', { percent: line.itemId }) : t(`lines.${kind}`);
  };
  const labels: Labels = {
    discount: t('discount'),
    pricing: t('pricing'),
    totalExclTax: t('totalExclTax'),
    totalInclTax: t('totalInclTax'),
    taxLine: (name, rate) => t('taxLine', { name, rate }),
    reverseCharge: t('reverseCharge'),
    taxNeedsCountry: t('taxNeedsCountry'),
    noTax: t('noTax'),
  };
  const hourlyNote =
    quote?.hourly && quote.billing === 'hourly'
      ? t('hourlyNote', {
          rate: formatHourlyMicroUsd(quote.hourly.rateMicroUsd, currency, locale),
          cap: money(quote.hourly.capMinor),
        })
      : null;

  return (
    <aside
      aria-labelledby="summary-title"
      className="render-when-near h-fit rounded-xl border border-line bg-surface p-5 desk:sticky desk:top-24"
      style={renderWhenNearSize(19)}
    >
      <h2 id="summary-title" className="text-lg font-semibold">
        {t('summary')}
      </h2>
      <div aria-live="polite" aria-busy={stale !== null} data-testid="price-summary">
        {quote ? (
          <PriceBreakdown quote={quote} money={money} lineLabel={lineLabel} labels={labels} />
        ) : stale ? (
          // The previous breakdown's shape, its amounts withheld: nothing moves when the new one lands.
          <PriceBreakdown quote={stale} money={null} lineLabel={lineLabel} labels={labels} />
        ) : (
          <p className="mt-3 text-sm text-muted">{requestFailed ? tr('api.requestFailed') : t('pricing')}</p>
        )}
        {hourlyNote ? (
          <p className="mt-3 text-sm text-muted" data-testid="hourly-note">
            {hourlyNote}
          </p>
        ) : null}
      </div>
      {blocked ? (
        <p id="order-blocked" className="mt-4 text-sm text-red-700" data-testid="order-blocked">
          {errorText(blocked)}
        </p>
      ) : null}
      <button
        type="submit"
        form={formId}
        onClick={onOrder}
        disabled={ordering || !quote || blocked !== null}
        aria-describedby={blocked ? 'order-blocked' : undefined}
        className="mt-5 w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {signedIn ? t('order') : t('loginToOrder')}
      </button>
    </aside>
  );
}

/**
 * The summary's lines. Without `money` the quote is out of date (the next one is on its way): the lines keep
 * their place and every amount reads "calculating", so no price is shown for a configuration not chosen.
 */
function PriceBreakdown({
  quote,
  money,
  lineLabel,
  labels,
}: {
  quote: ConfiguratorQuote;
  money: ((minor: number) => string) | null;
  lineLabel: (line: QuoteLine) => string;
  labels: Labels;
}) {
  const amount = (minor: number) => (money ? money(minor) : '…');
  const taxLines = quote.taxLines ?? [];
  return (
    <dl className={`mt-3 space-y-1 text-sm ${money ? '' : 'text-muted'}`}>
      {quote.lines.map((line) => (
        <div key={line.key} className="flex justify-between gap-3">
          <dt>{lineLabel(line)}</dt>
          <dd>{amount(line.amountMinor)}</dd>
        </div>
      ))}
      {quote.discountMinor > 0 ? (
        <div className={`flex justify-between gap-3 ${money ? 'text-emerald-700' : ''}`}>
          <dt>{labels.discount}</dt>
          <dd data-testid={money ? 'discount' : undefined}>{money ? `-${money(quote.discountMinor)}` : '…'}</dd>
        </div>
      ) : null}
      {/* Tax on its own line before the order button (docs/decisions/066-tax.md): once on the total, per rate. */}
      <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2">
        <dt>{labels.totalExclTax}</dt>
        <dd data-testid={money ? 'total-excl-tax' : undefined}>{amount(quote.totalMinor)}</dd>
      </div>
      {quote.billingCountry ? (
        taxLines.length > 0 ? (
          taxLines.map((line) => (
            <div key={line.name} className="flex justify-between gap-3" data-testid="tax-line">
              <dt>
                {labels.taxLine(line.name, String(Number(line.ratePercent)))}
                {line.reverseCharge ? <span className="block text-xs text-muted">{labels.reverseCharge}</span> : null}
              </dt>
              <dd>{amount(line.taxMinor)}</dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between gap-3" data-testid="tax-line">
            <dt>{labels.noTax}</dt>
            <dd>{amount(0)}</dd>
          </div>
        )
      ) : (
        <div className="text-muted" data-testid="tax-line">
          <dt>{labels.taxNeedsCountry}</dt>
        </div>
      )}
      <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
        <dt>{labels.totalInclTax}</dt>
        <dd data-testid={money ? 'total' : undefined}>
          {money ? money(quote.totalInclTaxMinor ?? quote.totalMinor) : labels.pricing}
        </dd>
      </div>
    </dl>
  );
}
