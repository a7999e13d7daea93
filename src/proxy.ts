import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';
import { CURRENCY_COOKIE, currencyFor } from './lib/currency';
import { currencySegment } from './lib/currency-segment';
import { DEFAULT_LOCALE, isLocale, parseLocale } from './lib/locales';
import { localizedPath } from './lib/routes';
import { isSitePath } from './lib/site-path';

const intl = createMiddleware(routing);

/**
 * Locale routing (docs/product/screens.md#root-redirect: English unprefixed, /zh and /ja), the optional root redirect (docs/product/screens.md#root-redirect), and the
 * display currency (docs/product/states.md#currency): the visitor's explicit choice, mirrored in the `currency` cookie, else the
 * language default, inserted as an internal path segment so prerendered pages already carry the right
 * prices (docs/decisions/004-currency-segment.md). ROOT_REDIRECT is validated at start-up by src/env.ts.
 */
export default function proxy(request: NextRequest) {
  const target = process.env.ROOT_REDIRECT?.trim();
  if (target && request.nextUrl.pathname === '/') {
    return NextResponse.redirect(new URL(target, request.url), 307);
  }

  // next-intl writes its redirect and rewrite paths decoded (`%25` becomes `%`), which Next then fails to parse
  // (500 for a search for "100%"), so the segments after the language always come from the request's own,
  // still-encoded path; next-intl only decides the language (no localized pathnames are configured).
  const rest = request.nextUrl.pathname.split('/').slice(1);
  if (isLocale(rest[0])) rest.shift();
  if (rest.at(-1) === '') rest.pop();
  const restPath = `/${rest.join('/')}`;

  const response = intl(request);
  const location = response.headers.get('location');
  if (location) {
    const redirect = new URL(location, request.url);
    const [, head] = redirect.pathname.split('/');
    redirect.pathname = localizedPath(isLocale(head) ? head : DEFAULT_LOCALE, restPath);
    // A request for `/en//host` keeps its empty segment: written as a path, `//host` is another site to the
    // browser, so such a location is written whole (docs/decisions/053-site-paths.md).
    const path = `${redirect.pathname}${redirect.search}`;
    response.headers.set('location', location.startsWith('/') && isSitePath(path) ? path : redirect.href);
    return response;
  }

  const destination = new URL(response.headers.get('x-middleware-rewrite') ?? request.nextUrl.href);
  const [, first = ''] = destination.pathname.split('/');
  const locale = parseLocale(first) ?? DEFAULT_LOCALE;
  const explicit = request.cookies.get(CURRENCY_COOKIE)?.value;
  const currency = currencyFor(locale, { isSetCurrency: explicit !== undefined, currency: explicit?.toUpperCase() });
  destination.pathname = ['', locale, currencySegment(currency), ...rest].join('/');
  response.headers.set('x-middleware-rewrite', destination.href);
  return response;
}

export const config = {
  // Everything but the API, the back office (its own language choice and layout, src/app/admin/layout.tsx), the
  // server's own revalidation route (app/internal-revalidate), Next internals and the files served at the root
  // (public/ and the app's icons, robots and sitemap). A page path may hold a dot (`/doc/search/ubuntu 22.04`,
  // `/doc/announce/detail/1.5`): it is still a page, routed by language like any other, and a 404 in the visitor's
  // language when nothing matches.
  matcher:
    '/((?!api|admin(?:/|$)|_next|_vercel|internal-revalidate|avatars/|favicon.ico|apple-icon.png|robots.txt|sitemap.xml|logo.svg|og-default.png).*)',
};
