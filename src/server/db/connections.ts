import 'server-only';
import pg from 'pg';
import { logEvent } from '../log';

/**
 * How many connections an instance may open, against what PostgreSQL allows (README.md#database-connections):
 * each process that answers requests has a pool of DATABASE_POOL_MAX and one connection of its own for the change
 * notifications; the process that runs the background jobs (docs/decisions/064-background-jobs.md) a pool too,
 * its wake-up listener and the scheduled changes' two.
 */
export function likelyConnections(options: { processes: number; poolMax: number; jobs: boolean }): number {
  const perProcess = options.poolMax + 1;
  return options.processes * perProcess + (options.jobs ? options.poolMax + 1 + 2 : 0);
}

/**
 * The one warning line when this instance at its busiest, with the connections other clients hold now (other
 * instances, psql), would not fit in `max_connections` less the superuser's reserved ones; null when it fits.
 */
export function connectionWarning(options: {
  likely: number;
  maxConnections: number;
  reserved: number;
  othersNow: number;
}): string | null {
  const room = options.maxConnections - options.reserved - options.othersNow;
  if (options.likely <= room) return null;
  return `this instance may open ${options.likely} database connections, and PostgreSQL allows ${options.maxConnections} (${options.reserved} reserved, ${options.othersNow} held by others now): lower DATABASE_POOL_MAX or WEB_CONCURRENCY, or raise max_connections`;
}

/** Asks the database and logs connectionWarning's line, if any; never fails the start. */
export async function checkConnectionBudget(url: string, likely: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ max: string; reserved: string; others: string }>(
      `select current_setting('max_connections') as max,
              current_setting('superuser_reserved_connections') as reserved,
              (select count(*) from pg_stat_activity
                 where backend_type = 'client backend' and pid <> pg_backend_pid()) as others`,
    );
    const row = rows[0];
    if (!row) return;
    const warning = connectionWarning({
      likely,
      maxConnections: Number(row.max),
      reserved: Number(row.reserved),
      othersNow: Number(row.others),
    });
    if (warning) logEvent('warn', warning, { likely, maxConnections: Number(row.max) });
  } catch {
    // The database away at start is reported by readiness and the outage log, not here.
  } finally {
    await client.end().catch(() => undefined);
  }
}
