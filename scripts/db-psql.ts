/**
 * `npm run db:psql [-- psql arguments]`: psql on the database `npm start` uses: DATABASE_URL's, or the
 * embedded one (shared while `npm start` runs, started for the session and stopped after it otherwise).
 */
import { spawn, spawnSync } from 'node:child_process';
import { EnvError, loadEnv } from '../src/env';
import { maskPassword } from '../src/server/db/database-url';
import { startDatabase } from '../src/server/db/prepare';

// Our lines go to stderr, so `npm run -s db:psql -- -c '...' > file` keeps psql's output alone in the file.
const log = (line: string) => console.error(`[cirrus] ${line}`);

function psqlInstalled(): boolean {
  return !spawnSync('psql', ['--version'], { stdio: 'ignore' }).error;
}

async function main(): Promise<number> {
  const env = loadEnv();
  if (!psqlInstalled()) {
    log(
      'psql is not installed: install the PostgreSQL client (Debian, Ubuntu: apt-get install postgresql-client; Fedora: dnf install postgresql; macOS: brew install libpq), or open the database URL `npm start` prints with any PostgreSQL client.',
    );
    return 1;
  }
  const database = await startDatabase(env, 'main', log);
  try {
    // The password travels in the environment, not on the command line where `ps` would show it.
    const url = new URL(database.url);
    const password = decodeURIComponent(url.password);
    url.password = '';
    log(`psql on ${maskPassword(database.url)}${database.embedded ? ' (embedded)' : ' (DATABASE_URL)'}`);
    const psql = spawn('psql', [url.href, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    // Ctrl-C belongs to psql (it cancels the running query); only its exit ends this script.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => psql.kill('SIGTERM'));
    return await new Promise<number>((resolve) => {
      psql.on('error', (error) => {
        log(`psql could not be started: ${error.message}`);
        resolve(1);
      });
      psql.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    await database.stop();
  }
}

// Start-up failures (StartupError) carry their cause and fix in the message; no stack trace is printed.
main()
  .then((code) => process.exit(code))
  .catch((error) => {
    log(error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
