import { isPopupHidden } from './routes';

/** The pop-up opens this long after load (docs/product/states.md#promotional-pop-up). */
export const POPUP_DELAY_MS = 30_000;

/** Minimum time between two showings (docs/product/states.md#promotional-pop-up). */
export const POPUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Local storage key holding the time the pop-up was last seen, closed or clicked (docs/product/states.md#promotional-pop-up). */
export const ACTIVE_IMG_KEY = 'activeImg';

/** A stored epoch-millisecond timestamp, or undefined for a missing, blank or non-numeric value. */
function parseTimestamp(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const time = Number(value);
  return Number.isFinite(time) ? time : undefined;
}

/**
 * Whether to open the pop-up after POPUP_DELAY_MS (docs/product/states.md#promotional-pop-up). Hidden routes (docs/product/screens.md#route-names) never show and store
 * nothing. With no usable timestamp it does not show (docs/product/states.md#promotional-pop-up) but the caller stores `now`: our documented
 * decision, so a first-time visitor sees the pop-up once 24 h have passed. A timestamp strictly more than
 * 24 h old shows it; a newer one, including one in the future after a clock change, does not.
 */
export function popupDecision(input: { activeImg: string | null; now: number; pathname: string }): {
  show: boolean;
  storeFirstVisit: boolean;
} {
  if (isPopupHidden(input.pathname)) return { show: false, storeFirstVisit: false };
  const last = parseTimestamp(input.activeImg);
  if (last === undefined) return { show: false, storeFirstVisit: true };
  return { show: input.now - last > POPUP_INTERVAL_MS, storeFirstVisit: false };
}
