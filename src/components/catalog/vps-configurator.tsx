'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { renderWhenNearSize } from '@/components/render-when-near';
import { useRouter } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';
import { ApiCallError, apiCall } from '@/lib/api-client';
import {
  type CatalogForConfigurator,
  type ConfiguratorKey,
  type ConfiguratorQuote,
  deriveConfiguration,
} from '@/lib/catalog/configurator';
import { regionalPrice } from '@/lib/catalog/pricing-rules';
import { BILLING_MONTHS, MAX_QUANTITY } from '@/lib/catalog/vps-limits';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatHourlyMicroUsd, formatMoney, formatUsdCents } from '@/lib/money';
import { useSiteStore } from '@/stores/site-store';

type Quote = ConfiguratorQuote;
type QuoteLine = Quote['lines'][number];
type HeldCoupon = { userCouponId: number; name: string };

const SELECT = 'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm';

/**
 * The page's query string as state. Not `useSearchParams`: on a prerendered page that hook renders nothing on the
 * server for its whole subtree, and the configurator then appearing pushed the footer down, a layout shift
 * (docs/decisions/016-first-paint-before-storage.md). The server and the first render use the defaults; the query is
 * read once mounted and every change is written back with the History API (only the query changes, no request).
 */
function useLocationQuery(): [URLSearchParams, (next: URLSearchParams) => void] {
  const [query, setQuery] = useState(() => new URLSearchParams());
  useEffect(() => {
    const read = () => setQuery(new URLSearchParams(window.location.search));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  const replace = useCallback((next: URLSearchParams) => {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${next.toString()}`);
    setQuery(new URLSearchParams(next));
  }, []);
  return [query, replace];
}

/**
 * The VPS configurator (issue 5). The configuration lives in the URL, so it can be shared; every change
 * asks the server for the price (the same code that charges), so the summary is never computed here.
 */
export function VpsConfigurator({
  catalog,
  currency,
  initialQuote,
}: {
  catalog: CatalogForConfigurator;
  currency: CurrencyRate;
  /** The server's quote of the default configuration, so the first HTML shows the price (issue 9). */
  initialQuote: { configJson: string; quote: Quote } | null;
}) {
  const t = useTranslations('buy');
  const tr = useTranslations();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const pathname = usePathname();
  const [params, setParams] = useLocationQuery();
  const token = useSiteStore((s) => s.token);

  const value = useCallback((key: ConfiguratorKey) => params.get(key) ?? '', [params]);
  const set = (changes: Partial<Record<ConfiguratorKey, string>>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  const {
    quickSet,
    regionId,
    regionPlans,
    planId,
    plan,
    families,
    imageId,
    bands,
    disk,
    diskGb,
    bandwidthTierId,
    months,
    billing,
    region,
    quantity,
    config,
  } = deriveConfiguration(catalog, value, currency.type, Boolean(token));
  // Prices in the labels are the region's, by the same rule the quote charges (docs/decisions/036-pricing-model.md).
  const regional = (cents: number) =>
    formatUsdCents(regionalPrice(cents, region?.adjustmentPct ?? 0), currency, locale);

  // A quote is kept with the configuration it prices: while the next one is on its way the summary shows
  // that it is out of date instead of a price for a configuration no longer chosen (a plan picked from the
  // address is priced after mount, the default's price came with the page).
  const [priced, setPriced] = useState<{ configJson: string; quote: Quote } | null>(initialQuote);
  const quotedOnServer = useRef(initialQuote?.configJson);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [coupons, setCoupons] = useState<HeldCoupon[]>([]);
  const [ordering, setOrdering] = useState(false);
  const orderKey = useRef<string>('');
  const configJson = JSON.stringify(config);
  const quote = priced?.configJson === configJson ? priced.quote : null;
  const repricing = priced !== null && quote === null && !fields._;

  useEffect(() => {
    // A new configuration is a new order attempt.
    orderKey.current = crypto.randomUUID();
    // The default configuration was priced with the page; only a change asks again.
    if (configJson === quotedOnServer.current) return;
    quotedOnServer.current = undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiCall<Quote>('/product/cvm/quote', { body: JSON.parse(configJson), silent: true, signal: controller.signal })
        .then((q) => {
          if (controller.signal.aborted) return;
          setPriced({ configJson, quote: q });
          setFields({});
        })
        .catch((error) => {
          if (controller.signal.aborted) return;
          setPriced(null);
          setFields(error instanceof ApiCallError && error.fields ? error.fields : { _: 'api.requestFailed' });
        });
    }, 0);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [configJson]);

  useEffect(() => {
    if (!token) return;
    apiCall<HeldCoupon[]>('/home/coupon-server/mine', { method: 'GET', query: { language: locale }, silent: true })
      .then(setCoupons)
      .catch(() => setCoupons([]));
  }, [token, locale]);

  const placeOrder = async () => {
    if (!token) {
      const next = new URLSearchParams(params.toString());
      next.set('ope', 'login');
      router.replace({ pathname, query: Object.fromEntries(next) }, { scroll: false });
      return;
    }
    setOrdering(true);
    try {
      const order = await apiCall<{ number: string }>('/home/coupon-server/order/create', {
        body: { ...config, idempotencyKey: orderKey.current },
      });
      // The confirmation is the order's own page: it survives a reload and is where the order is paid.
      router.push(`/orders/${order.number}`);
    } catch (error) {
      if (error instanceof ApiCallError && error.fields) setFields(error.fields);
      setOrdering(false);
    }
  };

  const fieldError = (name: string) =>
    fields[name] ? (
      <p className="mt-1 text-xs text-red-700" role="alert">
        {tr.has(fields[name] as never) ? tr(fields[name] as never) : tr('api.field.invalid')}
      </p>
    ) : null;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const lineLabel = (line: QuoteLine) => {
    const base = line.key.split('.')[0] as
      | 'plan'
      | 'sale'
      | 'pintuan'
      | 'disk'
      | 'bandwidth'
      | 'traffic'
      | 'snapshot'
      | 'licence'
      | 'term';
    return base === 'term' ? t('lines.term', { percent: line.itemId }) : t(`lines.${base}`);
  };
  const summaryLabels = { discount: t('discount'), total: t('total'), pricing: t('pricing') };
  const hourlyNote =
    quote?.hourly && quote.billing === 'hourly'
      ? t('hourlyNote', {
          rate: formatHourlyMicroUsd(quote.hourly.rateMicroUsd, currency, locale),
          cap: money(quote.hourly.capMinor),
        })
      : null;

  return (
    <div className="grid gap-8 desk:grid-cols-[1fr_340px]">
      <form className="space-y-6" onSubmit={(e) => e.preventDefault()} aria-label={t('formLabel')}>
        <fieldset className="rounded-lg border border-line p-4">
          <legend className="px-1 font-semibold">{t('region')}</legend>
          <div className="mt-2 grid gap-2 min-[500px]:grid-cols-2 desk:grid-cols-4">
            {catalog.regions.map((r) => (
              <label
                key={r.id}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${r.id === regionId ? 'border-brand-500 bg-brand-50' : 'border-line'}`}
              >
                <input
                  type="radio"
                  name="regionId"
                  value={r.id}
                  checked={r.id === regionId}
                  onChange={() => set({ regionId: r.id })}
                />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="render-when-near grid gap-4 desk:grid-cols-2" style={renderWhenNearSize(56)}>
          <label className="block text-sm desk:col-span-2">
            {t('quickSet')}
            <select
              className={SELECT}
              value={quickSet?.id ?? ''}
              onChange={(e) =>
                set({
                  quickSetId: e.target.value,
                  planId: '',
                  imageId: '',
                  diskId: '',
                  diskGb: '',
                  bandwidthTierId: '',
                })
              }
              name="quickSetId"
            >
              <option value="">{t('custom')}</option>
              {catalog.quickSets.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('plan')}
            <select
              className={SELECT}
              value={planId}
              onChange={(e) => set({ planId: e.target.value, quickSetId: '' })}
              name="planId"
            >
              {regionPlans.map((p) => (
                <option key={p.id} value={p.id}>
                  {/* Plan names usually begin with their line's name ("Standard 1 vCPU / 1 GB"): said once. */}
                  {`${p.name.startsWith(p.lineName) ? '' : `${p.lineName} · `}${p.name} · ${p.monthlyByRegion[regionId] === undefined ? regional(p.listPriceCents) : formatUsdCents(p.monthlyByRegion[regionId], currency, locale)}`}
                </option>
              ))}
            </select>
            {fieldError('planId')}
          </label>
          <label className="block text-sm">
            {t('image')}
            <select
              className={SELECT}
              value={imageId}
              onChange={(e) => set({ imageId: e.target.value })}
              name="imageId"
            >
              {families.map((f) => (
                <optgroup key={f.family} label={f.family}>
                  {f.images.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {fieldError('imageId')}
          </label>
          <label className="block text-sm">
            {t('dataDisk')}
            <select
              className={SELECT}
              value={disk?.id ?? ''}
              onChange={(e) => set({ diskId: e.target.value, diskGb: '' })}
              name="diskId"
            >
              <option value="">{t('none')}</option>
              {catalog.disks.map((d) => (
                <option
                  key={d.id}
                  value={d.id}
                >{`${d.name} · ${formatUsdCents(d.pricePerGbCents, currency, locale)}/GB`}</option>
              ))}
            </select>
          </label>
          {disk ? (
            <label className="block text-sm">
              {t('diskSize', { min: disk.minGb, max: disk.maxGb, step: disk.stepGb })}
              <input
                type="number"
                className={SELECT}
                min={disk.minGb}
                max={disk.maxGb}
                step={disk.stepGb}
                value={diskGb || disk.minGb}
                onChange={(e) => set({ diskGb: e.target.value })}
                name="diskGb"
              />
              {fieldError('dataDisks.0.sizeGb')}
            </label>
          ) : null}
          <label className="block text-sm">
            {t('bandwidth')}
            <select
              className={SELECT}
              value={bandwidthTierId}
              onChange={(e) => set({ bandwidthTierId: e.target.value })}
              name="bandwidthTierId"
            >
              <option value="">{plan ? t('included', { mbps: plan.bandwidthMbps }) : t('none')}</option>
              {bands
                .filter((b) => !plan || b.mbps > plan.bandwidthMbps)
                .map((b) => (
                  <option key={b.id} value={b.id}>{`${b.mbps} Mbps · ${regional(b.monthlyPriceCents)}`}</option>
                ))}
            </select>
            {fieldError('bandwidthTierId')}
          </label>
          <label className="block text-sm">
            {t('traffic')}
            <select
              className={SELECT}
              value={value('trafficPackageId')}
              onChange={(e) => set({ trafficPackageId: e.target.value })}
              name="trafficPackageId"
            >
              <option value="">{t('none')}</option>
              {catalog.traffic.map((p) => (
                <option
                  key={p.id}
                  value={p.id}
                >{`${p.gb >= 1000 ? `${p.gb / 1000} TB` : `${p.gb} GB`} · ${regional(p.monthlyPriceCents)}`}</option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('securityGroup')}
            <select
              className={SELECT}
              value={value('securityGroupId')}
              onChange={(e) => set({ securityGroupId: e.target.value })}
              name="securityGroupId"
            >
              <option value="">{t('defaultGroup')}</option>
              {catalog.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('snapshot')}
            <select
              className={SELECT}
              value={value('snapshotPolicyId')}
              onChange={(e) => set({ snapshotPolicyId: e.target.value })}
              name="snapshotPolicyId"
            >
              <option value="">{t('none')}</option>
              {catalog.snapshots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('quantity')}
            <input
              type="number"
              min={1}
              max={MAX_QUANTITY}
              className={SELECT}
              value={quantity}
              onChange={(e) => set({ quantity: e.target.value })}
              name="quantity"
            />
            {fieldError('quantity')}
          </label>
          <label className="block text-sm">
            {t('billing')}
            <select
              className={SELECT}
              value={billing}
              onChange={(e) => set({ billing: e.target.value === 'hourly' ? 'hourly' : '' })}
              name="billing"
            >
              <option value="term">{t('billingTerm')}</option>
              {/* Dedicated servers are billed by term only. */}
              <option value="hourly" disabled={!plan?.hourlyBilling}>
                {t('billingHourly')}
              </option>
            </select>
            {fieldError('billing')}
          </label>
          {billing === 'term' ? (
            <label className="block text-sm">
              {t('period')}
              <select
                className={SELECT}
                value={String(months)}
                onChange={(e) => set({ months: e.target.value })}
                name="months"
              >
                {BILLING_MONTHS.map((m) => {
                  const percent = catalog.terms.find((d) => d.months === m)?.percentOff ?? 0;
                  return (
                    <option key={m} value={m}>
                      {percent > 0 ? t('monthsSave', { count: m, percent }) : t('months', { count: m })}
                    </option>
                  );
                })}
              </select>
            </label>
          ) : null}
          {token ? (
            <label className="block text-sm">
              {t('coupon')}
              <select
                className={SELECT}
                value={value('coupon')}
                onChange={(e) => set({ coupon: e.target.value })}
                name="coupon"
              >
                <option value="">{coupons.length ? t('noCoupon') : t('noCoupons')}</option>
                {coupons.map((c) => (
                  <option key={c.userCouponId} value={c.userCouponId}>
                    {c.name}
                  </option>
                ))}
              </select>
              {fieldError('userCouponId')}
            </label>
          ) : null}
        </div>
      </form>

      <aside
        aria-labelledby="summary-title"
        className="render-when-near h-fit rounded-xl border border-line bg-surface p-5 desk:sticky desk:top-24"
        style={renderWhenNearSize(16)}
      >
        <h2 id="summary-title" className="text-lg font-semibold">
          {t('summary')}
        </h2>
        <div aria-live="polite" aria-busy={repricing} data-testid="price-summary">
          {quote ? (
            <PriceBreakdown quote={quote} money={money} lineLabel={lineLabel} labels={summaryLabels} />
          ) : repricing && priced ? (
            // The previous breakdown's shape, its amounts withheld: nothing moves when the new one lands.
            <PriceBreakdown quote={priced.quote} money={null} lineLabel={lineLabel} labels={summaryLabels} />
          ) : (
            <p className="mt-3 text-sm text-muted">{fields._ ? tr('api.requestFailed') : t('pricing')}</p>
          )}
          {hourlyNote ? (
            <p className="mt-3 text-sm text-muted" data-testid="hourly-note">
              {hourlyNote}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={placeOrder}
          disabled={ordering || !quote}
          className="mt-5 w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {token ? t('order') : t('loginToOrder')}
        </button>
      </aside>
    </div>
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
  quote: Quote;
  money: ((minor: number) => string) | null;
  lineLabel: (line: QuoteLine) => string;
  labels: { discount: string; total: string; pricing: string };
}) {
  const amount = (minor: number) => (money ? money(minor) : '…');
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
      <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
        <dt>{labels.total}</dt>
        <dd data-testid={money ? 'total' : undefined}>{money ? money(quote.totalMinor) : labels.pricing}</dd>
      </div>
    </dl>
  );
}
