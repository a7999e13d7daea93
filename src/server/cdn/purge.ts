import 'server-only';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { env } from '@/env';
import type { ChangeKind } from '@/lib/change-kinds';
import type { Database } from '../db/client';
import { cdnPurges } from '../db/schema';
import { JOBS_CHANNEL } from '../jobs/placement';
import { type RepeatingJob, startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';

/**
 * Purges by tag for the CDN in front of the site (docs/decisions/073-cdn-purge-by-tag.md). A change queues one in
 * its own transaction (`queuePurge`, called by `announceChange`), with a wake-up for the jobs process that PostgreSQL
 * delivers on commit; that process sends every due purge's tags in one request to CDN_PURGE_URL, shaped as
 * Cloudflare's purge_cache takes it, and deletes them once the CDN accepted. A refusal or no answer is retried
 * with backoff, forever; rows are claimed with a lease and `FOR UPDATE SKIP LOCKED`, so several instances share
 * the work and a process dying mid-send only means the purge goes again (a purge is idempotent).
 */

export type PurgeTarget = { url: string; token: string };

const BATCH = 100;
const TIMEOUT_MS = 10_000;
/** A claimed purge whose sender died is due again after this. */
const LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 1_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 5 * 60_000;

/** The wait before the next try after `attempts` failed ones: 1 s doubling to 5 min (a stale page is visible). */
export function purgeBackoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), LAST_RETRY_MS);
}

/** Where purges go, when configured. */
export function purgeTargetFromEnv(): PurgeTarget | undefined {
  const { CDN_PURGE_URL: url, CDN_PURGE_TOKEN: token } = env();
  return url && token ? { url, token } : undefined;
}

/**
 * Queues a purge of `kinds`' tags in the caller's transaction, and wakes the jobs process on commit; nothing when
 * no CDN is configured. The tags are the change kinds themselves (src/server/cdn/tags.ts files answers under them).
 */
export async function queuePurge(tx: Pick<Database, 'execute'>, kinds: readonly ChangeKind[]): Promise<void> {
  if (kinds.length === 0 || !env().CDN_PURGE_URL) return;
  // string_to_array: one parameter for the list; kinds hold no spaces.
  await tx.execute(sql`insert into cdn_purges (tags) values (string_to_array(${kinds.join(' ')}, ' '))`);
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'cdn')`);
}

/** The request the CDN gets: Cloudflare's purge-by-tag body and bearer token. */
async function sendPurge(target: PurgeTarget, tags: string[]): Promise<string | undefined> {
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    if (!res.ok) return `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    // Cloudflare answers 200 with `success: false` for a purge it did not do.
    if (/"success"\s*:\s*false/.test(text)) return `refused: ${text.slice(0, 200)}`;
    return undefined;
  } catch (error) {
    return error instanceof Error
      ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
      : String(error);
  }
}

/**
 * Sends the due purges (pending ones whose time came, claimed ones whose lease ran out) as one request with the
 * union of their tags, and deletes them once it was accepted; else they are due again after the backoff.
 */
export async function sendDuePurges(
  db: Database,
  target: PurgeTarget,
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<{ sent: number; failed: number; tags: string[]; oldestMs: number; retryInMs?: number }> {
  const due = db
    .select({ id: cdnPurges.id })
    .from(cdnPurges)
    .where(lte(cdnPurges.nextAttemptAt, now))
    .orderBy(asc(cdnPurges.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(cdnPurges)
    .set({
      status: 'sending',
      attempts: sql`${cdnPurges.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(inArray(cdnPurges.id, due))
    .returning();
  const none = { sent: 0, failed: 0, tags: [], oldestMs: 0 };
  if (claimed.length === 0) return none;
  const ours = (row: (typeof claimed)[number]) =>
    and(eq(cdnPurges.id, row.id), eq(cdnPurges.status, 'sending'), eq(cdnPurges.attempts, row.attempts));
  if (stopping()) {
    // Given back untried, due at once elsewhere, the attempt not counted (docs/decisions/061-stopping-and-readiness.md).
    for (const row of claimed) {
      await db
        .update(cdnPurges)
        .set({ status: 'pending', attempts: row.attempts - 1, nextAttemptAt: now })
        .where(ours(row));
    }
    return none;
  }
  const tags = [...new Set(claimed.flatMap((row) => row.tags))].sort();
  const oldestMs = Date.now() - Math.min(...claimed.map((row) => row.createdAt.getTime()));
  const error = await sendPurge(target, tags);
  if (error === undefined) {
    await db.delete(cdnPurges).where(
      inArray(
        cdnPurges.id,
        claimed.map((row) => row.id),
      ),
    );
    logEvent('info', 'cdn purge sent', { tags, purges: claimed.length, sinceChangeMs: oldestMs });
    return { sent: claimed.length, failed: 0, tags, oldestMs };
  }
  for (const row of claimed) {
    await db
      .update(cdnPurges)
      .set({
        status: 'pending',
        nextAttemptAt: new Date(now.getTime() + purgeBackoffMs(row.attempts)),
        lastError: error.slice(0, MAX_ERROR_LENGTH),
      })
      .where(ours(row));
  }
  const attempts = Math.min(...claimed.map((row) => row.attempts));
  logEvent('warn', 'cdn purge failed', { tags, purges: claimed.length, attempts, error });
  return { sent: 0, failed: claimed.length, tags, oldestMs, retryInMs: purgeBackoffMs(attempts) };
}

/** The purge sender of the jobs process: at once on a wake-up, else every few seconds. */
export function startPurgeWorker(
  db: Database,
  target: PurgeTarget,
  options: { intervalMs?: number } = {},
): RepeatingJob {
  let retry: NodeJS.Timeout | undefined;
  const job = startRepeatingJob(
    'cdn purge',
    async (stopping) => {
      const { sent, retryInMs } = await sendDuePurges(db, target, new Date(), stopping);
      // A refused purge is tried again at its backoff, sooner than the next look when that is sooner.
      if (retryInMs !== undefined && retryInMs < (options.intervalMs ?? 5_000)) {
        clearTimeout(retry);
        retry = setTimeout(() => job.kick(), retryInMs);
        retry.unref();
      }
      return sent >= BATCH;
    },
    { intervalMs: options.intervalMs ?? 5_000 },
  );
  return {
    kick: () => job.kick(),
    stop: async () => {
      clearTimeout(retry);
      await job.stop();
    },
  };
}

const globalForPurges = globalThis as unknown as { cirrusCdnPurges?: RepeatingJob | null };

/** The process's purge sender when CDN_PURGE_URL is set (src/server/jobs/background.ts); null otherwise. */
export function ensurePurgeWorker(db: Database): RepeatingJob | null {
  if (globalForPurges.cirrusCdnPurges === undefined) {
    const target = purgeTargetFromEnv();
    globalForPurges.cirrusCdnPurges = target ? startPurgeWorker(db, target) : null;
  }
  return globalForPurges.cirrusCdnPurges;
}
