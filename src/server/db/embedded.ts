import 'server-only';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { assertPortFree, freePort } from '../port-check';
import { StartupError } from '../startup-error';
import { placeEmbeddedServer } from './embedded-placement';
import { runInitdb, runPostgres } from './embedded-process';

/**
 * The embedded PostgreSQL (docs/design.md#data, docs/engineering.md#traps): a real PostgreSQL 15.18 server with its data in a
 * directory of this checkout. A checkout only ever attaches to the server running on its own data
 * directory, found through that directory's postmaster.pid, so two clones (or the tests beside a running
 * dev server) never share one. A server left behind by a killed process is reused and adopted.
 * Where the programs and data sit when run as root: embedded-placement.ts.
 */
export type EmbeddedServer = {
  url: string;
  port: number;
  /** Where the data really is: the data directory, or the folder it links to when run as root (decision 031). */
  dataDir: string;
  stop: () => Promise<void>;
};

export const EMBEDDED_USER = 'postgres';
/** A local default, printed at start: the server listens on 127.0.0.1 only, so only this machine can try it. */
export const EMBEDDED_PASSWORD = 'postgres';
export const EMBEDDED_DATABASE = 'cirrus';

type RunningServer = { pid: number; port: number };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the liveness check.
    return isAlive(pid);
  }
}

/** The server already running on this data directory, per its postmaster.pid (pid on line 1, port on line 4). */
function runningServer(dataDir: string): RunningServer | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isFinite(pid) || !Number.isFinite(port)) return undefined;
  if (!isAlive(pid) || !isPostgres(pid)) return undefined;
  return { pid, port };
}

async function waitForConnections(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new StartupError(
    'server-failed',
    `the embedded PostgreSQL running on ${url.replace(`:${EMBEDDED_PASSWORD}@`, ':***@')} does not accept connections (${String(lastError)}): stop it, or set EMBEDDED_PG_PORT / DATABASE_URL.`,
  );
}

async function ensureDatabase(port: number, name: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}" encoding 'UTF8' template template0`);
  } finally {
    await client.end();
  }
}

function embeddedUrl(port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // PostgreSQL "fast" shutdown
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** The data directory's folder must exist and be writable before anything else is tried. */
function assertWritableParent(dataDir: string): void {
  const parent = path.dirname(dataDir);
  try {
    mkdirSync(parent, { recursive: true });
    accessSync(parent, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'a file stands where a folder is needed'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : (error as Error).message;
    throw new StartupError(
      'data-dir-not-writable',
      `the data folder ${parent} (DATA_DIR) is not writable: ${reason}. Set DATA_DIR to a folder you may write, or DATABASE_URL to an existing PostgreSQL.`,
    );
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
  /** The PostgreSQL build to run (bin/, lib/, share/); the installed package's by default. */
  nativeDir?: string;
  /** Where programs and data go when the server's user cannot reach them (embedded-placement.ts). */
  fallbackRoot?: string;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? EMBEDDED_DATABASE;
  const log = options.log ?? (() => {});
  const ownerFile = `${dataDir}.owner`;

  assertWritableParent(dataDir);

  const running = runningServer(dataDir);
  if (running) {
    const url = embeddedUrl(running.port, database);
    await waitForConnections(embeddedUrl(running.port, 'postgres'), 10_000);
    await ensureDatabase(running.port, database);
    const owner = existsSync(ownerFile) ? Number.parseInt(readFileSync(ownerFile, 'utf8'), 10) : Number.NaN;
    if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
      // Another live process of this checkout started it (e.g. `npm start` while `npm run db:reset` runs): share it.
      log(`attached to the embedded PostgreSQL on port ${running.port} (pid ${running.pid})`);
      return { url, port: running.port, dataDir: realpathSync(dataDir), stop: async () => {} };
    }
    // Left behind by a killed process: adopt it, so it stops when we do.
    writeFileSync(ownerFile, String(process.pid));
    log(`reusing the embedded PostgreSQL left running on port ${running.port} (pid ${running.pid})`);
    return { url, port: running.port, dataDir: realpathSync(dataDir), stop: () => stopPid(running.pid) };
  }

  // A fixed port is checked before anything is created; a free-chosen one is only taken by postgres itself.
  if (options.port) {
    await assertPortFree(options.port, { host: '127.0.0.1', setting: 'EMBEDDED_PG_PORT' });
  }
  const placement = placeEmbeddedServer({
    dataDir,
    nativeDir: options.nativeDir,
    fallbackRoot: options.fallbackRoot,
    log,
  });
  const { pgData } = placement;

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    // A directory left half-made by a killed initdb cannot be initialised again: start from empty.
    if (existsSync(pgData) && readdirSync(pgData).length > 0) {
      for (const entry of readdirSync(pgData)) rmSync(path.join(pgData, entry), { recursive: true, force: true });
    }
    log(`creating the embedded PostgreSQL in ${pgData}`);
    try {
      await runInitdb(placement, EMBEDDED_USER, EMBEDDED_PASSWORD);
    } catch (error) {
      // Leave no half-made cluster behind: the next start would take it for a finished one.
      for (const entry of existsSync(pgData) ? readdirSync(pgData) : []) {
        rmSync(path.join(pgData, entry), { recursive: true, force: true });
      }
      throw error;
    }
  }

  let port = options.port || (await freePort());
  let server: Awaited<ReturnType<typeof runPostgres>>;
  try {
    server = await runPostgres(placement, port, 'EMBEDDED_PG_PORT');
  } catch (error) {
    // A free-chosen port taken in the moment between choosing and binding: choose again, once.
    if (options.port || !(error instanceof StartupError) || error.failure !== 'port-in-use') throw error;
    port = await freePort();
    server = await runPostgres(placement, port, 'EMBEDDED_PG_PORT');
  }
  writeFileSync(ownerFile, String(process.pid));
  log(`started the embedded PostgreSQL on 127.0.0.1:${port}`);
  try {
    await ensureDatabase(port, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: embeddedUrl(port, database),
    port,
    dataDir: pgData,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
