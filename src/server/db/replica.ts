import 'server-only';
import { env } from '@/env';
import { logEvent } from '../log';
import { createDatabase, type Database, getDb } from './client';
import { maskPassword } from './database-url';

/**
 * Reading from a streaming replica (DATABASE_READ_URL, docs/decisions/076-read-replicas.md). Public catalog and
 * content reads (the storefront's pages and their API reads) ask `readDatabase()`, which answers the replica only
 * while it is known to hold every change this process has heard of:
 *
 * - each change notification carries a WAL position; until the replica has replayed it, reads go to the primary,
 *   and the listener drops this process's caches only once it has (src/server/changes/listener.ts), so nothing
 *   rendered after a change reads the row from before it;
 * - a process that wrote reads the primary until its write is replayed; a visitor who wrote carries a short cookie
 *   and reads the primary while it lasts (another instance has not heard of the write yet);
 * - a replica that does not answer, or lags more than DATABASE_READ_MAX_LAG_SECONDS, is left for the primary until
 *   it catches up; both are said once in the log, and once when it is back.
 *
 * The state lives on the process, not in this module: the production server loads this file through tsx and
 * Next's bundles may hold another copy (as src/server/changes/hooks.ts).
 */

/** A WAL position as PostgreSQL prints it, `16/B374D848`, as one number. */
export function lsnValue(text: string | null | undefined): bigint {
  if (!text) return 0n;
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) return 0n;
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Past any position: a server that is not in recovery (promoted, or the primary itself) holds everything. */
const EVERYTHING = (1n << 64n) - 1n;

/** How often each process looks at the replica's position and lag. */
const CHECK_EVERY_MS = 1_000;
/** How long a change waits for the replica before its caches drop anyway, reads then going to the primary. */
const REPLAY_WAIT_MS = 1_000;
const REPLAY_POLL_MS = 5;

type Health = 'unknown' | 'ok' | 'down' | 'lagging';
type Log = (level: 'info' | 'warn', msg: string, fields: Record<string, unknown>) => void;

export type ReadReplica = {
  primary: Database;
  replica: Database;
  url: string;
  maxLagMs: number;
  replayWaitMs: number;
  health: Health;
  /** The replica's replay position when last looked at. */
  replayed: bigint;
  /** Reads go to the primary until the replica has replayed this far (a change heard of, a write of ours). */
  mustReach: bigint;
  /** The primary's positions seen and not yet replayed, oldest first: how long the oldest waits is the lag. */
  waiting: { lsn: bigint; at: number }[];
  log: Log;
  timer?: NodeJS.Timeout;
  checking?: Promise<void>;
};

const STATE = Symbol.for('cirrus.readReplica');
type Holder = { [STATE]?: ReadReplica };

export function readReplica(): ReadReplica | undefined {
  return (globalThis as Holder)[STATE];
}

/**
 * Starts reading from the replica at `url` for this process (the first call wins; later ones get the same). Reads
 * stay on the primary until the first look at the replica finds it answering and caught up.
 */
export function configureReadReplica(options: {
  primary: Database;
  url: string;
  maxLagSeconds: number;
  poolMax?: number;
  log?: Log;
  checkEveryMs?: number;
  replayWaitMs?: number;
}): ReadReplica {
  const holder = globalThis as Holder;
  if (holder[STATE]) return holder[STATE];
  const state: ReadReplica = {
    primary: options.primary,
    replica: createDatabase(options.url, { max: options.poolMax }),
    url: options.url,
    maxLagMs: options.maxLagSeconds * 1000,
    replayWaitMs: options.replayWaitMs ?? REPLAY_WAIT_MS,
    health: 'unknown',
    replayed: 0n,
    mustReach: 0n,
    waiting: [],
    log: options.log ?? ((level, msg, fields) => logEvent(level, msg, fields)),
  };
  holder[STATE] = state;
  state.timer = setInterval(() => void checkReadReplica(), options.checkEveryMs ?? CHECK_EVERY_MS);
  state.timer.unref();
  void checkReadReplica();
  return state;
}

/** Stops this process's replica reads (a stopping server, the tests). */
export async function endReadReplica(): Promise<void> {
  const holder = globalThis as Holder;
  const state = holder[STATE];
  holder[STATE] = undefined;
  if (!state) return;
  clearInterval(state.timer);
  await state.checking?.catch(() => undefined);
  await state.replica.$client.end().catch(() => undefined);
}

/** The replica of DATABASE_READ_URL for this process, configured on first call; undefined without one. */
export function ensureReadReplica(): ReadReplica | undefined {
  const existing = readReplica();
  if (existing) return existing;
  const { DATABASE_READ_URL, DATABASE_READ_MAX_LAG_SECONDS, DATABASE_POOL_MAX } = env();
  if (!DATABASE_READ_URL) return undefined;
  return configureReadReplica({
    primary: getDb(),
    url: DATABASE_READ_URL,
    maxLagSeconds: DATABASE_READ_MAX_LAG_SECONDS,
    poolMax: DATABASE_POOL_MAX,
  });
}

/** True when the replica may answer a read now. */
function replicaServes(state: ReadReplica): boolean {
  return state.health === 'ok' && state.replayed >= state.mustReach;
}

/**
 * Where a public read goes: the replica when one is configured, answering, within its lag limit and past every
 * change this process heard of; the primary otherwise, and always for a visitor who just wrote (`afterOwnWrite`).
 */
export function readDatabase(primary: Database, options: { afterOwnWrite?: boolean } = {}): Database {
  const state = readReplica();
  if (!state || options.afterOwnWrite || !replicaServes(state)) return primary;
  return state.replica;
}

/** The database the storefront's pages read: readDatabase() over the app's database. */
export function getReadDb(): Database {
  ensureReadReplica();
  return readDatabase(getDb());
}

function setHealth(state: ReadReplica, health: Health, fields: Record<string, unknown> = {}): void {
  const before = state.health;
  if (before === health) return;
  state.health = health;
  const where = maskPassword(state.url);
  if (health === 'down') {
    state.log('warn', 'reading from the primary: the read replica does not answer', { replica: where, ...fields });
  } else if (health === 'lagging') {
    state.log('warn', 'reading from the primary: the read replica lags behind', {
      replica: where,
      limitSeconds: state.maxLagMs / 1000,
      ...fields,
    });
  } else if (health === 'ok' && before !== 'unknown') {
    state.log('info', 'reading from the read replica again', { replica: where, after: before });
  }
}

function noteReplayed(state: ReadReplica, replayed: bigint): void {
  if (replayed > state.replayed) state.replayed = replayed;
  while (state.waiting.length > 0 && (state.waiting[0]?.lsn ?? 0n) <= state.replayed) state.waiting.shift();
}

async function replayPosition(state: ReadReplica): Promise<bigint> {
  const { rows } = await state.replica.$client.query<{ recovering: boolean; lsn: string | null }>(
    'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn',
  );
  const row = rows[0];
  return row?.recovering ? lsnValue(row.lsn) : EVERYTHING;
}

/**
 * One look: the primary's position now, the replica's replay position; the lag is how long the oldest primary
 * position seen and not yet replayed has waited (a replica with nothing to replay has none, however long the
 * primary was idle, which the replay timestamp would count as lag).
 */
export async function checkReadReplica(): Promise<void> {
  const state = readReplica();
  if (!state) return;
  if (state.checking) return state.checking;
  state.checking = (async () => {
    const now = Date.now();
    try {
      const { rows } = await state.primary.$client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = lsnValue(rows[0]?.lsn);
      const last = state.waiting.at(-1);
      if (!last || lsn > last.lsn) state.waiting.push({ lsn, at: now });
      // A replica stuck for days: keep the oldest position (the lag) and a bounded tail.
      if (state.waiting.length > 600) state.waiting.splice(1, 1);
    } catch {
      // The primary away is its own outage (src/server/outage.ts); the replica is still looked at.
    }
    let replayed: bigint;
    try {
      replayed = await replayPosition(state);
    } catch (error) {
      setHealth(state, 'down', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    noteReplayed(state, replayed);
    const oldest = state.waiting[0];
    const lagMs = oldest ? Date.now() - oldest.at : 0;
    if (lagMs > state.maxLagMs) setHealth(state, 'lagging', { lagSeconds: Math.round(lagMs / 100) / 10 });
    else setHealth(state, 'ok');
  })().finally(() => {
    state.checking = undefined;
  });
  return state.checking;
}

/** Reads go to the primary until the replica has replayed `lsn`. */
export function mustReach(lsn: bigint): void {
  const state = readReplica();
  if (state && lsn > state.mustReach) state.mustReach = lsn;
}

/**
 * After a write of this process commits: its reads go to the primary until the replica has replayed it, so the
 * caches it drops at once (src/server/changes/bus.ts seenHereAtOnce) refill with what was just written.
 */
export async function noteOwnWrite(): Promise<void> {
  const state = readReplica();
  if (!state) return;
  try {
    const { rows } = await state.primary.$client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    mustReach(lsnValue(rows[0]?.lsn));
  } catch {
    // Without the position, every read goes to the primary until the next look finds the replica caught up.
    mustReach(EVERYTHING - 1n);
  }
}

/**
 * Waits, briefly, until the replica has replayed `lsn` (a change's commit): true when it has, or when there is no
 * replica to wait for. Reads go to the primary from the call on until it has, whatever this answers.
 */
export async function waitForReplay(lsn: bigint): Promise<boolean> {
  const state = readReplica();
  if (!state) return true;
  mustReach(lsn);
  if (state.health !== 'ok') return false;
  const deadline = Date.now() + state.replayWaitMs;
  for (;;) {
    try {
      noteReplayed(state, await replayPosition(state));
    } catch {
      return false;
    }
    if (state.replayed >= lsn) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}

/** The cookie a visitor's successful write sets: its reads go to the primary while it lasts. */
export const RECENT_WRITE_COOKIE = 'cirrus_wrote';

/** Seconds the cookie lasts: the lag limit and one look of the monitor, after which the replica holds the write. */
export function recentWriteSeconds(state: ReadReplica): number {
  return Math.ceil(state.maxLagMs / 1000) + Math.ceil(CHECK_EVERY_MS / 1000) + 1;
}
