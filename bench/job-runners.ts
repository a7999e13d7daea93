/**
 * Today's background jobs against pg-boss, the kept PostgreSQL job library that runs on this Node
 * (docs/decisions/064-background-jobs.md): what a job costs the database while nothing happens, and how long work
 * queued in a transaction waits before it runs. pg-boss is not a dependency of the site: install it beside and
 * name it (10.4.2 is its last version for Node 20; graphile-worker 0.18 needs Node 22.18):
 *
 *   npm install --prefix /tmp/pgboss pg-boss@10.4.2
 *   PG_BOSS=/tmp/pgboss/node_modules/pg-boss npx tsx --conditions=react-server bench/job-runners.ts
 *
 * Each runner on a database of its own on the tests' server (embedded DATA_DIR/bench-jobs, or beside
 * DATABASE_URL). Today's: the instance's jobs process (src/server/jobs/background.ts) with the CDN purge job
 * configured, a change announced in a transaction (which queues the purge and wakes the jobs on commit), the time
 * to the purge reaching a local receiver. pg-boss: one queue and one worker, a job sent after a commit, the time
 * to its handler, at its default polling (2 s) and its fastest (0.5 s). Idle: transactions the database counted
 * for that database over a minute with the runner started and nothing queued (pg_stat_database, the reading's own
 * statements taken off). Prints a Markdown section.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';

type Boss = {
  on(event: 'error', listener: (error: Error) => void): void;
  start(): Promise<unknown>;
  stop(options?: { graceful?: boolean; wait?: boolean }): Promise<void>;
  createQueue(name: string): Promise<void>;
  send(name: string, data: object): Promise<string | null>;
  work(
    name: string,
    options: { pollingIntervalSeconds: number },
    handler: (jobs: unknown[]) => Promise<void>,
  ): Promise<string>;
};
type BossClass = new (options: { connectionString: string; schema?: string }) => Boss;

const RUNS = 20;
const IDLE_MS = 60_000;

async function main(): Promise<void> {
  const received: number[] = [];
  let onReceived: (() => void) | undefined;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(performance.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      onReceived?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  process.env.CDN_PURGE_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/purge`;
  process.env.CDN_PURGE_TOKEN = 'bench';
  process.env.LOG_LEVEL = 'warn';

  const { loadEnv } = await import('../src/env');
  const { startTestDatabase } = await import('../tests/support/test-database');
  const { migrateAndSeed } = await import('../src/server/db/prepare');
  const { createDatabase } = await import('../src/server/db/client');
  const { startBackgroundJobs } = await import('../src/server/jobs/background');
  const { announceChange } = await import('../src/server/changes/bus');
  const { stopListenConnection } = await import('../src/server/changes/connection');

  const database = await startTestDatabase(loadEnv(), 'bench-jobs');
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const ownDatabase = async (name: string) => {
    const url = new URL(database.url);
    const dbName = `${url.pathname.slice(1)}_${name}`;
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.query(`create database "${dbName}"`);
    url.pathname = `/${dbName}`;
    return { url: url.href, name: dbName };
  };

  /** Transactions of `name` over `ms`, less the reading's own two. */
  async function idleTransactions(name: string, ms: number): Promise<number> {
    const read = async () => {
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
        [name],
      );
      return Number(rows[0]?.n ?? 0);
    };
    const before = await read();
    await new Promise((resolve) => setTimeout(resolve, ms));
    // Backends report their counts when idle at most once a second: let the last ones land.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return (await read()) - before;
  }

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  };
  const describe = (values: number[]) =>
    `median ${Math.round(percentile(values, 50))} ms, p90 ${Math.round(percentile(values, 90))} ms, max ${Math.round(Math.max(...values))} ms`;

  // Today's runner.
  const today = await ownDatabase('today');
  await migrateAndSeed(today.url, () => {});
  const db = createDatabase(today.url, { max: 4 });
  const jobs = startBackgroundJobs(db, today.url);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const todayIdle = idleTransactions(today.name, IDLE_MS);
  const todayIdleCount = await todayIdle;
  const todayLatency: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const arrived = new Promise<void>((resolve) => {
      onReceived = resolve;
    });
    await db.transaction((tx) => announceChange(tx, ['footer']));
    const committed = performance.now();
    await arrived;
    todayLatency.push((received.at(-1) ?? committed) - committed);
  }
  await jobs.stop();
  await stopListenConnection();
  await db.$client.end();

  // pg-boss.
  const bossPath = process.env.PG_BOSS;
  const bossRows: string[] = [];
  if (bossPath) {
    // CommonJS: the class is the module itself.
    const PgBoss = createRequire(path.join(process.cwd(), 'bench'))(bossPath) as BossClass;
    for (const polling of [2, 0.5]) {
      const own = await ownDatabase(`boss_${String(polling).replace('.', '_')}`);
      const boss = new PgBoss({ connectionString: own.url });
      boss.on('error', (error) => console.error(error.message));
      await boss.start();
      await boss.createQueue('purge');
      let ran: (() => void) | undefined;
      await boss.work('purge', { pollingIntervalSeconds: polling }, async () => {
        ran?.();
      });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const idle = await idleTransactions(own.name, IDLE_MS);
      const latency: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const done = new Promise<number>((resolve) => {
          ran = () => resolve(performance.now());
        });
        await boss.send('purge', { tags: ['footer'] });
        const queued = performance.now();
        latency.push((await done) - queued);
      }
      await boss.stop({ graceful: false, wait: true });
      bossRows.push(`| pg-boss 10.4.2, polling ${polling} s | ${idle} | ${describe(latency)} |`);
    }
  }

  console.log(
    [
      "### Background jobs: today's runner and pg-boss",
      '',
      `${RUNS} jobs each after a commit, then a minute with nothing queued; each runner alone on a database of its own.`,
      '',
      '| runner | database transactions in an idle minute | queued to run |',
      '| --- | ---: | --- |',
      `| today's (one jobs process: mail, CDN purges, two expiries; webhooks unset) | ${todayIdleCount} | ${describe(todayLatency)} (to the purge at a local receiver) |`,
      bossRows.join('\n') || '| pg-boss | not run (PG_BOSS unset) | |',
      '',
    ].join('\n'),
  );
  await admin.end();
  receiver.close();
  await database.stop();
  process.exit(0);
}

void main();
