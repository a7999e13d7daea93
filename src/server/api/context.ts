import 'server-only';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, type Locale, parseLocale } from '@/lib/locales';
import type { Database } from '../db/client';

export type AppEnv = {
  Variables: {
    db: Database;
    requestId: string;
    /** Set by requireSession(). */
    user: import('../auth/sessions').SessionUser;
    sessionToken: string;
    csrfToken: string;
  };
};
export type AppContext = Context<AppEnv>;

/** The language of an API answer: the request's own `language` field, else the locale cookie, else Accept-Language. */
export function requestLocale(c: Context, explicit?: unknown): Locale {
  return (
    parseLocale(explicit) ??
    parseLocale(getCookie(c, 'NEXT_LOCALE')) ??
    parseLocale(c.req.header('accept-language')?.split(',')[0]) ??
    DEFAULT_LOCALE
  );
}
