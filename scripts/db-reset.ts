/** `npm run db:reset`: drops every table, migrates and seeds again (the embedded database unless DATABASE_URL is set). */
import { EnvError, loadEnv } from '../src/env';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { describeDatabase, migrateAndSeed, startDatabase } from '../src/server/db/prepare';

const log = (line: string) => console.log(`[cirrus] ${line}`);

async function main() {
  const env = loadEnv();
  const database = await startDatabase(env, 'main', log);
  log(describeDatabase(database)[0] ?? '');
  try {
    const db = createDatabase(database.url, { max: 1, queryTimeoutMs: 0 });
    await dropEverything(db);
    await db.$client.end();
    await migrateAndSeed(database.url, log);
  } finally {
    await database.stop();
  }
}

// Start-up failures (StartupError) carry their cause and fix in the message; no stack trace is printed.
main().catch((error) => {
  console.error(
    error instanceof EnvError ? error.message : `[cirrus] ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
