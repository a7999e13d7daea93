import { describe, expect, it } from 'vitest';
import { SITE_PATH_CORPUS } from '../tests/support/site-path-corpus';
import { EnvError, loadEnv, mailNotice, siteUrlNotice } from './env';

describe('configuration (src/env.ts)', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BRAND_NAME).toBe('Cirrus Cloud');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ROOT_REDIRECT).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('trusts a proxy only when told so plainly', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'yes please' })).toThrowError(/TRUST_PROXY/);
  });

  it('fails with a message naming every bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', SITE_URL: 'not a url', ROOT_REDIRECT: 'javascript:alert(1)' })).toThrowError(
      EnvError,
    );
    try {
      loadEnv({ PORT: 'eighty', SITE_URL: 'not a url' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/SITE_URL/);
    }
  });

  it('asks for the CDN token with the purge URL (docs/decisions/073-cdn-purge-by-tag.md)', () => {
    const url = 'https://api.cloudflare.com/client/v4/zones/z/purge_cache';
    expect(() => loadEnv({ CDN_PURGE_URL: url })).toThrowError(/CDN_PURGE_TOKEN/);
    expect(loadEnv({ CDN_PURGE_URL: url, CDN_PURGE_TOKEN: 'token' })).toMatchObject({ CDN_PURGE_URL: url });
    expect(loadEnv({ CDN_PURGE_URL: '', CDN_PURGE_TOKEN: '' }).CDN_PURGE_URL).toBeUndefined();
  });

  it('takes as ROOT_REDIRECT only a path on this site or an http(s) address (docs/decisions/053-site-paths.md)', () => {
    for (const { value, webAddress } of SITE_PATH_CORPUS.refused) {
      if (webAddress) expect(loadEnv({ ROOT_REDIRECT: value }).ROOT_REDIRECT).toBe(value);
      else expect(() => loadEnv({ ROOT_REDIRECT: value }), JSON.stringify(value)).toThrowError(/ROOT_REDIRECT/);
    }
    expect(loadEnv({ ROOT_REDIRECT: '/activity/promotion' }).ROOT_REDIRECT).toBe('/activity/promotion');
    expect(loadEnv({ ROOT_REDIRECT: 'http://promo.cirrus.cloud/' }).ROOT_REDIRECT).toBe('http://promo.cirrus.cloud/');
  });

  it('treats empty optional values as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', SMTP_URL: '  ', ROOT_REDIRECT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ROOT_REDIRECT).toBeUndefined();
  });

  it('without SITE_URL, links point at the port the site listens on', () => {
    expect(loadEnv({}).SITE_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PORT: '3300' }).SITE_URL).toBe('http://localhost:3300');
    expect(loadEnv({ PORT: '3300', SITE_URL: '  ' }).SITE_URL).toBe('http://localhost:3300');
    expect(loadEnv({ PORT: '3300', SITE_URL: 'https://cirrus.example' }).SITE_URL).toBe('https://cirrus.example');
  });

  it('says in the start log which origin the mails use, and where it came from', () => {
    const source = { PORT: '3300' };
    expect(siteUrlNotice(loadEnv(source), source)).toMatch(/mails.*http:\/\/localhost:3300 \(SITE_URL is unset/);
    const configured = { PORT: '3300', SITE_URL: 'https://cirrus.example' };
    expect(siteUrlNotice(loadEnv(configured), configured)).toMatch(/mails.*https:\/\/cirrus\.example \(SITE_URL\)$/);
  });

  it('says in the start log whether mail is sent, and never prints the mail server password', () => {
    expect(mailNotice(loadEnv({}))).toMatch(/^mail: NOT SENT.*SMTP_URL is unset.*outbox/);
    const configured = mailNotice(loadEnv({ SMTP_URL: 'smtp://postmaster:s3cret@mail.example.net:587' }));
    expect(configured).toBe('mail: sent through mail.example.net:587 (SMTP_URL)');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, at start', () => {
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.net' })).toThrow(/SMTP_URL/);
    expect(loadEnv({ SMTP_URL: 'smtps://mail.example.net:465' }).SMTP_URL).toBe('smtps://mail.example.net:465');
  });
});
