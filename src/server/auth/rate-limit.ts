import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError, BusinessCode } from '../api/errors';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

/** A fixed-window limit kept in PostgreSQL, so several app instances share it (issue 4). */
export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  loginFailuresPerAccount: { name: 'login-fail-account', max: 5, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { name: 'login-fail-ip', max: 5, windowMs: 15 * 60_000 },
  signUpPerIp: { name: 'signup-ip', max: 5, windowMs: 60 * 60_000 },
  activationResend: { name: 'activation-resend', max: 3, windowMs: 60 * 60_000 },
  /** Reviews wait for a human; a few per hour is plenty for a real customer and caps a flood (issue 7). */
  commentsPerUser: { name: 'comment-user', max: 3, windowMs: 60 * 60_000 },
  commentsPerIp: { name: 'comment-ip', max: 10, windowMs: 60 * 60_000 },
  contactPerIp: { name: 'contact-ip', max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

function windowStart(limit: Limit, now: number): Date {
  return new Date(Math.floor(now / limit.windowMs) * limit.windowMs);
}

/** Counts one event; returns the count in the current window including it. */
export async function countHit(db: Database, limit: Limit, subject: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${subject}`, windowStart: windowStart(limit, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function currentCount(db: Database, limit: Limit, subject: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${limit.name}:${subject}`), eq(rateLimits.windowStart, windowStart(limit, now))));
  return row?.count ?? 0;
}

export function tooMany(key = 'api.tooManyRequests', retryAfterMs = 0): ApiError {
  return new ApiError(BusinessCode.tooManyRequests, key, {
    headers: retryAfterMs > 0 ? { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) } : undefined,
  });
}

/** Counts the event and refuses it with 4290 once the window holds more than `max`. */
export async function enforceLimit(db: Database, limit: Limit, subject: string, key?: string): Promise<void> {
  const count = await countHit(db, limit, subject);
  if (count > limit.max) throw tooMany(key, limit.windowMs - (Date.now() % limit.windowMs));
}
