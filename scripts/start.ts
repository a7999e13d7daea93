/**
 * `npm start` (and `npm run dev`, `npm run build`): configuration check, database (embedded unless
 * DATABASE_URL is set), migrations and seed, a production build when there is none or it is out of date,
 * then `next start` on PORT. Stopping it (Ctrl-C) stops the embedded PostgreSQL too.
 */
import type { ChildProcess } from 'node:child_process';
import { type Env, EnvError, loadEnv, mailNotice, siteUrlNotice } from '../src/env';
import { buildIfStale, runNext, runProductionServer, waitForExit } from '../src/server/build/next-process';
import { describeDatabase, migrateAndSeed, startDatabase } from '../src/server/db/prepare';
import { assertPortFree } from '../src/server/port-check';

const args = new Set(process.argv.slice(2));
const mode = args.has('--dev') ? 'dev' : args.has('--build-only') ? 'build' : 'start';
const log = (line: string) => console.log(`[cirrus] ${line}`);

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
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
    await database.stop().catch((error) => console.error(`[cirrus] stopping the database failed: ${String(error)}`));
  };

  try {
    await migrateAndSeed(database.url, log);
  } catch (error) {
    console.error(`[cirrus] the database could not be prepared: ${messageOf(error)}`);
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
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (child && child.exitCode === null) child.kill(signal);
      else {
        await stopDatabase();
        process.exit(0);
      }
    });
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Start-up failures (StartupError) carry their cause and fix in the message; no stack trace is printed.
main().catch((error) => {
  console.error(`[cirrus] ${messageOf(error)}`);
  process.exit(1);
});
