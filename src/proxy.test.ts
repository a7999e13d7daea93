import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import proxy from './proxy';

describe('root redirect (SPEC §2)', () => {
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
    // next-intl rewrites the unprefixed English path to its [locale] route.
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/en');
  });
});
