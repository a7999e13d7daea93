import 'server-only';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { maskPassword } from './database-url';
import { packageNativeDir } from './embedded-placement';

/**
 * `npm run db:backup` and `npm run db:restore` (docs/decisions/075-backups.md): pg_dump and pg_restore in their
 * custom format, on the database `npm start` uses (DATABASE_URL's or the embedded one).
 */

/** The application names the site's own connections carry (client.ts, the change listener). */
export const SERVER_APPLICATION_NAMES = ['cirrus', 'cirrus-listener'] as const;

export class BackupError extends Error {
  override name = 'BackupError';
}

export type PgProgram = { file: string; major: number; source: 'embedded' | 'system' };

function majorOf(file: string): number | undefined {
  const out = spawnSync(file, ['--version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return undefined;
  const match = /(\d+)(?:\.\d+)?/.exec(out.stdout);
  return match ? Number(match[1]) : undefined;
}

/** Where a PostgreSQL client program may be, best first: the embedded package's, Debian's per version, PATH. */
function candidates(program: string): { file: string; source: PgProgram['source'] }[] {
  const found: { file: string; source: PgProgram['source'] }[] = [];
  try {
    found.push({ file: path.join(packageNativeDir(), 'bin', program), source: 'embedded' });
  } catch {
    // No embedded package for this machine: the system's programs only.
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) found.push({ file: path.join(debian, v, 'bin', program), source: 'system' });
  }
  found.push({ file: program, source: 'system' });
  return found;
}

/**
 * The program to run against a server of `serverMajor`: pg_dump refuses a server newer than itself, so the first
 * candidate at least as new. The embedded package ships only the server (initdb, postgres, pg_ctl), so on most
 * machines this is the system's PostgreSQL client.
 */
export function findPgProgram(program: 'pg_dump' | 'pg_restore', serverMajor: number): PgProgram {
  const seen: string[] = [];
  for (const candidate of candidates(program)) {
    if (candidate.file.includes('/') && !existsSync(candidate.file)) continue;
    const major = majorOf(candidate.file);
    if (major === undefined) continue;
    seen.push(`${candidate.file} (${major})`);
    if (major >= serverMajor) return { ...candidate, major };
  }
  throw new BackupError(
    seen.length === 0
      ? `${program} is not installed: install the PostgreSQL client (Debian, Ubuntu: apt-get install postgresql-client; Fedora: dnf install postgresql; macOS: brew install libpq)`
      : `${program} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server, and only ${seen.join(', ')} is installed: install the PostgreSQL ${serverMajor} client`,
  );
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'cirrus-backup' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    return Math.floor(Number(rows[0]?.v ?? 0) / 10_000);
  });
}

/** The site's connections to this database other than ours: a running `npm start` keeps its listener's open. */
export async function serverConnections(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = any($1)`,
      [[...SERVER_APPLICATION_NAMES]],
    );
    return rows[0]?.n ?? 0;
  });
}

/** Tables in the schemas the site writes (its own and the migration journal). */
export async function tableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    return rows[0]?.n ?? 0;
  });
}

/** The URL without its password, and the password for PGPASSWORD: `ps` shows arguments, not the environment. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runProgram(program: PgProgram, args: string[], url: string): Promise<void> {
  const { env } = splitPassword(url);
  return new Promise((resolve, reject) => {
    const child = spawn(program.file, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
    });
    child.on('error', (error) => reject(new BackupError(`${program.file} could not be started: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(program.file)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

export async function backupDatabase(url: string, file: string, log: (line: string) => void): Promise<PgProgram> {
  const program = findPgProgram('pg_dump', await serverMajor(url));
  log(
    `pg_dump ${program.major} (${program.source === 'embedded' ? 'embedded' : program.file}) of ${maskPassword(url)}`,
  );
  // Custom format: compressed, and pg_restore can restore it whole or in parts.
  await runProgram(program, ['--format=custom', `--file=${file}`, `--dbname=${splitPassword(url).url}`], url);
  return program;
}

/**
 * Restores `file` into the database of `url`. Refused while the site runs against that database (its listener
 * would miss the change and its pools hold connections into tables being replaced), and refused on a database
 * holding tables unless `force`, which first drops everything the site created. One transaction: a restore that
 * fails leaves the database as it was.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force: boolean },
  log: (line: string) => void,
): Promise<PgProgram> {
  if (!existsSync(file)) throw new BackupError(`there is no backup file ${file}`);
  const running = await serverConnections(url);
  if (running > 0) {
    throw new BackupError(
      `the site is running against ${maskPassword(url)} (${running} of its connections are open): stop every instance (npm start) first, then restore`,
    );
  }
  const tables = await tableCount(url);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `${maskPassword(url)} is not empty (${tables} tables): restoring would replace them; add --force to drop them and restore`,
    );
  }
  const program = findPgProgram('pg_restore', await serverMajor(url));
  if (tables > 0) {
    log(`dropping the ${tables} tables of ${maskPassword(url)} (--force)`);
    await withClient(url, async (client) => {
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    });
  }
  log(
    `pg_restore ${program.major} (${program.source === 'embedded' ? 'embedded' : program.file}) into ${maskPassword(url)}`,
  );
  await runProgram(
    program,
    [
      '--single-transaction',
      '--exit-on-error',
      // Another server's roles need not exist here: objects belong to the user restoring.
      '--no-owner',
      '--no-privileges',
      `--dbname=${splitPassword(url).url}`,
      file,
    ],
    url,
  );
  return program;
}
