import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { env } from '@/env';
import type { AppEnv } from '../api/context';
import { ApiError, BusinessCode } from '../api/errors';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'sid';
/** Readable by scripts: tells a new tab that a session exists, so it asks /api/auth/me (holds nothing secret). */
export const SIGNED_IN_HINT_COOKIE = 'signedIn';
export const CSRF_HEADER = 'x-csrf-token';
const SESSION_DAYS = 30;

export type SessionUser = {
  id: number;
  email: string;
  username: string;
  status: 'pending' | 'active' | 'disabled';
  locale: string;
  activatedAt: Date | null;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');

export async function createSession(
  db: Database,
  userId: number,
): Promise<{ sessionToken: string; csrfToken: string; expiresAt: Date }> {
  const sessionToken = token();
  const csrfToken = token();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ id: sha256(sessionToken), userId, csrfToken, expiresAt });
  return { sessionToken, csrfToken, expiresAt };
}

export async function findSession(db: Database, sessionToken: string | undefined) {
  if (!sessionToken) return undefined;
  const [row] = await db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      user: {
        id: users.id,
        email: users.email,
        username: users.username,
        status: users.status,
        locale: users.locale,
        activatedAt: users.activatedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sha256(sessionToken)),
        gt(sessions.expiresAt, new Date()),
        // Disabling deletes the account's sessions; this also shuts one a sign-in racing with it created.
        ne(users.status, 'disabled'),
      ),
    );
  return row;
}

export async function deleteSession(db: Database, sessionToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(sessionToken)));
}

/** The HttpOnly, SameSite=Lax session cookie, Secure in production (docs/design.md#security-defaults). */
export function setSessionCookies(c: Context, sessionToken: string, expiresAt: Date): void {
  const secure = env().SITE_URL.startsWith('https://');
  setCookie(c, SESSION_COOKIE, sessionToken, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { sameSite: 'Lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/' });
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Requires a signed-in visitor; on state-changing methods also the CSRF token of the session in the
 * x-csrf-token header (docs/design.md#security-defaults). Sets c.var.user and c.var.sessionToken. `onSignedOut`
 * runs as a visitor without a session is refused (GET /api/auth/me clears the cookies of a session that ended).
 */
export function requireSession(
  options: { onSignedOut?: (c: Context<AppEnv>) => void } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sessionToken = getCookie(c, SESSION_COOKIE);
    const session = await findSession(c.get('db'), sessionToken);
    if (!session || !sessionToken) {
      options.onSignedOut?.(c);
      throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized');
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const sent = c.req.header(CSRF_HEADER) ?? '';
      if (!sameToken(sent, session.csrfToken)) throw new ApiError(BusinessCode.forbidden, 'api.csrf');
    }
    c.set('user', session.user);
    c.set('sessionToken', sessionToken);
    c.set('csrfToken', session.csrfToken);
    await next();
  };
}

/**
 * The visitor's address, the key of the per-address limits (sign-up, resend, comments, contact, chat).
 * X-Forwarded-For and X-Real-IP are written by whoever sends the request, so a visitor could name a new
 * address on every call and never meet a limit: they count only behind the operator's proxy (TRUST_PROXY),
 * and then the last X-Forwarded-For entry, the one that proxy appended (any before it came from the visitor).
 * Otherwise the connection's own address (in-process calls have none: 'local').
 */
export function clientIp(c: Context, trustProxy = env().TRUST_PROXY): string {
  const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  if (!trustProxy) return peer || 'local';
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || c.req.header('x-real-ip')?.trim() || peer || 'local';
}
