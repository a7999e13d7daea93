import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { env } from '@/env';
import type { StaffRole } from '@/lib/admin/schemas';
import type { AppEnv } from '../api/context';
import { ApiError, BusinessCode } from '../api/errors';
import type { Database } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { may, type Permission } from './roles';

export const STAFF_COOKIE = 'staff_sid';
/** The only path the cookie is sent to: the public site never carries it (docs/decisions/039-back-office.md). */
export const STAFF_COOKIE_PATH = '/api/admin';
export const STAFF_CSRF_HEADER = 'x-csrf-token';
/** A session ends after this long without a call... */
export const STAFF_IDLE_MS = 30 * 60_000;
/** ...and this long after sign-in, whatever happens. */
export const STAFF_LIFETIME_MS = 12 * 60 * 60_000;
/** The idle deadline is moved at most this often: one write per minute per person, not one per call. */
const TOUCH_EVERY_MS = 60_000;

export type SignedInStaff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  locale: 'en' | 'zh' | 'ja';
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

/** Starts a session for a person who has just proven password and code; answers its cookie and CSRF token. */
export async function startStaffSession(c: Context<AppEnv>, staffId: number): Promise<string> {
  const token = randomToken();
  const csrfToken = randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + STAFF_LIFETIME_MS);
  const db = c.get('db');
  // Sessions past their time are swept as new ones begin: the table stays the size of the team.
  await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, new Date(now)), lt(staffSessions.idleExpiresAt, new Date(now))));
  await db.insert(staffSessions).values({
    id: sha256(token),
    staffId,
    csrfToken,
    idleExpiresAt: new Date(now + STAFF_IDLE_MS),
    expiresAt,
  });
  setCookie(c, STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: env().SITE_URL.startsWith('https://'),
    path: STAFF_COOKIE_PATH,
    expires: expiresAt,
  });
  return csrfToken;
}

export async function endStaffSession(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, STAFF_COOKIE);
  if (token)
    await c
      .get('db')
      .delete(staffSessions)
      .where(eq(staffSessions.id, sha256(token)));
  deleteCookie(c, STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
}

/**
 * Ends every session of a person (disabled, removed, reset, or a role taken away): the change holds at their next
 * call. Answers how many there were.
 */
export async function endSessionsOf(db: Pick<Database, 'delete'>, staffId: number): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .returning({ id: staffSessions.id });
  return ended.length;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function findStaffSession(db: Database, token: string) {
  const now = new Date();
  const [row] = await db
    .select({
      id: staffSessions.id,
      csrfToken: staffSessions.csrfToken,
      idleExpiresAt: staffSessions.idleExpiresAt,
      staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, locale: staff.locale },
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sha256(token)),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.idleExpiresAt, now),
        eq(staff.status, 'active'),
      ),
    );
  return row;
}

/**
 * Requires a signed-in staff member allowed `permission` (checked here, on the server, for every call); on
 * state-changing methods also the session's CSRF token. 401 without a session, 403 for a role that may not.
 */
export function requireStaff(permission?: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, STAFF_COOKIE);
    const db = c.get('db');
    const session = token ? await findStaffSession(db, token) : undefined;
    if (!session) throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (!sameToken(c.req.header(STAFF_CSRF_HEADER) ?? '', session.csrfToken)) {
        throw new ApiError(BusinessCode.forbidden, 'api.csrf');
      }
    }
    if (permission && !may(session.staff.role, permission)) {
      throw new ApiError(BusinessCode.forbidden, 'api.admin.forbidden');
    }
    const now = Date.now();
    if (session.idleExpiresAt.getTime() - now < STAFF_IDLE_MS - TOUCH_EVERY_MS) {
      await Promise.all([
        db
          .update(staffSessions)
          .set({ idleExpiresAt: new Date(now + STAFF_IDLE_MS) })
          .where(eq(staffSessions.id, session.id)),
        db
          .update(staff)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(staff.id, session.staff.id)),
      ]);
    }
    c.set('staff', session.staff);
    c.set('staffSessionId', session.id);
    c.set('csrfToken', session.csrfToken);
    await next();
  };
}
