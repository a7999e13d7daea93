/** Stored once the visitor confirms the cookie panel; its presence hides the panel (docs/product/states.md#cookie-consent). */
export const COOKIE_CONFIRM_KEY = 'cookieConfirm';

/** Consent categories (docs/product/states.md#cookie-consent): 1 necessary (always on, locked), 2 analytics, 3 advertising. */
export type ConsentCategory = 1 | 2 | 3;

/** Storage key of one category's toggle, `cookieSelect1` to `cookieSelect3` (docs/product/constants.md#storage-keys-and-cookies). */
export function cookieSelectKey(category: ConsentCategory): string {
  return `cookieSelect${category}`;
}

// docs/product/states.md#cookie-consent stores toggles inverted: '0' means on, '1' means off.
const ON = '0';
const OFF = '1';

/** A confirmed choice; category 1 cannot be switched off from the panel (docs/product/states.md#cookie-consent). */
export type ConsentChoice = { 1: true; 2: boolean; 3: boolean };

/** Reads the panel state; a missing toggle for 2 or 3 counts as off so nothing tracks without a stored yes. */
export function readConsent(get: (key: string) => string | null): { confirmed: boolean; choice: ConsentChoice } {
  const confirmed = get(COOKIE_CONFIRM_KEY) !== null;
  return {
    confirmed,
    choice: { 1: true, 2: get(cookieSelectKey(2)) === ON, 3: get(cookieSelectKey(3)) === ON },
  };
}

/** The four entries to store when the visitor confirms the panel (docs/product/states.md#cookie-consent): cookieConfirm then the three toggles. */
export function consentEntries(choice: ConsentChoice): Array<[string, string]> {
  return [
    [COOKIE_CONFIRM_KEY, '1'],
    [cookieSelectKey(1), ON],
    [cookieSelectKey(2), choice[2] ? ON : OFF],
    [cookieSelectKey(3), choice[3] ? ON : OFF],
  ];
}

/** Whether the analytics and advertising tag may run: either tracking category is on (docs/product/screens.md#start-up-work). */
export function trackingAllowed(choice: Pick<ConsentChoice, 2 | 3>): boolean {
  return choice[2] || choice[3];
}

/**
 * The referral cookie (docs/decisions/071-referral-consent.md): the token of the visitor's last referral click,
 * set by the browser only with the advertising category's consent, read by the server at sign-up.
 */
export const REFERRAL_COOKIE = 'affRef';

/** The address parameter of a referral link (`?aff=CODE`), dropped from the address once the click is recorded. */
export const REFERRAL_PARAM = 'aff';

/** Cookie group 1: the login cookies (docs/product/states.md#cookie-consent). */
export const LOGIN_COOKIES = ['username', 'referrerUrl', 'token', 'lastloginname', 'email'] as const;

/** Cookies no cleanup removes: language, redirect flag, next-intl locale and the currency choice (docs/product/states.md#currency). */
export const KEPT_COOKIES = ['language', 'isRedic', 'NEXT_LOCALE', 'currency'] as const;

/** Cookie group 2: analytics and advertising cookies set by the Google and Meta tags (docs/product/screens.md#start-up-work). */
export const TRACKING_COOKIE_PATTERNS: readonly RegExp[] = [
  /^_ga$/,
  /^_ga_.+$/,
  /^_gid$/,
  /^_gat.*$/,
  /^_gcl_.+$/,
  /^_fbp$/,
  /^IDE$/,
  /^test_cookie$/,
];

export function isLoginCookie(name: string): boolean {
  return (LOGIN_COOKIES as readonly string[]).includes(name);
}

export function isTrackingCookie(name: string): boolean {
  return TRACKING_COOKIE_PATTERNS.some((pattern) => pattern.test(name));
}

function isKeptCookie(name: string): boolean {
  return (KEPT_COOKIES as readonly string[]).includes(name);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/**
 * Cookies to delete after the consent choice (docs/product/states.md#cookie-consent): category 1 off deletes group 1 (login cookies); both 2
 * and 3 off deletes group 2 (tracking cookies); 3 off deletes the referral cookie. Only names actually present are returned, in their order.
 */
export function cookiesToDelete(choice: { 1: boolean; 2: boolean; 3: boolean }, cookieNames: string[]): string[] {
  const dropTracking = !choice[2] && !choice[3];
  return unique(
    cookieNames.filter(
      (name) =>
        (!choice[1] && isLoginCookie(name)) ||
        (dropTracking && isTrackingCookie(name)) ||
        // The referral cookie is advertising (docs/decisions/071-referral-consent.md): it goes with category 3.
        (!choice[3] && name === REFERRAL_COOKIE),
    ),
  );
}

/**
 * Cookies removed by a cleanup mode (docs/product/states.md#cleanup-modes): 1 removes the login cookies present (language and isRedic stay);
 * 2 removes every cookie except KEPT_COOKIES; 3 removes nothing.
 */
export function cleanupCookieNames(mode: 1 | 2 | 3, cookieNames: string[]): string[] {
  switch (mode) {
    case 1:
      return unique(cookieNames.filter(isLoginCookie));
    case 2:
      return unique(cookieNames.filter((name) => name !== '' && !isKeptCookie(name)));
    case 3:
      return [];
  }
}

/** Names readable by script. Nameless cookies (a bare `value` part) are skipped: they cannot be addressed to expire. */
export function listCookieNames(doc: { cookie: string }): string[] {
  const names = doc.cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter((name) => name !== '');
  return unique(names);
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/**
 * Domain attributes a cookie for this host may carry: the host itself and each parent down to two labels
 * (`www.shop.example.com` -> `www.shop.example.com`, `.shop.example.com`, `.example.com`). IP addresses and
 * single-label hosts such as localhost only have host-only cookies, so they get no domain variants.
 */
function cookieDomains(hostname: string): string[] {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || isIpAddress(host)) return [];
  const labels = host.split('.');
  if (labels.length < 2) return [];
  const domains = [host];
  for (let i = 1; i <= labels.length - 2; i++) domains.push(`.${labels.slice(i).join('.')}`);
  return domains;
}

/**
 * Expires the named cookies at path / (the default cookie path, docs/product/constants.md#storage-keys-and-cookies): once host-only, then once per domain
 * variant, because a cookie set with `domain=` on this host or a parent is only removed by a write naming it.
 */
export function deleteCookies(names: string[], doc: { cookie: string }, hostname: string): void {
  const domains = cookieDomains(hostname);
  for (const name of unique(names)) {
    if (name === '') continue;
    doc.cookie = `${name}=; Max-Age=0; path=/`;
    for (const domain of domains) doc.cookie = `${name}=; Max-Age=0; path=/; domain=${domain}`;
  }
}
