import { CURRENCY_CODES, type CurrencyCode } from './currency';

/** `USD` <-> `usd`: the internal route segment that carries the display currency (decision 004). */
export function currencySegment(code: CurrencyCode): string {
  return code.toLowerCase();
}

export function parseCurrencySegment(segment: string | undefined): CurrencyCode | undefined {
  const code = segment?.toUpperCase();
  return CURRENCY_CODES.find((c) => c === code);
}
