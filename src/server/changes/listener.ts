import 'server-only';
import type pg from 'pg';
import { applyDuePriceChanges } from '../admin/prices/scheduled';
import { dropAllReadCaches } from '../api/read-cache';
import { queuePurge } from '../cdn/purge';
import { createDatabase, type Database } from '../db/client';
import { endReadReplica, ensureReadReplica, lsnValue, readReplica, waitForReplay } from '../db/replica';
import { logEvent } from '../log';
import { CHANGE_CHANNEL } from './bus';
import { type ListenConnection, listenConnection, startListenConnection, stopListenConnection } from './connection';
import { mayBeRendering, runLocalChangeHooks } from './hooks';

/**
 * The longest the publication timer is armed for before it looks again: setTimeout holds at most ~24.8 days,
 * and a look every few hours also catches an announcement rescheduled without a notification (a hand edit in
 * psql), and a clock that moved.
 */
const LONGEST_WAIT_MS = 6 * 3_600_000;
/**
 * Fired this long after an announcement's time, by the database's clock: the public queries compare with the
 * database's now(), so a drop just before it would refill the pages without the announcement.
 */
const PUBLICATION_MARGIN_MS = 50;

/**
 * After a pass that could not apply the scheduled price changes due (the database away), the next one waits this
 * long: a change whose time has passed is due at once, and the timer would otherwise spin on it.
 */
const SCHEDULED_RETRY_MS = 5_000;

/**
 * What is due at a scheduled time besides dropping: the price changes whose time came are applied
 * (src/server/admin/prices/scheduled.ts), once, by whichever instance gets there first. On a small pool of the
 * listener's own: the production server loads this module apart from Next's bundle, and the pool the bundle made
 * belongs to the bundle's copy of the database code.
 */
function scheduledChangesOn(url: string): {
  run: () => Promise<boolean>;
  purge: () => Promise<void>;
  end: () => Promise<void>;
} {
  let db: Database | undefined;
  return {
    run: async () => {
      db ??= createDatabase(url, { max: 2 });
      const { applied, failed, due } = await applyDuePriceChanges(db);
      if (applied || failed) logEvent('info', 'scheduled price changes', { applied, failed });
      return due > 0;
    },
    // What a scheduled moment changes (an announcement appearing, a promotion starting or ending) is announced by
    // nobody: a CDN in front is told here. Every process queues one; the sender sends those that land together
    // as one purge (docs/decisions/073-cdn-purge-by-tag.md).
    purge: async () => {
      db ??= createDatabase(url, { max: 2 });
      await queuePurge(db, ['announcements', 'promotions']);
    },
    end: async () => {
      await db?.$client.end().catch(() => undefined);
    },
  };
}

/**
 * A second drop this long after each one. Next marks a page fresh from when its render is stored, not begun: a
 * render under way at the change (read before the commit, stored after the first drop) would otherwise stand as
 * new for its whole revalidate window (60–300 s), and the kept copies with it. Renders here take well under a
 * second; one longer than this that began before the commit is the case left (decision 040). Skipped when the
 * server saw no request go to Next for a while before the change (hooks.ts watchRendering): no render then.
 */
const SETTLE_MS = 1_000;

/**
 * Milliseconds to the next moment the site changes by itself, by the database's clock: an announcement appearing,
 * or a campaign (the pop-up and banner), a sale, a coupon or a group-buy offer starting or ending
 * (docs/product/back-office-promotions.md). Nobody writes anything then, so no notification comes.
 */
export const NEXT_SCHEDULED_CHANGE = `
  select (extract(epoch from min(due) - now()) * 1000)::float8 as ms from (
    select min(published_at) as due from announcements where published_at > now()
    union all select min(t) from (
      select starts_at as t from promotions union all select ends_at from promotions
      union all select starts_at from sale_activities union all select ends_at from sale_activities
      union all select starts_at from coupons union all select ends_at from coupons
      union all select starts_at from pintuan_offers union all select ends_at from pintuan_offers
    ) promotion_times where t > now()
    -- A pending price change is due even when its time has passed (an instance was down): it fires at once.
    union all select min(starts_at) from scheduled_price_changes where status = 'pending'
  ) next_times`;

export type ChangeListener = { stop: () => Promise<void> };

/**
 * With a read replica (src/server/db/replica.ts): waits until it has replayed the change before the caches drop,
 * so that what is rendered again reads the new rows. The commit's position is at most the primary's position once
 * the notification has arrived (PostgreSQL sends it after the commit is written), asked on the listener's own
 * connection; the payload's position, taken inside the transaction, is the floor. Reads go to the primary from
 * here until the replica has it; a replica that does not get there within a second is left to the primary.
 */
async function afterReplica(
  primary: pg.Client | undefined,
  payloadLsn: bigint,
): Promise<{ replicaWaitMs?: number; replicaBehind?: true }> {
  if (!readReplica()) return {};
  const started = Date.now();
  let lsn = payloadLsn;
  try {
    if (!primary) throw new Error('not connected');
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const now = lsnValue(rows[0]?.lsn);
    if (now > lsn) lsn = now;
  } catch {
    // The connection broke: reconnecting drops everything again.
  }
  const replayed = await waitForReplay(lsn);
  return { replicaWaitMs: Date.now() - started, ...(replayed ? {} : { replicaBehind: true as const }) };
}

type Why =
  | { reason: 'notification'; kinds: string[]; at?: number; replicaWaitMs?: number; replicaBehind?: true }
  | { reason: 'connected' | 'scheduled' | 'settle' };

/**
 * This process's ear on the change bus (src/server/changes/bus.ts): `LISTEN cirrus_changes` on the process's one
 * listening connection (connection.ts; a listener of its own when none is given, as two instances in one test). Each notification drops what this process keeps of the site: the API's read caches at
 * once, then the hooks the server registered (Next's page cache, then the documents and 404 pages kept in front
 * of it, src/server/changes/hooks.ts). Every kind drops everything: changes are rare and a page shows many kinds
 * (docs/decisions/040-changes-reach-every-instance.md).
 *
 * A notification sent while the connection was down is lost, so every (re)connection drops everything too, the
 * first one included: what was kept before it may predate changes nobody told this process about. A database
 * that is down is logged and retried with backoff, never thrown.
 *
 * It also keeps one timer on the next scheduled moment (an announcement due to appear, a promotion starting or
 * ending, a scheduled price change to apply): at that moment it applies the price changes due (one instance wins
 * each, docs/decisions/042-scheduled-prices.md) and drops everything the same way; the other moments write nothing.
 */
export function startChangeListener(options: {
  url: string;
  /** The process's listening connection; omitted: one of the listener's own, closed with it. */
  connection?: ListenConnection;
  /**
   * Run at each scheduled time before the drop; the scheduled price changes by default. True when what it did
   * was announced (a change applied, here or by another instance): the notification then does the drop.
   */
  onScheduledTime?: () => Promise<boolean>;
}): ChangeListener {
  const scheduled = scheduledChangesOn(options.url);
  const onScheduledTime = options.onScheduledTime ?? scheduled.run;
  let scheduledFailedAt = 0;
  const connection = options.connection ?? startListenConnection(options.url);
  let stopped = false;
  let publicationTimer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;

  // One drop at a time; news arriving during one asks for another after it (its data may have been read by the
  // first before it committed), and any number of such news make one more, not one each.
  let running: Promise<void> | undefined;
  let again: Why | undefined;

  function drop(why: Why): void {
    // The API's caches go at once, whatever else is under way: they cost nothing to refill.
    dropAllReadCaches();
    if (running) {
      again = why;
      return;
    }
    running = runDrop(why).finally(() => {
      running = undefined;
      const next = again;
      again = undefined;
      if (next && !stopped) drop(next);
    });
  }

  async function runDrop(why: Why): Promise<void> {
    const started = Date.now();
    const settle = why.reason !== 'settle' && mayBeRendering();
    await runLocalChangeHooks((hook, error) =>
      logEvent('error', 'change hook failed', { hook, error: error instanceof Error ? error.message : String(error) }),
    );
    logEvent('info', 'change applied', {
      ...why,
      ...(why.reason === 'notification' && why.at ? { sinceCommitMs: Date.now() - why.at } : {}),
      tookMs: Date.now() - started,
    });
    if (settle && !stopped) {
      clearTimeout(settleTimer);
      settleTimer = setTimeout(() => drop({ reason: 'settle' }), SETTLE_MS);
      settleTimer.unref();
    }
    await armPublication();
  }

  /**
   * The timer for the next announcement to appear or price change to apply (decision 042), from the database's
   * clock (instances' clocks may differ). A price change whose time has passed is due at once: every instance
   * fires for it, one applies it, the others only drop.
   */
  async function armPublication(): Promise<void> {
    const current = connection.client();
    if (!current || stopped) return;
    let wait: number | null;
    try {
      const result = await current.query<{ ms: number | null }>(NEXT_SCHEDULED_CHANGE);
      wait = result.rows[0]?.ms ?? null;
    } catch (error) {
      // The connection broke: reconnecting drops everything and arms again.
      logEvent('warn', 'publication timer not armed', {
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (stopped || current !== connection.client()) return;
    clearTimeout(publicationTimer);
    let until = wait === null ? Number.POSITIVE_INFINITY : Math.max(0, wait + PUBLICATION_MARGIN_MS);
    if (Date.now() - scheduledFailedAt < SCHEDULED_RETRY_MS) until = Math.max(until, SCHEDULED_RETRY_MS);
    const due = until <= LONGEST_WAIT_MS;
    const delay = due ? until : LONGEST_WAIT_MS;
    publicationTimer = setTimeout(() => {
      if (due) void scheduledTime();
      else void armPublication();
    }, delay);
    publicationTimer.unref();
  }

  /**
   * A scheduled moment: what is due is applied first. A price change applied (by this process or, while this one
   * waited on its lock, by another) was announced in its transaction, and that notification drops everything here
   * as for any change: a drop of our own as well would only render every page once more. An announcement's time
   * writes nothing and announces nothing, so then the drop is ours.
   */
  async function scheduledTime(): Promise<void> {
    let announced = false;
    try {
      announced = await onScheduledTime();
    } catch (error) {
      scheduledFailedAt = Date.now();
      logEvent('error', 'scheduled changes not applied', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    if (stopped) return;
    if (announced) void armPublication();
    else {
      drop({ reason: 'scheduled' });
      scheduled
        .purge()
        .catch((error: unknown) =>
          logEvent('warn', 'cdn purge not queued', { error: error instanceof Error ? error.message : String(error) }),
        );
    }
  }

  const unsubscribe = connection.subscribe({
    channel: CHANGE_CHANNEL,
    onMessage(text) {
      let kinds: string[] = [];
      let at: number | undefined;
      let lsn = 0n;
      try {
        const payload = JSON.parse(text || '{}') as { kinds?: unknown; at?: unknown; lsn?: unknown };
        if (Array.isArray(payload.kinds)) kinds = payload.kinds.map(String);
        if (typeof payload.at === 'number') at = payload.at;
        if (typeof payload.lsn === 'string') lsn = lsnValue(payload.lsn);
      } catch {
        // A payload we cannot read is still news: everything is dropped anyway.
      }
      void afterReplica(connection.client(), lsn).then((replica) => {
        if (!stopped) drop({ reason: 'notification', kinds, ...(at ? { at } : {}), ...replica });
      });
    },
    // Notifications sent while the connection was away are lost: everything is dropped, the first time included
    // (what was missed is at most the primary's position now, which a read replica must reach first).
    onConnected: () => {
      void afterReplica(connection.client(), 0n).then(() => {
        if (!stopped) drop({ reason: 'connected' });
      });
    },
    // Reconnecting drops everything and arms the timer again.
    onLost: () => clearTimeout(publicationTimer),
  });

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(settleTimer);
      clearTimeout(publicationTimer);
      await unsubscribe();
      if (!options.connection) await connection.stop();
      await scheduled.end();
    },
  };
}

const RUNNING = Symbol.for('cirrus.changeListener');

/**
 * The process's one listener, started on first call (the production server calls it in every worker, the dev
 * server through src/instrumentation.ts; a dev reload calls it again and gets the same one).
 */
export function ensureChangeListener(url: string): ChangeListener {
  const holder = globalThis as { [RUNNING]?: ChangeListener };
  // The replica's watch starts with the listener, so the first change already waits for it.
  ensureReadReplica();
  holder[RUNNING] ??= startChangeListener({ url, connection: listenConnection(url) });
  return holder[RUNNING];
}

/** Stops the process's listener, if it started one, and its connection (a stopping server, src/server/http/main.ts). */
export async function stopChangeListener(): Promise<void> {
  const holder = globalThis as { [RUNNING]?: ChangeListener };
  const running = holder[RUNNING];
  holder[RUNNING] = undefined;
  await running?.stop();
  await stopListenConnection();
  await endReadReplica();
}
