import { describe, expect, it } from 'vitest';
import { browserPath, pathWithinLocale } from './browser-path';

describe('browserPath', () => {
  it.each([
    ['/en/usd/about', '/about'],
    ['/about', '/about'],
    ['/zh/hkd/ac/coupon', '/zh/ac/coupon'],
    ['/zh/ac/coupon', '/zh/ac/coupon'],
    ['/ja/jpy', '/ja'],
    ['/en/usd', '/'],
    ['/', '/'],
  ])('%s -> %s', (input, output) => expect(browserPath(input)).toBe(output));

  it('strips the currency segment inside a locale', () => {
    expect(pathWithinLocale('/usd/doc/article/vps')).toBe('/doc/article/vps');
    expect(pathWithinLocale('/doc')).toBe('/doc');
  });
});
