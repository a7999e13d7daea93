import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/locales';
import { hasLocalePrefix, mergeVary, varyByVisitor, visitorVary } from '@/server/http/document-vary';

describe('Vary on documents (docs/product/screens.md#languages-and-addresses)', () => {
  it('names the currency cookie everywhere and the language inputs where the path has no prefix', () => {
    expect(visitorVary('/')).toBe('Accept-Language, Cookie');
    expect(visitorVary('/product/vps?from=home')).toBe('Accept-Language, Cookie');
    expect(visitorVary('/zh')).toBe('Cookie');
    expect(visitorVary('/ja/doc/article/pricing')).toBe('Cookie');
    // `/zhong` is an unprefixed path, not Chinese.
    expect(visitorVary('/zhong')).toBe('Accept-Language, Cookie');
    for (const url of ['/api/cvm/user/getFlow', '/_next/static/chunks/a.js', '/robots.txt', '/favicon.ico']) {
      expect(visitorVary(url)).toBeNull();
    }
  });

  it('knows every language prefix of the site, and only those', () => {
    // The server's plain-JavaScript copy of the language list (src/lib/locales.ts), tied to it here.
    for (const locale of LOCALES) {
      expect(hasLocalePrefix(`/${locale}`)).toBe(locale !== DEFAULT_LOCALE);
      expect(hasLocalePrefix(`/${locale}/product/vps`)).toBe(locale !== DEFAULT_LOCALE);
    }
  });

  it('adds to what Next set, once', () => {
    expect(mergeVary('rsc, next-router-state-tree', 'Accept-Language, Cookie')).toBe(
      'rsc, next-router-state-tree, Accept-Language, Cookie',
    );
    expect(mergeVary('', 'Cookie')).toBe('Cookie');
    expect(mergeVary('accept-language, cookie', 'Accept-Language, Cookie')).toBe('accept-language, cookie');
  });

  describe('on a real answer', () => {
    let port = 0;
    const server = createServer((req, res) => {
      varyByVisitor(req, res);
      // As Next does: its own Vary set after the proxy ran, the head written implicitly by end().
      res.setHeader('Vary', 'rsc, Accept-Encoding');
      res.end('<html></html>');
    });
    beforeAll(
      () =>
        new Promise<void>((resolve) =>
          server.listen(0, '127.0.0.1', () => {
            port = (server.address() as AddressInfo).port;
            resolve();
          }),
        ),
    );
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const varyOf = (path: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path }, (res) => {
          res.resume();
          resolve(res.headers.vary);
        })
          .on('error', reject)
          .end();
      });

    it('keeps Next’s names and adds the visitor’s', async () => {
      expect(await varyOf('/product/vps')).toBe('rsc, Accept-Encoding, Accept-Language, Cookie');
      expect(await varyOf('/ja/product/vps')).toBe('rsc, Accept-Encoding, Cookie');
      expect(await varyOf('/_next/static/chunks/a.js')).toBe('rsc, Accept-Encoding');
    });
  });
});
