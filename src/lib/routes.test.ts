import { describe, expect, it } from 'vitest';
import {
  isPopupHidden,
  LOCALES,
  localizedPath,
  PAGE_ROUTES,
  POPUP_HIDDEN_ROUTES,
  routeBaseName,
  routeName,
  splitLocale,
} from './routes';

describe('routeName (docs/product/screens.md#route-names)', () => {
  it.each([
    ['/', 'index___en'],
    ['/zh', 'index___zh'],
    ['/ja/', 'index___ja'],
    ['/about', 'about___en'],
    ['/zh/ac/coupon', 'ac-coupon___zh'],
    ['/ja/activity/pintuan/part-vps/12', 'activity-pintuan-vps-id___ja'],
    ['/activity/pintuan/vps', 'activity-pintuan-vps___en'],
    ['/ja/product/vps-buy', 'product-vps-buy___ja'],
    ['/doc/article/vps', 'doc-article-slug___en'],
    ['/zh/doc/search/%E4%BA%91', 'doc-search-query___zh'],
    ['/zh/welcome-signup', 'welcome-signup___zh'],
  ])('%s is %s', (path, name) => {
    expect(routeName(path)).toBe(name);
  });

  it('has no name for unmatched paths', () => {
    expect(routeName('/nope')).toBeUndefined();
    expect(routeName('/activity/pintuan/part-vps')).toBeUndefined();
  });

  it('gives every route a distinct name', () => {
    const names = PAGE_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('locale prefixes (docs/product/screens.md#languages-and-addresses: English unprefixed)', () => {
  it('splits and joins paths', () => {
    expect(splitLocale('/zh/about')).toEqual({ locale: 'zh', path: '/about' });
    expect(splitLocale('/about')).toEqual({ locale: 'en', path: '/about' });
    expect(splitLocale('/en/about')).toEqual({ locale: 'en', path: '/en/about' });
    expect(localizedPath('en', '/about')).toBe('/about');
    expect(localizedPath('ja', '/')).toBe('/ja');
    expect(localizedPath('zh', '/doc')).toBe('/zh/doc');
  });
});

describe('pop-up hidden routes (docs/product/screens.md#route-names)', () => {
  it.each([
    '/activity/promotion',
    '/zh/ac/coupon',
    '/ja/activity/vps',
    '/activity/pintuan/vps',
    '/zh/activity/pintuan/part-vps/3',
  ])('hides on %s', (path) => expect(isPopupHidden(path)).toBe(true));
  it.each(['/', '/zh', '/product/vps', '/ja/doc/article/pricing'])('shows on %s', (path) =>
    expect(isPopupHidden(path)).toBe(false));

  it('hides on exactly the listed routes, in every language, with or without a trailing slash', () => {
    for (const route of PAGE_ROUTES) {
      const hidden = POPUP_HIDDEN_ROUTES.includes(route.name);
      const path = route.pattern.replace(/:\w+/g, '12');
      for (const locale of LOCALES) {
        for (const url of [localizedPath(locale, path), `${localizedPath(locale, path)}/`]) {
          expect([url, isPopupHidden(url)]).toEqual([url, hidden]);
          expect(routeBaseName(url)).toBe(route.name);
        }
      }
    }
    // An English path with /en in front, a longer path under a hidden one, another language prefix.
    for (const url of ['/en/ac/coupon', '/ac/coupon/extra', '/activity/pintuan/part-vps', '/fr/activity/vps']) {
      expect([url, isPopupHidden(url)]).toEqual([url, false]);
    }
  });
});
