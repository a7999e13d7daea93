import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import proxy from './proxy';

describe('root redirect (docs/product/screens.md#root-redirect)', () => {
  afterEach(() => {
    delete process.env.ROOT_REDIRECT;
  });

  it('redirects / to the configured target', async () => {
    process.env.ROOT_REDIRECT = '/activity/promotion';
    const response = await proxy(new NextRequest('http://localhost:3000/'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/activity/promotion');
  });

  it('leaves other paths and the language roots alone', async () => {
    process.env.ROOT_REDIRECT = 'https://promo.cirrus.cloud/';
    const zh = await proxy(new NextRequest('http://localhost:3000/zh'));
    expect(zh.headers.get('location')).toBeNull();
    const about = await proxy(new NextRequest('http://localhost:3000/about'));
    expect(about.headers.get('location')).toBeNull();
  });

  it('serves the home page when no target is configured', async () => {
    const response = await proxy(
      new NextRequest('http://localhost:3000/', { headers: { 'accept-language': 'en-US' } }),
    );
    expect(response.headers.get('location')).toBeNull();
    // The unprefixed English path is served by its [locale]/[currency] route.
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/en/usd');
  });
});

describe('display currency segment (docs/product/states.md#currency, decision 004)', () => {
  const rewriteOf = async (url: string, cookie?: string) =>
    (await proxy(new NextRequest(url, { headers: cookie ? { cookie } : {} }))).headers.get('x-middleware-rewrite');

  it('uses the language default without an explicit choice', async () => {
    expect(await rewriteOf('http://localhost:3000/about')).toBe('http://localhost:3000/en/usd/about');
    expect(await rewriteOf('http://localhost:3000/zh/about')).toBe('http://localhost:3000/zh/hkd/about');
    expect(await rewriteOf('http://localhost:3000/ja/doc/article/vps')).toBe(
      'http://localhost:3000/ja/jpy/doc/article/vps',
    );
  });

  it('keeps escapes of the request path, so a search for "100%" is not decoded into an unparsable path', async () => {
    expect(await rewriteOf('http://localhost:3000/doc/search/100%25')).toBe(
      'http://localhost:3000/en/usd/doc/search/100%25',
    );
    expect(await rewriteOf('http://localhost:3000/zh/doc/search/%E5%AE%BD%25')).toBe(
      'http://localhost:3000/zh/hkd/doc/search/%E5%AE%BD%25',
    );
    expect(await rewriteOf('http://localhost:3000/ja')).toBe('http://localhost:3000/ja/jpy');
  });

  it('keeps escapes in language redirects too', async () => {
    const locationOf = async (url: string, cookie?: string) =>
      (await proxy(new NextRequest(url, { headers: cookie ? { cookie } : {} }))).headers.get('location');
    expect(await locationOf('http://localhost:3000/doc/search/100%25?x=1', 'NEXT_LOCALE=zh')).toMatch(
      /^(http:\/\/localhost:3000)?\/zh\/doc\/search\/100%25\?x=1$/,
    );
    expect(await locationOf('http://localhost:3000/en/doc/search/%2525')).toMatch(
      /^(http:\/\/localhost:3000)?\/doc\/search\/%2525$/,
    );
    expect(await locationOf('http://localhost:3000/en')).toMatch(/^(http:\/\/localhost:3000)?\/$/);
  });

  it('never writes a language redirect a browser follows to another host (docs/decisions/053-site-paths.md)', async () => {
    for (const path of [
      '/en//evil.example',
      '/en/.//evil.example',
      '/en/%2F%2Fevil.example',
      '/en//evil.example?x=1',
    ]) {
      const location = (await proxy(new NextRequest(`http://localhost:3000${path}`))).headers.get('location');
      expect(location, path).not.toBeNull();
      expect(new URL(location ?? '', 'http://localhost:3000/').origin, `${path} -> ${location}`).toBe(
        'http://localhost:3000',
      );
    }
  });

  it('uses the explicit choice from the currency cookie in every language', async () => {
    expect(await rewriteOf('http://localhost:3000/about', 'currency=JPY')).toBe('http://localhost:3000/en/jpy/about');
    expect(await rewriteOf('http://localhost:3000/zh', 'currency=USD')).toBe('http://localhost:3000/zh/usd');
  });

  it('ignores an unknown currency in the cookie', async () => {
    expect(await rewriteOf('http://localhost:3000/ja/about', 'currency=EUR')).toBe(
      'http://localhost:3000/ja/jpy/about',
    );
  });

  it('keeps the query string', async () => {
    expect(await rewriteOf('http://localhost:3000/product/vps-buy?plan=std-1c1g')).toBe(
      'http://localhost:3000/en/usd/product/vps-buy?plan=std-1c1g',
    );
  });
});
