import 'server-only';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { env } from '@/env';
import { isDependencyDown } from './dependency-down';
import { logEvent } from './log';

/**
 * A database outage is two log lines per process, one when it begins and one when it ends with how long it lasted
 * and how many failures it caused, instead of a line per failed request, job run and reconnection attempt
 * (docs/decisions/063-logs-and-metrics.md). Whoever meets a failure that means the database is away passes it
 * here; while the outage lasts, a probe asks the database every second or two, and its first answer ends it.
 * Kept on the process: Next's bundle and the server's own load of the sources hold separate copies of modules.
 */
type Outage = { since: number; failures: number; where: Set<string>; probe: NodeJS.Timeout | undefined };

const HOLDER = Symbol.for('cirrus.outage');
const holder = globalThis as { [HOLDER]?: Outage | null };

const FIRST_PROBE_MS = 1_000;
const LAST_PROBE_MS = 5_000;

/**
 * True when `error` means the database (or another dependency) is down: it is counted in the current outage,
 * which begins with it when none is under way. False for any other error, which the caller logs as it would.
 */
export function noteDatabaseError(error: unknown, where: string): boolean {
  if (!isDependencyDown(error)) return false;
  const current = holder[HOLDER];
  if (current) {
    current.failures += 1;
    current.where.add(where);
    return true;
  }
  const outage: Outage = { since: Date.now(), failures: 1, where: new Set([where]), probe: undefined };
  holder[HOLDER] = outage;
  logEvent('error', 'database unavailable', { where, error: describe(error) });
  probe(outage, FIRST_PROBE_MS);
  return true;
}

/**
 * Whether a dependency failure came from the database (the driver's or drizzle's error) rather than another
 * dependency (the domain registry, a chat provider), which is not this module's to log.
 */
export function fromDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof DrizzleQueryError || 'severity' in e) return true;
    if (DRIVER_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** What node-postgres throws, without a SQLSTATE, when its connection is lost or never made. */
const DRIVER_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/** Whether an outage is under way in this process. */
export function databaseOutage(): boolean {
  return Boolean(holder[HOLDER]);
}

function probe(outage: Outage, waitMs: number): void {
  outage.probe = setTimeout(async () => {
    if (holder[HOLDER] !== outage) return;
    if (await databaseAnswers()) {
      holder[HOLDER] = null;
      logEvent('warn', 'database available again', {
        downMs: Date.now() - outage.since,
        failures: outage.failures,
        where: [...outage.where].sort(),
      });
      return;
    }
    probe(outage, Math.min(waitMs * 2, LAST_PROBE_MS));
  }, waitMs);
  outage.probe.unref();
}

async function databaseAnswers(): Promise<boolean> {
  const url = env().DATABASE_URL;
  if (!url) return true;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    // A standby or a read-only database answers but cannot take writes: such an outage ends when it can.
    const { rows } = await client.query<{ writable: boolean }>(
      "select current_setting('transaction_read_only') = 'off' as writable",
    );
    return rows[0]?.writable === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function describe(error: unknown): string {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (!(e.cause instanceof Error)) return e.message;
  }
  return String(error);
}
