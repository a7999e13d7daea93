/**
 * `npm run db:restore <file> [--force]`: pg_restore of a `npm run db:backup` file into the database `npm start`
 * uses. Refused while the site runs against that database, and on a database with tables unless --force
 * (docs/decisions/075-backups.md).
 */
import { EnvError, loadEnv } from '../src/env';
import { BackupError, restoreDatabase } from '../src/server/db/backup';
import { startDatabase } from '../src/server/db/prepare';

const log = (line: string) => console.error(`[cirrus] ${line}`);

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    log('usage: npm run db:restore -- <file> [--force]');
    return 2;
  }
  const env = loadEnv();
  const database = await startDatabase(env, 'main', log);
  try {
    await restoreDatabase(database.url, files[0] as string, { force }, log);
    log('restored; `npm start` applies the migrations this build has and the backup lacks');
    return 0;
  } finally {
    await database.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    log(
      error instanceof EnvError || error instanceof BackupError || error instanceof Error
        ? error.message
        : String(error),
    );
    process.exit(1);
  });
