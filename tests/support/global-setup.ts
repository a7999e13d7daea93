import type { TestProject } from 'vitest/node';
import { loadEnv } from '../../src/env';
import { createDatabase } from '../../src/server/db/client';
import { dropEverything } from '../../src/server/db/migrate';
import { migrateAndSeed } from '../../src/server/db/prepare';
import { startTestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the unit and API tests: the embedded server on DATA_DIR/test, or a `<name>_test`
 * database beside DATABASE_URL's. Never the database `npm start` serves. Rebuilt from the migrations and
 * the seed at every run, so tests start from known data.
 */
export default async function setup(project: TestProject) {
  const database = await startTestDatabase(loadEnv({ ...process.env, LOG_LEVEL: 'silent' }), 'test');
  const db = createDatabase(database.url, { max: 1 });
  await dropEverything(db);
  await db.$client.end();
  await migrateAndSeed(database.url, () => {});
  project.provide('databaseUrl', database.url);
  return async () => {
    await database.stop();
  };
}
