import 'server-only';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '@/env';
import { DEPENDENCY_DOWN_DIGEST, isDependencyDown } from '../dependency-down';
import { logEvent } from '../log';
import { noteDatabaseError } from '../outage';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** An open transaction of the app's database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or an open transaction, for code that only reads. */
export type Reader = Pick<Database, 'select' | 'execute'>;

// pg returns int8 as a string by default; our counts and sums fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * A page whose query failed because the database is down shows the "temporarily unavailable" page (status 503),
 * not the failure page. Next sends the browser only an error's digest, and keeps a digest the error already has;
 * drizzle wraps the driver's error in a DrizzleQueryError, so that is where the digest is read from its cause.
 */
const ownDigest = Symbol('digest');
Object.defineProperty(DrizzleQueryError.prototype, 'digest', {
  configurable: true,
  get(this: DrizzleQueryError & { [ownDigest]?: string }) {
    return this[ownDigest] ?? (isDependencyDown(this.cause) ? DEPENDENCY_DOWN_DIGEST : undefined);
  },
  set(this: DrizzleQueryError & { [ownDigest]?: string }, value: string) {
    this[ownDigest] = value;
  },
});

export function createDatabase(
  url: string,
  options: { max?: number; queryTimeoutMs?: number; applicationName?: string } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // How `npm run db:restore` knows the site runs against this database (src/server/db/backup.ts).
    application_name: options.applicationName ?? 'cirrus',
    max: options.max ?? 10,
    // A build's prerender workers connect all at once on a busy machine: they wait longer than a request would.
    connectionTimeoutMillis: process.env.NEXT_PHASE === 'phase-production-build' ? 30_000 : 3_000,
    idleTimeoutMillis: 30_000,
    // A database that stops answering (a hung server, a network partition) fails the query as unavailable (503)
    // instead of holding the request and its connection forever. Migrations and bulk seeds pass 0 (no limit).
    query_timeout: options.queryTimeoutMs ?? 15_000,
  });
  // An idle client losing its server (database restarted) must not crash the process.
  pool.on('error', (error) => {
    if (!noteDatabaseError(error, 'pool')) logEvent('error', 'pg pool error', { error: error.message });
  });
  return drizzle(pool, { schema, casing: 'snake_case' });
}

const globalForDb = globalThis as unknown as { cirrusDb?: Database };

/** The app's database; one pool per process, kept across dev-server reloads. */
export function getDb(): Database {
  if (!globalForDb.cirrusDb) {
    const url = env().DATABASE_URL;
    if (!url) {
      throw new Error(
        'DATABASE_URL is not set: start the site with `npm start`, which starts the embedded PostgreSQL first',
      );
    }
    globalForDb.cirrusDb = createDatabase(url, { max: env().DATABASE_POOL_MAX });
  }
  return globalForDb.cirrusDb;
}
