'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { renderWhenNearSize } from '@/components/render-when-near';
import { useRouter } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import { type CatalogForConfigurator, deriveConfiguration } from '@/lib/catalog/configurator';
import { regionalPrice } from '@/lib/catalog/pricing-rules';
import type { Locale } from '@/lib/locales';
import type { CurrencyRate } from '@/lib/money';
import { useSiteStore } from '@/stores/site-store';
import { BillingProfileSection } from './configurator/billing-profile';
import {
  BillingSection,
  DiskSection,
  ExtrasSection,
  NetworkSection,
  PlanSection,
  RegionSection,
  type SectionProps,
} from './configurator/sections';
import {
  type PricedQuote,
  useBillingChoice,
  useConfigurationQuery,
  useHeldCoupons,
  useQuote,
} from './configurator/state';
import { OrderSummary } from './configurator/summary';

/**
 * The VPS configurator (docs/product/screens.md). The configuration lives in the URL, so it can be shared (the
 * chat links to `?planId=&regionId=`); every change asks the server for the price (the same code that charges),
 * so the summary is never computed here.
 */
export function VpsConfigurator({
  catalog,
  currency,
  initialQuote,
  displayTax,
}: {
  catalog: CatalogForConfigurator;
  currency: CurrencyRate;
  /** Japanese pages in yen: the consumption tax the labels' prices are shown with (docs/decisions/066-tax.md). */
  displayTax: DisplayTax;
  /** The server's quote of the default configuration, so the first HTML shows the price. */
  initialQuote: PricedQuote | null;
}) {
  const t = useTranslations('buy');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const pathname = usePathname();
  const token = useSiteStore((s) => s.token);
  const { params, value, set } = useConfigurationQuery();
  const billing = useBillingChoice(token, locale);
  const chosen = deriveConfiguration(catalog, value, currency.type, Boolean(token), {
    country: billing.billing.country,
    taxId: billing.committedTaxId,
  });
  const { quote, stale, problems, blocked, showFieldErrors, orderKey } = useQuote(
    JSON.stringify(chosen.config),
    initialQuote,
  );
  const coupons = useHeldCoupons(token, locale);
  const [ordering, setOrdering] = useState(false);
  const formId = useId();

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
        body: {
          ...chosen.config,
          billingTaxId: billing.billing.taxId.trim() || undefined,
          billingCompany: billing.billing.company.trim() || undefined,
          idempotencyKey: orderKey.current,
        },
      });
      // The confirmation is the order's own page: it survives a reload and is where the order is paid.
      router.push(`/orders/${order.number}`);
    } catch (error) {
      if (error instanceof ApiCallError && error.fields) showFieldErrors(error.fields);
      setOrdering(false);
    }
  };

  const section: SectionProps = {
    catalog,
    chosen,
    value,
    set,
    errors: problems.fields,
    // Prices in the labels are the region's, by the same rule the quote charges (docs/decisions/036-pricing-model.md).
    regional: (cents) =>
      consumerUsdCents(regionalPrice(cents, chosen.region?.adjustmentPct ?? 0), currency, locale, displayTax),
    usd: (cents) => consumerUsdCents(cents, currency, locale, displayTax),
  };

  return (
    <div className="grid grid-cols-1 gap-8 desk:grid-cols-[minmax(0,1fr)_340px]">
      {/* The order button beside it is the form's submit button (`form`): clicking it places the order. The form
          may shrink below its widest content (a select as wide as its longest country name) to the screen's width. */}
      <form id={formId} className="min-w-0 space-y-6" onSubmit={(e) => e.preventDefault()} aria-label={t('formLabel')}>
        <RegionSection {...section} />
        <div className="render-when-near grid gap-4 desk:grid-cols-2" style={renderWhenNearSize(84)}>
          <PlanSection {...section} />
          <DiskSection {...section} />
          <NetworkSection {...section} />
          <ExtrasSection {...section} />
          <BillingSection {...section} coupons={token ? coupons : null} />
          <BillingProfileSection
            billing={billing.billing}
            errors={problems.fields}
            onChange={billing.change}
            onTaxIdDone={billing.commitTaxId}
          />
        </div>
      </form>
      <OrderSummary
        quote={quote}
        stale={stale}
        requestFailed={problems.requestFailed}
        blocked={blocked}
        currency={currency}
        signedIn={Boolean(token)}
        ordering={ordering}
        onOrder={placeOrder}
        formId={formId}
      />
    </div>
  );
}
