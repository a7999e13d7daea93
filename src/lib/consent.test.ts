import { describe, expect, it } from 'vitest';
import {
  COOKIE_CONFIRM_KEY,
  type ConsentChoice,
  cleanupCookieNames,
  consentEntries,
  cookieSelectKey,
  cookiesToDelete,
  deleteCookies,
  isTrackingCookie,
  KEPT_COOKIES,
  LOGIN_COOKIES,
  listCookieNames,
  readConsent,
  trackingAllowed,
} from './consent';

type JarEntry = { name: string; value: string; domain: string | null };

/**
 * A browser-like cookie jar for one host: a host-only cookie (domain null) and a cookie set with `domain=` are
 * distinct, `domain=.x` equals `domain=x`, a domain that does not match the host is rejected, and
 * `Max-Age=0` deletes the entry with the same name and domain.
 */
function cookieJar(hostname: string, initial: JarEntry[] = []) {
  let entries = [...initial];
  const writes: string[] = [];
  const doc = {
    get cookie(): string {
      return entries.map((e) => `${e.name}=${e.value}`).join('; ');
    },
    set cookie(raw: string) {
      writes.push(raw);
      const [pair = '', ...attrs] = raw.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      let domain: string | null = null;
      let expire = false;
      for (const attr of attrs) {
        const [key = '', val = ''] = attr.split('=');
        if (key.toLowerCase() === 'domain') domain = val.replace(/^\./, '').toLowerCase();
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expire = true;
      }
      if (domain !== null && domain !== hostname && !hostname.endsWith(`.${domain}`)) return;
      entries = entries.filter((e) => !(e.name === name && e.domain === domain));
      if (!expire) entries.push({ name, value, domain });
    },
  };
  return { doc, writes, names: () => entries.map((e) => e.name) };
}

const ALL_ON = { 1: true, 2: true, 3: true } as const;

describe('consent keys (docs/product/constants.md#storage-keys-and-cookies)', () => {
  it('uses cookieConfirm and cookieSelect1..3', () => {
    expect(COOKIE_CONFIRM_KEY).toBe('cookieConfirm');
    expect([cookieSelectKey(1), cookieSelectKey(2), cookieSelectKey(3)]).toEqual([
      'cookieSelect1',
      'cookieSelect2',
      'cookieSelect3',
    ]);
  });
});

describe('readConsent (docs/product/states.md#cookie-consent)', () => {
  const reader = (values: Record<string, string>) => (key: string) => values[key] ?? null;

  it('is unconfirmed with tracking off when nothing is stored', () => {
    expect(readConsent(reader({}))).toEqual({ confirmed: false, choice: { 1: true, 2: false, 3: false } });
  });

  it('reads 0 as on and 1 as off', () => {
    const state = readConsent(reader({ cookieConfirm: '1', cookieSelect2: '0', cookieSelect3: '1' }));
    expect(state).toEqual({ confirmed: true, choice: { 1: true, 2: true, 3: false } });
    expect(readConsent(reader({ cookieSelect2: '1', cookieSelect3: '0' })).choice).toEqual({
      1: true,
      2: false,
      3: true,
    });
  });

  it('treats any value other than 0 as off', () => {
    expect(readConsent(reader({ cookieSelect2: 'true', cookieSelect3: '' })).choice).toEqual({
      1: true,
      2: false,
      3: false,
    });
  });

  it('keeps category 1 on even if stored off', () => {
    expect(readConsent(reader({ cookieSelect1: '1' })).choice[1]).toBe(true);
  });

  it('counts any stored cookieConfirm as confirmed', () => {
    expect(readConsent(reader({ cookieConfirm: '' })).confirmed).toBe(true);
  });
});

describe('consentEntries (docs/product/states.md#cookie-consent)', () => {
  it('stores the confirmation and the three toggles', () => {
    expect(consentEntries({ 1: true, 2: true, 3: false })).toEqual([
      ['cookieConfirm', '1'],
      ['cookieSelect1', '0'],
      ['cookieSelect2', '0'],
      ['cookieSelect3', '1'],
    ]);
  });

  it.each<ConsentChoice>([
    { 1: true, 2: false, 3: false },
    { 1: true, 2: true, 3: false },
    { 1: true, 2: false, 3: true },
    { 1: true, 2: true, 3: true },
  ])('round-trips %o through readConsent', (choice) => {
    const stored = new Map(consentEntries(choice));
    expect(readConsent((key) => stored.get(key) ?? null)).toEqual({ confirmed: true, choice });
  });
});

describe('trackingAllowed', () => {
  it('is on when category 2 or 3 is on', () => {
    expect(trackingAllowed({ 2: false, 3: false })).toBe(false);
    expect(trackingAllowed({ 2: true, 3: false })).toBe(true);
    expect(trackingAllowed({ 2: false, 3: true })).toBe(true);
    expect(trackingAllowed({ 2: true, 3: true })).toBe(true);
  });
});

describe('cookie groups', () => {
  it('lists the login and kept cookies of docs/product/states.md#cleanup-modes', () => {
    expect(LOGIN_COOKIES).toEqual(['username', 'referrerUrl', 'token', 'lastloginname', 'email']);
    expect(KEPT_COOKIES).toEqual(['language', 'isRedic', 'NEXT_LOCALE', 'currency']);
  });

  it.each([
    '_ga',
    '_ga_ABC123',
    '_gid',
    '_gat',
    '_gat_UA-1234-1',
    '_gcl_au',
    '_gcl_aw',
    '_fbp',
    'IDE',
    'test_cookie',
  ])('%s is a tracking cookie', (name) => {
    expect(isTrackingCookie(name)).toBe(true);
  });

  it.each([
    '_gax',
    'x_ga',
    '_ga_',
    '_gidx',
    '_gcl_',
    '_fbpx',
    'ide',
    'IDEX',
    'test_cookies',
    'token',
    'language',
  ])('%s is not a tracking cookie', (name) => {
    expect(isTrackingCookie(name)).toBe(false);
  });
});

describe('cookiesToDelete (docs/product/states.md#cookie-consent)', () => {
  const names = ['language', 'token', '_ga', 'username', '_ga_X1', 'session', 'IDE', 'currency', 'email'];
  const login = ['token', 'username', 'email'];
  const tracking = ['_ga', '_ga_X1', 'IDE'];

  it.each([
    [{ 1: true, 2: true, 3: true }, []],
    [{ 1: true, 2: false, 3: true }, []],
    [{ 1: true, 2: true, 3: false }, []],
    [{ 1: true, 2: false, 3: false }, tracking],
    [{ 1: false, 2: true, 3: true }, login],
    [{ 1: false, 2: false, 3: true }, login],
    [{ 1: false, 2: false, 3: false }, ['token', '_ga', 'username', '_ga_X1', 'IDE', 'email']],
  ])('%o deletes %o', (choice, expected) => {
    expect(cookiesToDelete(choice, names)).toEqual(expected);
  });

  it('returns only cookies that exist, once each', () => {
    expect(cookiesToDelete({ 1: false, 2: false, 3: false }, ['token', 'token', 'other'])).toEqual(['token']);
    expect(cookiesToDelete({ 1: false, 2: false, 3: false }, [])).toEqual([]);
  });
});

describe('cleanupCookieNames (docs/product/states.md#cleanup-modes)', () => {
  const names = ['language', 'isRedic', 'NEXT_LOCALE', 'currency', 'token', 'username', '_ga', 'other'];

  it('mode 1 removes the login cookies present and keeps language and isRedic', () => {
    expect(cleanupCookieNames(1, names)).toEqual(['token', 'username']);
    expect(cleanupCookieNames(1, ['language', 'isRedic', '_ga'])).toEqual([]);
    expect(cleanupCookieNames(1, [...LOGIN_COOKIES])).toEqual([...LOGIN_COOKIES]);
  });

  it('mode 2 removes every cookie except the kept ones', () => {
    expect(cleanupCookieNames(2, names)).toEqual(['token', 'username', '_ga', 'other']);
    expect(cleanupCookieNames(2, [...KEPT_COOKIES])).toEqual([]);
  });

  it('mode 3 removes nothing', () => {
    expect(cleanupCookieNames(3, names)).toEqual([]);
  });
});

describe('listCookieNames', () => {
  it('lists each name once and skips nameless parts', () => {
    expect(listCookieNames({ cookie: '' })).toEqual([]);
    expect(listCookieNames({ cookie: 'a=1; b=x=y;c=; a=2; nameless; =v' })).toEqual(['a', 'b', 'c']);
  });
});

describe('deleteCookies', () => {
  it('writes host-only, host-domain and parent-domain expiries', () => {
    const jar = cookieJar('www.example.com');
    deleteCookies(['x'], jar.doc, 'www.example.com');
    expect(jar.writes).toEqual([
      'x=; Max-Age=0; path=/',
      'x=; Max-Age=0; path=/; domain=www.example.com',
      'x=; Max-Age=0; path=/; domain=.example.com',
    ]);
  });

  it('removes cookies set on the host and on every parent domain', () => {
    const host = 'www.shop.example.com';
    const jar = cookieJar(host, [
      { name: 'hostOnly', value: '1', domain: null },
      { name: 'onHost', value: '1', domain: host },
      { name: 'onShop', value: '1', domain: 'shop.example.com' },
      { name: 'onApex', value: '1', domain: 'example.com' },
      { name: 'keep', value: '1', domain: 'example.com' },
    ]);
    deleteCookies(['hostOnly', 'onHost', 'onShop', 'onApex'], jar.doc, host);
    expect(jar.names()).toEqual(['keep']);
    expect(jar.writes).toContain('onApex=; Max-Age=0; path=/; domain=.example.com');
    expect(jar.writes.some((w) => w.endsWith('domain=.com'))).toBe(false);
  });

  it('gives a two-label host only its own domain variant', () => {
    const jar = cookieJar('example.com', [{ name: 'a', value: '1', domain: 'example.com' }]);
    deleteCookies(['a'], jar.doc, 'example.com');
    expect(jar.writes).toEqual(['a=; Max-Age=0; path=/', 'a=; Max-Age=0; path=/; domain=example.com']);
    expect(jar.names()).toEqual([]);
  });

  it.each(['localhost', '127.0.0.1', '[::1]', ''])('writes host-only expiries on %j', (host) => {
    const jar = cookieJar(host, [{ name: 'a', value: '1', domain: null }]);
    deleteCookies(['a'], jar.doc, host);
    expect(jar.writes).toEqual(['a=; Max-Age=0; path=/']);
    expect(jar.names()).toEqual([]);
  });

  it('skips empty names and writes each name once', () => {
    const jar = cookieJar('localhost');
    deleteCookies(['', 'a', 'a'], jar.doc, 'localhost');
    expect(jar.writes).toEqual(['a=; Max-Age=0; path=/']);
  });

  it('deletes what listCookieNames and cookiesToDelete select', () => {
    const jar = cookieJar('example.com', [
      { name: 'token', value: 't', domain: null },
      { name: '_ga', value: 'g', domain: 'example.com' },
      { name: 'language', value: 'en', domain: null },
    ]);
    deleteCookies(cookiesToDelete({ 1: false, 2: false, 3: false }, listCookieNames(jar.doc)), jar.doc, 'example.com');
    expect(jar.names()).toEqual(['language']);
    deleteCookies(cookiesToDelete(ALL_ON, listCookieNames(jar.doc)), jar.doc, 'example.com');
    expect(jar.names()).toEqual(['language']);
  });
});

describe('the referral cookie (docs/decisions/071-referral-consent.md)', () => {
  it('goes when the advertising category is off, whatever the others are', () => {
    expect(cookiesToDelete({ 1: true, 2: true, 3: false }, ['affRef', 'token'])).toEqual(['affRef']);
    expect(cookiesToDelete({ 1: true, 2: false, 3: true }, ['affRef', 'token'])).toEqual([]);
  });
});
