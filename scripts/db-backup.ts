/**
 * `npm run db:backup [file]`: a pg_dump (custom format) of the database `npm start` uses: DATABASE_URL's, or the
 * embedded one (shared while `npm start` runs, started for the backup and stopped after it otherwise). Without a
 * file, DATA_DIR/backups/cirrus-<UTC time>.dump (docs/decisions/075-backups.md).
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { backupDatabase } from '../src/server/db/backup';
import { log, runDatabaseCommand } from './db-command';

runDatabaseCommand(async (url, env) => {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
  const file = path.resolve(process.argv[2] ?? path.join(env.DATA_DIR, 'backups', `cirrus-${stamp}.dump`));
  mkdirSync(path.dirname(file), { recursive: true });
  await backupDatabase(url, file, log);
  log(
    `backed up to ${file} (${Math.round(statSync(file).size / 1024)} KiB); \`npm run db:restore ${file}\` restores it`,
  );
  return 0;
});
