import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  CURRENCY_REFRESH_MS,
  currencyFor,
  currencyListIsStale,
  DEFAULT_CURRENCY,
  defaultCurrency,
  isCurrencyCode,
} from './currency';

describe('currency codes (docs/product/entities.md#money-and-currencies)', () => {
  it('knows USD, HKD and JPY only', () => {
    expect(CURRENCY_CODES).toEqual(['USD', 'HKD', 'JPY']);
    for (const code of CURRENCY_CODES) expect(isCurrencyCode(code)).toBe(true);
    for (const value of ['usd', 'EUR', '', ' USD', null, undefined, 1, {}]) expect(isCurrencyCode(value)).toBe(false);
  });
});

describe('defaultCurrency (docs/product/states.md#currency)', () => {
  it('maps each language to its currency', () => {
    expect(DEFAULT_CURRENCY).toEqual({ en: 'USD', zh: 'HKD', ja: 'JPY' });
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('zh')).toBe('HKD');
    expect(defaultCurrency('ja')).toBe('JPY');
  });
});

describe('currencyListIsStale (docs/product/states.md#currency)', () => {
  const now = Date.UTC(2025, 0, 2, 12);
  const list = [{ type: 'USD', rate: 1 }];

  it('refreshes every 24 hours', () => {
    expect(CURRENCY_REFRESH_MS).toBe(86_400_000);
  });

  it('is stale when the list is empty or missing', () => {
    expect(currencyListIsStale([], now, now)).toBe(true);
    expect(currencyListIsStale(null, now, now)).toBe(true);
    expect(currencyListIsStale(undefined, now, now)).toBe(true);
  });

  it('is stale when the fetch time is unknown', () => {
    expect(currencyListIsStale(list, null, now)).toBe(true);
    expect(currencyListIsStale(list, undefined, now)).toBe(true);
    expect(currencyListIsStale(list, Number.NaN, now)).toBe(true);
  });

  it('is fresh up to and including exactly 24 h, stale 1 ms later', () => {
    expect(currencyListIsStale(list, now, now)).toBe(false);
    expect(currencyListIsStale(list, now - CURRENCY_REFRESH_MS + 1, now)).toBe(false);
    expect(currencyListIsStale(list, now - CURRENCY_REFRESH_MS, now)).toBe(false);
    expect(currencyListIsStale(list, now - CURRENCY_REFRESH_MS - 1, now)).toBe(true);
  });
});

describe('currencyFor (docs/product/states.md#currency)', () => {
  it('uses the explicit choice when set and valid', () => {
    expect(currencyFor('en', { isSetCurrency: true, currency: 'JPY' })).toBe('JPY');
    expect(currencyFor('ja', { isSetCurrency: true, currency: 'HKD' })).toBe('HKD');
  });

  it('ignores a stored currency that was not chosen explicitly', () => {
    expect(currencyFor('en', { isSetCurrency: false, currency: 'JPY' })).toBe('USD');
    expect(currencyFor('zh', { isSetCurrency: false, currency: 'USD' })).toBe('HKD');
  });

  it('falls back to the language default for an invalid or missing explicit choice', () => {
    expect(currencyFor('ja', { isSetCurrency: true, currency: 'EUR' })).toBe('JPY');
    expect(currencyFor('zh', { isSetCurrency: true, currency: 'usd' })).toBe('HKD');
    expect(currencyFor('en', { isSetCurrency: true, currency: null })).toBe('USD');
    expect(currencyFor('en', { isSetCurrency: true, currency: undefined })).toBe('USD');
  });
});

describe('currency cookie', () => {
  it('is named currency and lasts 365 days', () => {
    expect(CURRENCY_COOKIE).toBe('currency');
    expect(CURRENCY_COOKIE_MAX_AGE).toBe(31_536_000);
  });
});
