import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/**
 * Locale routing (SPEC §2: English unprefixed, /zh and /ja) and the optional root redirect (SPEC §2).
 * ROOT_REDIRECT is validated at start-up by src/env.ts; the proxy only reads it.
 */
export default function proxy(request: NextRequest) {
  const target = process.env.ROOT_REDIRECT?.trim();
  if (target && request.nextUrl.pathname === '/') {
    return NextResponse.redirect(new URL(target, request.url), 307);
  }
  return intl(request);
}

export const config = {
  // Everything but the API, Next internals and files with an extension.
  matcher: '/((?!api|_next|_vercel|.*\\..*).*)',
};
