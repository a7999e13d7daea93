/**
 * `npm start` (and `npm run dev`, `npm run build`): configuration check, database (embedded unless
 * DATABASE_URL is set), migrations and seed, a production build when there is none or it is out of date,
 * then the production server on PORT. Stopping it (Ctrl-C, or SIGTERM to it or to npm) drains the server, then
 * stops the embedded PostgreSQL.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Env, EnvError, loadEnv, mailNotice, siteUrlNotice } from '../src/env';
import { buildIfStale, runNext, runProductionServer, waitForExit } from '../src/server/build/next-process';
import { describeDatabase, migrateAndSeed, startDatabase } from '../src/server/db/prepare';
import { logEvent } from '../src/server/log';
import { assertPortFree } from '../src/server/port-check';

const args = new Set(process.argv.slice(2));
const mode = args.has('--dev') ? 'dev' : args.has('--build-only') ? 'build' : 'start';
/**
 * Start-up lines are JSON, as the server's are (docs/decisions/063-logs-and-metrics.md): one object per line with
 * `time`, `level` and `msg`, so a log collector reads the start as it reads the rest.
 */
const log = (line: string) => logEvent('info', line);
/** A failure of the start: also JSON, and written at once (the process exits right after). */
const fail = (line: string) => logEvent('error', line);

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    // The configuration (LOG_LEVEL too) could not be read: the line is written here, whatever the level.
    const message = error instanceof EnvError ? error.message : String(error);
    console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message }));
    process.exit(1);
  }

  // Before the database: a taken port would otherwise surface only after the build, as a stack trace.
  if (mode !== 'build') await assertPortFree(env.PORT, { setting: 'PORT' });
  const database = await startDatabase(env, 'main', log);
  for (const line of describeDatabase(database, { fixedPort: env.EMBEDDED_PG_PORT > 0 })) log(line);
  let stopped = false;
  const stopDatabase = async () => {
    if (stopped) return;
    stopped = true;
    await database.stop().catch((error) => fail(`stopping the database failed: ${String(error)}`));
  };

  try {
    await migrateAndSeed(database.url, log);
  } catch (error) {
    fail(`the database could not be prepared: ${messageOf(error)}`);
    await stopDatabase();
    process.exit(1);
  }

  // SITE_URL as parsed (without one, the port this start listens on), so the build, which bakes it into pages, and
  // every server process agree on it.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_URL: env.SITE_URL,
  };
  log(siteUrlNotice(env));
  log(mailNotice(env));
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';

  let child: ChildProcess | undefined;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // Once: a terminal or a supervisor signals every process of the group, and each parent passes it on.
    if (stopping) return;
    stopping = true;
    // The server drains, then exits; the database stops after it (below, once it exited).
    if (child && child.exitCode === null) child.kill(signal);
    else {
      await stopDatabase();
      process.exit(0);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  // npm exits on SIGTERM without waiting for its script, and its shell does not pass the signal on: the launcher
  // processes above this one going away is the stop (docs/decisions/061-stopping-and-readiness.md).
  const launchers = launcherProcesses();
  if (launchers.length > 0) {
    setInterval(() => {
      if (launchers.some((pid) => !isAlive(pid))) void stop('SIGTERM');
    }, 500).unref();
  }

  if (mode === 'dev') {
    child = runNext(['dev', '--port', String(env.PORT)], { ...childEnv, NODE_ENV: 'development' });
  } else {
    const code = await buildIfStale(distDir, childEnv, log, mode === 'build');
    if (code !== 0 || mode === 'build') {
      await stopDatabase();
      process.exit(code);
    }
    log(`serving on http://localhost:${env.PORT}`);
    child = runProductionServer({ ...childEnv, NODE_ENV: 'production', PORT: String(env.PORT) });
  }
  const code = await waitForExit(child);
  await stopDatabase();
  process.exit(code);
}

/**
 * The processes that started this one for `npm start` (npm, its shell, tsx), read from /proc: each parent up to
 * npm itself. Empty when not started by npm, or where there is no /proc.
 */
function launcherProcesses(): number[] {
  const found: number[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth += 1) {
    let command: string;
    let parent: number;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // The parent is the second field after the command's name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return [];
    }
    found.push(pid);
    if (/(^|[/ ])npm( |$)|npm-cli\.js/.test(command)) return found;
    pid = parent;
  }
  // No npm above: a supervisor or a terminal started this directly, and signals it.
  return [];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Start-up failures (StartupError) carry their cause and fix in the message; no stack trace is printed.
main().catch((error) => {
  fail(messageOf(error));
  process.exit(1);
});
