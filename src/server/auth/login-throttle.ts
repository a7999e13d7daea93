import 'server-only';
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { ApiError } from '../api/errors';
import type { Database } from '../db/client';
import { loginThrottles } from '../db/schema';
import { countHit, LIMITS, tooMany } from './rate-limit';

/**
 * Login limits (docs/decisions/033-login-limits.md), after NIST SP 800-63B §5.2.2 and OWASP's authentication
 * guidance: throttle guesses at one account, never lock out an address full of honest people.
 *
 * - account and address: `free` attempts, then each further one waits twice as long as the one before;
 * - account, from anywhere: more free attempts, the same doubling up to an hour, and after `lockAfter`
 *   consecutive failures only a reset opens it again (NIST's ceiling of 100);
 * - address, across accounts: a fixed window with a high ceiling, against credential stuffing.
 *
 * An attempt takes its place before the password is checked, in one statement per key, so concurrent guesses
 * queue on the row and only the free ones are checked. A success clears the account's rows and gives the
 * address its attempt back. Every check of a password or a second factor, customers' and staff's, sign-in or
 * not, goes through `withAttempt` below (docs/decisions/054-second-factor-attempts.md).
 */
export const LOGIN_THROTTLES = {
  accountAndAddress: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 },
  account: { free: 20, firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, lockAfter: 100 },
  /** Attempts forgotten after this long without one. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

type Throttle = { free: number; firstDelayMs: number; maxDelayMs: number; lockAfter?: number };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Who an attempt is against: the account's id when it exists (so its e-mail and its username share one
 * throttle), else a hash of the name as typed (unknown names are throttled the same way, so the answer tells
 * nothing about whether they exist).
 */
export function accountSubject(userId: number | undefined, typed: string): string {
  return userId !== undefined ? `user:${userId}` : `name:${sha256(typed.trim().toLowerCase())}`;
}

function throttleKeys(subject: string, ip: string) {
  return { account: `account:${subject}`, accountAndAddress: `account-ip:${subject}:${ip}` };
}

/** Milliseconds the attempt after `attempts` must wait: 0 while free, then doubling up to the cap. */
export function delayAfter(throttle: Throttle, attempts: number): number {
  if (throttle.lockAfter !== undefined && attempts >= throttle.lockAfter) return Number.POSITIVE_INFINITY;
  if (attempts < throttle.free) return 0;
  return Math.min(throttle.firstDelayMs * 2 ** Math.min(attempts - throttle.free, 30), throttle.maxDelayMs);
}

/**
 * Takes an attempt on one key: the count after it, or the time to wait when the key is throttled (the row is
 * then left as it was). One INSERT … ON CONFLICT DO UPDATE … WHERE: concurrent attempts on a key are serialized
 * by its row lock, and each sees the count the one before it left.
 */
async function takeAttempt(
  db: Database,
  key: string,
  throttle: Throttle,
): Promise<{ ok: true; attempts: number } | { ok: false; retryAfterMs: number; locked: boolean }> {
  const lockAfter = throttle.lockAfter ?? 2_147_483_647;
  // next_allowed_at after this attempt, from the new count n (SQL of delayAfter above). A free attempt leaves no
  // wait at all ('-infinity', not now(): a concurrent attempt that queued on the row started earlier, and its own
  // now() would be before ours).
  const next = (n: ReturnType<typeof sql>) => sql`case
      when ${n} >= ${lockAfter} then 'infinity'::timestamptz
      when ${n} < ${throttle.free} then '-infinity'::timestamptz
      else now() + least(${throttle.firstDelayMs}::float8 * power(2, least(${n} - ${throttle.free}, 30)), ${throttle.maxDelayMs}::float8) * interval '1 millisecond'
    end`;
  const forget = sql`${loginThrottles.updatedAt} < now() - ${LOGIN_THROTTLES.forgetAfterMs}::float8 * interval '1 millisecond'`;
  const counted = sql`case when ${forget} then 1 else ${loginThrottles.attempts} + 1 end`;
  const rows = await db
    .insert(loginThrottles)
    .values({ key, attempts: 1, nextAllowedAt: sql`${next(sql`1`)}`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { attempts: counted, nextAllowedAt: next(counted), updatedAt: sql`now()` },
      setWhere: sql`${loginThrottles.nextAllowedAt} <= now() or ${forget}`,
    })
    .returning({ attempts: loginThrottles.attempts });
  const [taken] = rows;
  if (taken) return { ok: true, attempts: taken.attempts };
  const [row] = await db
    .execute<{ waitMs: number | null; locked: boolean }>(
      sql`select case when ${loginThrottles.nextAllowedAt} = 'infinity'::timestamptz then null
            else extract(epoch from (${loginThrottles.nextAllowedAt} - now())) * 1000 end as "waitMs",
            ${loginThrottles.nextAllowedAt} = 'infinity'::timestamptz as locked
          from ${loginThrottles} where ${loginThrottles.key} = ${key}`,
    )
    .then((r) => r.rows);
  const locked = row?.locked === true;
  return { ok: false, locked, retryAfterMs: locked ? 60 * 60_000 : Math.max(1_000, Number(row?.waitMs ?? 1_000)) };
}

/** What an attempt is against, and what the caller does when the limits bite (docs/decisions/054-second-factor-attempts.md). */
export type AttemptOwner = {
  /** The account: `accountSubject` for customers, `staff:<id>` for staff. */
  subject: string;
  ip: string;
  /**
   * A failed attempt made the next one wait, or locked the account: told once per wait it imposed (each later
   * attempt is refused without a check until the wait is over, so this is called about as often as a guess is).
   */
  onLimitReached?: (limit: { waitMs: number; locked: boolean }) => Promise<void>;
  /**
   * An attempt the limits refused, before its 429 is answered: a message key returned replaces the answer's
   * (a session that guessed is ended, and says so).
   */
  onRefused?: (refusal: { messageKey: string; retryAfterMs: number }) => Promise<string | undefined>;
};

/** Only this module can make an Attempt: its constructor wants a value no other module can name. */
const MINT: unique symbol = Symbol('counted attempt');

type CheckKind = 'password' | 'secondFactor';

/**
 * One counted guess at an account, the only thing the password and second-factor checks accept
 * (`verifyPassword`, `acceptTotp`, `spendRecoveryCode`): a code or a password cannot be checked without the
 * attempt having been counted on the limits first. An attempt checks one password and one second factor at most,
 * and only inside the `withAttempt` that made it.
 */
export class Attempt {
  readonly #spent = new Set<CheckKind>();
  #open = true;

  constructor(mint: typeof MINT) {
    if (mint !== MINT) throw new Error('attempts are made by withAttempt only');
  }

  /** Called by each check before it looks at the secret: refuses a second check of a kind, or a late one. */
  spend(kind: CheckKind): void {
    if (!this.#open) throw new Error(`a ${kind} was checked after its attempt ended`);
    if (this.#spent.has(kind)) throw new Error(`an attempt checks one ${kind}; count another attempt`);
    this.#spent.add(kind);
  }

  close(mint: typeof MINT): void {
    if (mint === MINT) this.#open = false;
  }
}

/** Counts an attempt on every limit; throws 429 (with Retry-After) when any limit holds it back. */
async function countAttempt(db: Database, owner: AttemptOwner): Promise<{ pair: number; whole: number }> {
  const refuse = async (messageKey: string, retryAfterMs: number): Promise<never> => {
    const replaced = await owner.onRefused?.({ messageKey, retryAfterMs });
    throw tooMany(replaced ?? messageKey, retryAfterMs);
  };
  // The address window is counted first: a flood from one address is refused before it touches the accounts it
  // names.
  const windowMs = LIMITS.loginAttemptsPerIp.windowMs;
  if ((await countHit(db, LIMITS.loginAttemptsPerIp, owner.ip)) > LIMITS.loginAttemptsPerIp.max) {
    return refuse('api.login.addressLimited', windowMs - (Date.now() % windowMs));
  }
  const keys = throttleKeys(owner.subject, owner.ip);
  const pair = await takeAttempt(db, keys.accountAndAddress, LOGIN_THROTTLES.accountAndAddress);
  if (!pair.ok) return refuse('api.login.throttled', pair.retryAfterMs);
  const whole = await takeAttempt(db, keys.account, LOGIN_THROTTLES.account);
  if (!whole.ok) return refuse(whole.locked ? 'api.login.locked' : 'api.login.throttled', whole.retryAfterMs);
  return { pair: pair.attempts, whole: whole.attempts };
}

/**
 * The one way to check a password or a second factor (docs/decisions/054-second-factor-attempts.md). The attempt
 * is counted on the login limits **before** `check` runs (docs/decisions/033-login-limits.md), so guesses sent
 * together queue on the throttle and only the free ones are checked. `check` throws an `ApiError` to refuse; when
 * it returns, the account's attempts are forgotten and the address gets its attempt back.
 */
export async function withAttempt<T>(
  db: Database,
  owner: AttemptOwner,
  check: (attempt: Attempt) => Promise<T>,
): Promise<T> {
  const counted = await countAttempt(db, owner);
  const attempt = new Attempt(MINT);
  let result: T;
  try {
    result = await check(attempt);
  } catch (error) {
    attempt.close(MINT);
    if (error instanceof ApiError && owner.onLimitReached) {
      const pairWait = delayAfter(LOGIN_THROTTLES.accountAndAddress, counted.pair);
      const wholeWait = delayAfter(LOGIN_THROTTLES.account, counted.whole);
      if (pairWait > 0 || wholeWait > 0) {
        const locked = wholeWait === Number.POSITIVE_INFINITY;
        await owner.onLimitReached({
          locked,
          waitMs: locked ? Number.POSITIVE_INFINITY : Math.max(pairWait, wholeWait),
        });
      }
    }
    throw error;
  }
  attempt.close(MINT);
  const keys = throttleKeys(owner.subject, owner.ip);
  await db.delete(loginThrottles).where(inArray(loginThrottles.key, [keys.account, keys.accountAndAddress]));
  await countHit(db, LIMITS.loginAttemptsPerIp, owner.ip, Date.now(), -1);
  return result;
}

/** A password reset (or a staff member's second factor reset) opens an account again, whatever its throttle said. */
export async function clearAccountThrottles(db: Pick<Database, 'execute'>, subject: string): Promise<void> {
  await db.execute(sql`delete from ${loginThrottles} where ${loginThrottles.key} = ${`account:${subject}`}
    or ${loginThrottles.key} like ${`account-ip:${subject}:%`}`);
}
