import { describe, expect, it } from 'vitest';
import { SITE_PATH_CORPUS } from '../../tests/support/site-path-corpus';
import { isSitePath, isWebAddress, ownSitePath } from './site-path';

const SITE = 'https://www.cirrus.cloud';

describe('a path on this site (docs/decisions/053-site-paths.md, tests/fixtures/site-path-corpus.json)', () => {
  it('holds at least thirty known bypasses', () => {
    expect(SITE_PATH_CORPUS.refused.length).toBeGreaterThanOrEqual(30);
  });

  it.each(SITE_PATH_CORPUS.refused.map((e) => [JSON.stringify(e.value), e] as const))('refuses %s', (_, entry) => {
    expect(isSitePath(entry.value), entry.why).toBe(false);
    expect(ownSitePath(entry.value, SITE), entry.why).toBeNull();
  });

  it.each(SITE_PATH_CORPUS.accepted.map((e) => [JSON.stringify(e.value), e] as const))('accepts %s', (_, entry) => {
    expect(isSitePath(entry.value), entry.why).toBe(true);
    // What a browser makes of it stays on the site it is on.
    expect(new URL(entry.value, SITE).origin).toBe(SITE);
  });

  it('refuses what is not text', () => {
    expect(isSitePath(undefined)).toBe(false);
    expect(isSitePath(null)).toBe(false);
    expect(isSitePath(['/about'])).toBe(false);
  });

  it('keeps the path of an absolute address on the site, and nothing elsewhere', () => {
    expect(ownSitePath(`${SITE}/doc/article/api?x=1#top`, SITE)).toBe('/doc/article/api?x=1#top');
    expect(ownSitePath('/doc/article/api', SITE)).toBe('/doc/article/api');
    // The site's own address with a path beginning `//`: as a path, another host.
    expect(ownSitePath(`${SITE}//evil.example`, SITE)).toBeNull();
    expect(ownSitePath(`${SITE}/%2F%2Fevil.example`, SITE)).toBeNull();
    expect(ownSitePath('https://evil.example/doc', SITE)).toBeNull();
    expect(ownSitePath('http://www.cirrus.cloud/doc', SITE)).toBeNull();
    expect(ownSitePath('javascript:alert(1)', SITE)).toBeNull();
  });
});

describe('an address on another site', () => {
  it('is an absolute http(s) address the parser reads as typed', () => {
    expect(isWebAddress('https://status.cirrus.cloud')).toBe(true);
    expect(isWebAddress('https://cdn.example.com/spring.png?v=2')).toBe(true);
    expect(isWebAddress('http://cdn.example.com/a.png')).toBe(false);
    expect(isWebAddress('http://cdn.example.com/a.png', ['http:', 'https:'])).toBe(true);
    for (const value of [
      'https:/evil.example',
      'https:evil.example',
      'https:\\\\evil.example',
      'https://evil.example\\@site',
      'https://evil .example',
      'https://\tevil.example',
      'https://',
      '//evil.example',
      'javascript:alert(1)',
      'ftp://example.com/a',
      'https://e.example/"onmouseover="x',
    ]) {
      expect(isWebAddress(value, ['http:', 'https:']), value).toBe(false);
    }
  });
});
