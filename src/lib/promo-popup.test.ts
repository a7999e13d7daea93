import { describe, expect, it } from 'vitest';
import { ACTIVE_IMG_KEY, POPUP_DELAY_MS, POPUP_INTERVAL_MS, popupDecision } from './promo-popup';

const now = Date.UTC(2025, 5, 1, 8);
const at = (msAgo: number) => String(now - msAgo);

describe('pop-up constants (docs/product/states.md#promotional-pop-up)', () => {
  it('waits 30 s and repeats after 24 h under activeImg', () => {
    expect(POPUP_DELAY_MS).toBe(30_000);
    expect(POPUP_INTERVAL_MS).toBe(86_400_000);
    expect(ACTIVE_IMG_KEY).toBe('activeImg');
  });
});

describe('popupDecision (docs/product/states.md#promotional-pop-up)', () => {
  it('stores the first visit without showing', () => {
    expect(popupDecision({ activeImg: null, now, pathname: '/' })).toEqual({ show: false, storeFirstVisit: true });
    expect(popupDecision({ activeImg: null, now, pathname: '/zh/about' })).toEqual({
      show: false,
      storeFirstVisit: true,
    });
  });

  it.each(['', '   ', 'abc', 'NaN', 'Infinity', '12abc'])('treats unparsable %j like no timestamp', (activeImg) => {
    expect(popupDecision({ activeImg, now, pathname: '/' })).toEqual({ show: false, storeFirstVisit: true });
  });

  it('shows only when the timestamp is strictly more than 24 h old', () => {
    const decide = (activeImg: string) => popupDecision({ activeImg, now, pathname: '/product/vps' });
    expect(decide(at(0))).toEqual({ show: false, storeFirstVisit: false });
    expect(decide(at(POPUP_INTERVAL_MS - 1))).toEqual({ show: false, storeFirstVisit: false });
    expect(decide(at(POPUP_INTERVAL_MS))).toEqual({ show: false, storeFirstVisit: false });
    expect(decide(at(POPUP_INTERVAL_MS + 1))).toEqual({ show: true, storeFirstVisit: false });
    expect(decide(at(7 * POPUP_INTERVAL_MS))).toEqual({ show: true, storeFirstVisit: false });
  });

  it('does not show for a timestamp in the future', () => {
    expect(popupDecision({ activeImg: at(-60_000), now, pathname: '/' })).toEqual({
      show: false,
      storeFirstVisit: false,
    });
  });

  it.each([
    '/activity/promotion',
    '/activity/promotion/',
    '/zh/activity/vps',
    '/ja/activity/pintuan/vps',
    '/activity/pintuan/part-vps/12',
    '/ja/ac/coupon',
  ])('never shows or stores on hidden route %s', (pathname) => {
    expect(popupDecision({ activeImg: at(POPUP_INTERVAL_MS + 1), now, pathname })).toEqual({
      show: false,
      storeFirstVisit: false,
    });
    expect(popupDecision({ activeImg: null, now, pathname })).toEqual({ show: false, storeFirstVisit: false });
  });

  it('treats unmatched paths as ordinary pages', () => {
    expect(popupDecision({ activeImg: at(POPUP_INTERVAL_MS + 1), now, pathname: '/nope' }).show).toBe(true);
  });
});
