import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError, BusinessCode } from '../api/errors';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

/** A fixed-window limit kept in PostgreSQL, so several app instances share it (docs/decisions/008-accounts.md). */
export type Limit = { name: string; max: number; windowMs: number };

export const LIMITS = {
  /** Failed logins from one address across accounts (docs/decisions/033-login-limits.md): room for an office. */
  loginAttemptsPerIp: { name: 'login-ip', max: 100, windowMs: 15 * 60_000 },
  passwordResetPerAccount: { name: 'reset-account', max: 3, windowMs: 60 * 60_000 },
  passwordResetPerIp: { name: 'reset-ip', max: 10, windowMs: 60 * 60_000 },
  signUpPerIp: { name: 'signup-ip', max: 5, windowMs: 60 * 60_000 },
  activationResend: { name: 'activation-resend', max: 3, windowMs: 60 * 60_000 },
  /** Reviews wait for a human; a few per hour is plenty for a real customer and caps a flood (docs/decisions/014-content-pages.md). */
  commentsPerUser: { name: 'comment-user', max: 3, windowMs: 60 * 60_000 },
  commentsPerIp: { name: 'comment-ip', max: 10, windowMs: 60 * 60_000 },
  contactPerIp: { name: 'contact-ip', max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

function windowStart(limit: Limit, now: number): Date {
  return new Date(Math.floor(now / limit.windowMs) * limit.windowMs);
}

/** Counts one event (or gives one back: `delta` -1); returns the count in the current window including it. */
export async function countHit(
  db: Database,
  limit: Limit,
  subject: string,
  now = Date.now(),
  delta = 1,
): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${subject}`, windowStart: windowStart(limit, now), count: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`greatest(${rateLimits.count} + ${delta}, 0)` },
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

/** 4290 with the seconds to wait in Retry-After, which every 429 of the API carries. */
export function tooMany(key: string, retryAfterMs: number): ApiError {
  return new ApiError(BusinessCode.tooManyRequests, key, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

/** Milliseconds until the current window of a limit ends. */
export function windowLeftMs(limit: Limit, now = Date.now()): number {
  return limit.windowMs - (now % limit.windowMs);
}

/** Counts the event and refuses it with 4290 once the window holds more than `max`. */
export async function enforceLimit(db: Database, limit: Limit, subject: string, key?: string): Promise<void> {
  const count = await countHit(db, limit, subject);
  if (count > limit.max) throw tooMany(key ?? 'api.tooManyRequests', windowLeftMs(limit));
}
