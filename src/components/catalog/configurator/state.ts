'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiCallError, apiCall } from '@/lib/api-client';
import type { BillingProfile } from '@/lib/billing/profile';
import { DEFAULT_BILLING_COUNTRY } from '@/lib/billing/tax';
import type { ConfiguratorKey, ConfiguratorQuote } from '@/lib/catalog/configurator';
import type { HeldCouponChoice } from '@/lib/coupons';
import type { Locale } from '@/lib/locales';

/**
 * The page's query string as state. Not `useSearchParams`: on a prerendered page that hook renders nothing on
 * the server for its whole subtree, and the configurator then appearing pushed the footer down (a layout shift,
 * docs/decisions/016-first-paint-before-storage.md). The server and the first render use the defaults; the query is read once mounted and
 * every change is written back with the History API (only the query changes, no request).
 */
export function useConfigurationQuery() {
  const [params, setParams] = useState(() => new URLSearchParams());
  useEffect(() => {
    const read = () => setParams(new URLSearchParams(window.location.search));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  const value = useCallback((key: ConfiguratorKey) => params.get(key) ?? '', [params]);
  /** Sets the given keys; an empty value removes its key, so the address stays short and shareable. */
  const set = (changes: Partial<Record<ConfiguratorKey, string>>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${next.toString()}`);
    setParams(next);
  };
  return { params, value, set };
}

export type PricedQuote = { configJson: string; quote: ConfiguratorQuote };

/**
 * What the server said about the configuration: the field errors of a refused quote or order, and whether the
 * last quote could not be asked at all (the network or the server failed, nothing to show next to a field).
 */
export type ServerProblems = { fields: Record<string, string>; requestFailed: boolean };
const NO_PROBLEMS: ServerProblems = { fields: {}, requestFailed: false };

/**
 * The server's price of the configuration, asked again on every change (the same code that charges prices it,
 * docs/decisions/036-pricing-model.md). A quote is kept with the configuration it prices: while the next one is
 * on its way the summary shows that it is out of date instead of a price for a configuration no longer chosen
 * (a plan picked from the address is priced after mount, the default's price came with the page).
 */
export function useQuote(configJson: string, initialQuote: PricedQuote | null) {
  const [priced, setPriced] = useState<PricedQuote | null>(initialQuote);
  const quotedOnServer = useRef(initialQuote?.configJson);
  const [problems, setProblems] = useState<ServerProblems>(NO_PROBLEMS);
  // A new configuration is a new order attempt: the key makes a retried order the same order.
  const orderKey = useRef('');

  useEffect(() => {
    orderKey.current = crypto.randomUUID();
    // The default configuration was priced with the page; only a change asks again.
    if (configJson === quotedOnServer.current) return;
    quotedOnServer.current = undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiCall<ConfiguratorQuote>('/product/cvm/quote', {
        body: JSON.parse(configJson),
        silent: true,
        signal: controller.signal,
      })
        .then((quote) => {
          if (controller.signal.aborted) return;
          setPriced({ configJson, quote });
          setProblems(NO_PROBLEMS);
        })
        .catch((error) => {
          if (controller.signal.aborted) return;
          const fields = error instanceof ApiCallError ? error.fields : undefined;
          setProblems(fields ? { fields, requestFailed: false } : { fields: {}, requestFailed: true });
          // Only the coupon is refused (its minimum not met, say): the price without it is still the price, so the
          // summary shows it beside the reason instead of "calculating" for ever.
          const { userCouponId, ...withoutCoupon } = JSON.parse(configJson) as Record<string, unknown>;
          if (fields && userCouponId !== undefined && Object.keys(fields).join() === 'userCouponId') {
            setPriced(null);
            apiCall<ConfiguratorQuote>('/product/cvm/quote', {
              body: withoutCoupon,
              silent: true,
              signal: controller.signal,
            })
              .then((quote) => {
                if (!controller.signal.aborted) setPriced({ configJson, quote });
              })
              .catch(() => undefined);
            return;
          }
          setPriced(null);
        });
    }, 0);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [configJson]);

  const quote = priced?.configJson === configJson ? priced.quote : null;
  return {
    quote,
    /** The last quote, of another configuration: its shape is shown, its amounts withheld. */
    stale: priced !== null && quote === null && !problems.requestFailed ? priced.quote : null,
    problems,
    /** Why the order would be refused although there is a price (a coupon refused): an i18n key, shown by the button. */
    blocked: quote !== null ? (Object.values(problems.fields)[0] ?? null) : null,
    /** An order refused field by field shows those errors like a refused quote. */
    showFieldErrors: (fields: Record<string, string>) => setProblems({ fields, requestFailed: false }),
    orderKey,
  };
}

/** The signed-in customer's usable coupons, for the coupon choice. */
export function useHeldCoupons(token: string | null, locale: Locale): HeldCouponChoice[] {
  const [coupons, setCoupons] = useState<HeldCouponChoice[]>([]);
  useEffect(() => {
    if (!token) return;
    apiCall<HeldCouponChoice[]>('/home/coupon-server/mine', {
      method: 'GET',
      query: { language: locale },
      silent: true,
    })
      .then(setCoupons)
      .catch(() => setCoupons([]));
  }, [token, locale]);
  return coupons;
}

/** Who is billed, as the checkout's fields hold it. */
export type BillingChoice = { country: string; company: string; taxId: string };

/**
 * The checkout's billing fields (docs/decisions/066-tax.md): the account's profile once signed in, else the country
 * the language suggests (ja → Japan, zh → Hong Kong, en → none chosen). The tax id is priced when the field is left
 * (`committedTaxId`), not at every key.
 */
export function useBillingChoice(token: string | null, locale: Locale) {
  const [billing, setBilling] = useState<BillingChoice>(() => ({
    country: DEFAULT_BILLING_COUNTRY[locale] ?? '',
    company: '',
    taxId: '',
  }));
  const [committedTaxId, setCommittedTaxId] = useState('');
  // Whether the account keeps a billing country: null until known (signed out, or not answered yet).
  const [kept, setKept] = useState<boolean | null>(null);
  useEffect(() => {
    setKept(null);
    if (!token) return;
    apiCall<BillingProfile>('/account/billing-profile', { method: 'GET', silent: true })
      .then((profile) => {
        setKept(Boolean(profile.billingCountry));
        if (!profile.billingCountry) return;
        setBilling({
          country: profile.billingCountry,
          company: profile.billingCompany ?? '',
          taxId: profile.billingTaxId ?? '',
        });
        setCommittedTaxId(profile.billingTaxId ?? '');
      })
      .catch(() => undefined);
  }, [token]);
  return {
    billing,
    kept,
    committedTaxId,
    change: (changes: Partial<BillingChoice>) => setBilling((current) => ({ ...current, ...changes })),
    commitTaxId: () => setCommittedTaxId(billing.taxId.trim()),
  };
}
