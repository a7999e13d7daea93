/**
 * `npm run db:restore <file> [--force]`: pg_restore of a `npm run db:backup` file into the database `npm start`
 * uses. Refused while the site runs against that database, and on a database with tables unless --force
 * (docs/decisions/075-backups.md).
 */
import { restoreDatabase } from '../src/server/db/backup';
import { log, runDatabaseCommand } from './db-command';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]?.startsWith('-')) {
  log('usage: npm run db:restore -- <file> [--force]');
  process.exit(2);
}

runDatabaseCommand(async (url) => {
  await restoreDatabase(url, files[0] as string, { force }, log);
  log('restored; `npm start` applies the migrations this build has and the backup lacks');
  return 0;
});
