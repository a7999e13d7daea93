'use client';

import { create } from 'zustand';
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, type CurrencyCode, currencyFor } from '@/lib/currency';
import type { Locale } from '@/lib/locales';

export type CurrencyRate = { type: string; rate: number; digits?: number };

/** The shared persisted store of docs/product/entities.md#browser-storage. */
export type SiteState = {
  userAccount: string | null;
  username: string | null;
  /** Only the CSRF token the API requires on state-changing calls; the session itself is an HttpOnly cookie (docs/design.md#security-defaults). */
  token: string | null;
  currencyData: CurrencyRate[];
  currency: CurrencyRate | null;
  /** When the currency list was last fetched (ms). */
  openDate: number | null;
  language: Locale | null;
};

type SiteActions = {
  setCurrencyList: (list: CurrencyRate[], now: number) => void;
  /** Applies the page's language; the currency follows the language default unless the visitor chose one (docs/product/states.md#currency). */
  applyLanguage: (locale: Locale) => void;
  setAccount: (account: { userAccount: string; username: string; token: string }) => void;
  clearAccount: () => void;
};

export const USER_ACCOUNT_KEY = 'user-account';
export const USER_SETTING_KEY = 'user-setting';
export const IS_SET_CURRENCY_KEY = 'isSetCurrency';

const ACCOUNT_FIELDS = ['userAccount', 'username', 'token', 'currencyData', 'currency', 'openDate'] as const;
const SETTING_FIELDS = ['language', 'currencyData', 'currency'] as const;

function pick(state: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((f) => f in state).map((f) => [f, state[f]]));
}

function parse(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function isCurrencyExplicit(): boolean {
  return typeof window !== 'undefined' && window.localStorage.getItem(IS_SET_CURRENCY_KEY) === 'true';
}

function explicitCurrency(): string | null {
  if (!isCurrencyExplicit()) return null;
  const stored = parse(window.localStorage.getItem(USER_SETTING_KEY)).currency as CurrencyRate | undefined;
  return stored?.type ?? null;
}

function rateOf(list: CurrencyRate[], code: CurrencyCode): CurrencyRate {
  return list.find((c) => c.type === code) ?? { type: code, rate: code === 'USD' ? 1 : 0 };
}

export const useSiteStore = create<SiteState & SiteActions>()((set, get) => ({
  userAccount: null,
  username: null,
  token: null,
  currencyData: [],
  currency: null,
  openDate: null,
  language: null,
  setCurrencyList: (list, now) => {
    const code = (get().currency?.type ?? 'USD') as CurrencyCode;
    set({ currencyData: list, openDate: now, currency: rateOf(list, code) });
  },
  applyLanguage: (locale) => {
    const code = currencyFor(locale, { isSetCurrency: isCurrencyExplicit(), currency: explicitCurrency() });
    set({ language: locale, currency: rateOf(get().currencyData, code) });
  },
  setAccount: (account) => set(account),
  clearAccount: () => set({ userAccount: null, username: null, token: null }),
}));

let persisting = false;

/**
 * Browser storage (docs/product/entities.md#browser-storage): session storage `user-account` holds userAccount,
 * username, token, currencyData, currency, openDate; local storage `user-setting` holds language, currencyData,
 * currency. The shell calls this once the first frame is on screen (decision 016); from then on every change is written
 * back to both keys. (A few lines instead of zustand's persist
 * middleware, which weighed on every page's first load: docs/decisions/016-first-paint-before-storage.md.)
 */
export function rehydrateSiteStore(): void {
  const setting = parse(window.localStorage.getItem(USER_SETTING_KEY));
  const account = parse(window.sessionStorage.getItem(USER_ACCOUNT_KEY));
  useSiteStore.setState({ ...pick(setting, SETTING_FIELDS), ...pick(account, ACCOUNT_FIELDS) });
  if (persisting) return;
  persisting = true;
  useSiteStore.subscribe((state) => {
    window.sessionStorage.setItem(USER_ACCOUNT_KEY, JSON.stringify(pick(state, ACCOUNT_FIELDS)));
    window.localStorage.setItem(USER_SETTING_KEY, JSON.stringify(pick(state, SETTING_FIELDS)));
  });
}

/**
 * Currency change (docs/product/states.md#currency): stores the choice, marks it explicit, mirrors it in a cookie so server-rendered
 * prices use it (decision 004), then reloads.
 */
export function chooseCurrency(code: CurrencyCode): void {
  const state = useSiteStore.getState();
  useSiteStore.setState({ currency: rateOf(state.currencyData, code) });
  window.localStorage.setItem(IS_SET_CURRENCY_KEY, 'true');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${CURRENCY_COOKIE}=${code}; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
  window.location.reload();
}
