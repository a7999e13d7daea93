import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/server/port-check';

/**
 * A real PostgreSQL primary and a streaming replica made from it with pg_basebackup, for the read-replica tests
 * (docs/decisions/076-read-replicas.md). The programs are Debian's (/usr/lib/postgresql/<version>/bin): the
 * embedded package ships no pg_basebackup. As root, the servers run as the user `postgres`.
 */

/** The newest PostgreSQL with initdb, postgres and pg_basebackup, or the reason there is none. */
export function replicaPrograms(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return { missing: `${root} is absent (install Debian's postgresql package)` };
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (['initdb', 'postgres', 'pg_basebackup'].every((p) => existsSync(path.join(bin, p)))) return { bin };
  }
  return { missing: `no ${root}/<version>/bin holds initdb, postgres and pg_basebackup` };
}

type Server = { child: ChildProcess; port: number; url: string; stop: () => Promise<void> };

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
  if (!Number.isFinite(uid) || !Number.isFinite(gid)) throw new Error('running as root and there is no user postgres');
  return { uid, gid };
}

function runProgram(bin: string, program: string, args: string[]): void {
  const user = runAs();
  const result = spawnSync(path.join(bin, program), args, {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.error?.message}`);
}

/** Starts postgres on `dataDir` and resolves once it takes connections (read-only ones for a replica). */
async function startServer(bin: string, dataDir: string, socketDir: string): Promise<Server> {
  const port = await freePort();
  const user = runAs();
  const child = spawn(
    path.join(bin, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, ...(user ?? {}) },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/ready to accept (read-only )?connections/.test(output)) resolve();
    });
    child.on('exit', () => reject(new Error(`postgres on ${dataDir} exited: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/cirrus`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs a statement on the replica (pg_wal_replay_pause(), pg_wal_replay_resume()). */
  onReplica: (statement: string) => Promise<void>;
  stopReplica: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Creates the primary with an empty `cirrus` database, lets `prepare` fill it (migrations, seed), then copies it
 * into a replica that streams from it.
 */
export async function startReplicaCluster(
  bin: string,
  prepare: (url: string) => Promise<void>,
): Promise<ReplicaCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cirrus-replica-'));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  // Trust on 127.0.0.1 only, replication included (initdb writes those lines): a test's throwaway servers.
  // --no-sync here and for the base backup: throwaway servers, and fsync is most of their time on a busy disk.
  runProgram(bin, 'initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const primary = await startServer(bin, primaryDir, dir);
  const servers: Server[] = [primary];
  try {
    const admin = new pg.Client({ connectionString: primary.url.replace(/\/cirrus$/, '/postgres') });
    await admin.connect();
    await admin.query('create database cirrus');
    await admin.end();
    await prepare(primary.url);
    runProgram(bin, 'pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    const replica = await startServer(bin, replicaDir, dir);
    servers.push(replica);
    return {
      primaryUrl: primary.url,
      replicaUrl: replica.url,
      onReplica: async (statement) => {
        const client = new pg.Client({ connectionString: replica.url });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      },
      stopReplica: replica.stop,
      stop: async () => {
        for (const server of servers.reverse()) await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const server of servers.reverse()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
