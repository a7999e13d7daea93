import 'server-only';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import { DEFAULT_LOCALE, type Locale, parseLocale } from '@/lib/locales';
import type { Database } from '../db/client';

export type AppEnv = {
  Variables: {
    db: Database;
    /**
     * Where public catalog and content reads go: the read replica when it holds every change this process heard of
     * and the visitor has not just written, the primary otherwise (src/server/db/replica.ts). Writes, accounts,
     * orders and the back office use `db`.
     */
    readDb: Database;
    /** True for a call that only reads (publicReader(), a quote): a POST that wrote nothing sets no recent-write cookie. */
    readOnly: boolean;
    requestId: string;
    /** Whether the server in front can take visitors: starting, ready or stopping (createApp's `readiness`). */
    readiness: () => Readiness;
    /** Set by requireSession(). */
    user: import('../auth/sessions').SessionUser;
    sessionToken: string;
    csrfToken: string;
    /** Set on /api/metrics by createApp: the token the app was made with, undefined when it has none. */
    metricsToken: string | undefined;
    /** Set by requireStaff() on /api/admin. */
    staff: import('../admin/sessions').SignedInStaff;
    staffSessionId: string;
  };
};
export type AppContext = Context<AppEnv>;

/** The database for a public catalog or content read (AppEnv readDb); marks the call as one that only reads. */
export function publicReader(c: AppContext): Database {
  c.set('readOnly', true);
  return c.get('readDb');
}

/**
 * What the server in front says of itself: `starting` until it can answer every page (its 404 pages in,
 * src/server/http/not-found-pages.ts), `draining` from the moment it began to stop (src/server/http/drain.ts).
 */
export type Readiness = 'starting' | 'ready' | 'draining';

/** The language of an API answer: the request's own `language` field, else the locale cookie, else Accept-Language. */
export function requestLocale(c: Context, explicit?: unknown): Locale {
  return answerLocale(explicit, c.req.header('cookie'), c.req.header('accept-language'));
}

/**
 * requestLocale from the request's raw header values, for callers without a Hono context (the read cache's key,
 * which the connection front computes too). The cookie is read as Hono's getCookie reads it.
 */
export function answerLocale(
  explicit: unknown,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  return parseLocale(explicit) ?? statedLocale(cookie, acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The language a request states, by the locale cookie or Accept-Language; undefined when it states none (an API
 * client), so a caller can fall back to the account's language rather than the site's default.
 */
export function statedLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale | undefined {
  return (
    parseLocale(cookie ? parse(cookie, 'NEXT_LOCALE').NEXT_LOCALE : undefined) ??
    parseLocale(acceptLanguage?.split(',')[0])
  );
}
