import 'server-only';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '@/env';
import { logEvent } from '../log';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// pg returns int8 as a string by default; our counts and sums fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (database restarted) must not crash the process.
  pool.on('error', (error) => logEvent('error', 'pg pool error', { error: error.message }));
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
    globalForDb.cirrusDb = createDatabase(url);
  }
  return globalForDb.cirrusDb;
}
