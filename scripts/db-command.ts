/**
 * What `npm run db:backup` and `db:restore` share: the database `npm start` uses (DATABASE_URL's, or the embedded
 * one, shared while `npm start` runs, else started for the command and stopped after it), one `[cirrus]` line per
 * message on stderr, and the exit code (1 with the reason on any failure; docs/decisions/075-backups.md).
 */
import { type Env, loadEnv } from '../src/env';
import { startDatabase } from '../src/server/db/prepare';

export const log = (line: string) => console.error(`[cirrus] ${line}`);

export function runDatabaseCommand(command: (url: string, env: Env) => Promise<number>): void {
  const run = async () => {
    const env = loadEnv();
    const database = await startDatabase(env, 'main', log);
    try {
      return await command(database.url, env);
    } finally {
      await database.stop();
    }
  };
  run()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      log(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
