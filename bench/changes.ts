/**
 * Operators' changes reaching every instance (docs/decisions/040-changes-reach-every-instance.md): two production
 * instances (src/server/http/main.ts, one worker process per core each, as `npm start` runs) on one database
 * of their own (embedded DATA_DIR/bench-changes, or `<db>_bench-changes` beside DATABASE_URL; reset and seeded at
 * every run), on the production build in .next (built when stale, as `npm start` would for the bench's port).
 *
 * 50 times: the newest announcement's Japanese title is changed in a transaction that also announces it, exactly
 * as src/server/changes/bus.ts does; then each instance's Japanese home page (kept in memory before the change,
 * its ticker shows that title) is asked for until it shows the new title. Reported: the time from the commit to
 * the new title on every instance, median, p90 and max, and per instance.
 *
 * Prints a Markdown section for BENCHMARKS.md; exits 1 when a change is not seen on some instance within 10 s.
 *
 *   npx tsx --conditions=react-server bench/changes.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadEnv } from '../src/env';
import { buildIfStale, runProductionServer } from '../src/server/build/next-process';
import { CHANGE_CHANNEL } from '../src/server/changes/bus';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { startTestDatabase } from '../tests/support/test-database';

const CHANGES = 50;
/** The site's port in bench/run.ts: the build bakes SITE_URL, and this one is the build `npm start` made there. */
const SITE_PORT = Number(process.env.BENCH_PORT ?? 3300);
const PORTS = [SITE_PORT + 10, SITE_PORT + 11];
const GIVE_UP_MS = 10_000;
const log = (line: string) => console.error(`[changes] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

type Page = { status: number; cache: string; body: string };

/** GET a page as a first-time visitor reading English would (language settled, no cookie). */
function get(port: number, path: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const asked = request(
      { host: '127.0.0.1', port, path, headers: { host: `localhost:${port}`, 'accept-language': 'en' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: String(res.headers['x-document-cache'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    asked.on('error', reject);
    asked.end();
  });
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 900; i += 1) {
    try {
      if ((await get(port, '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`instance on ${port} never answered`);
}

/** Asks until every worker of the instance has answered the page from its kept copy a few times in a row. */
async function keptEverywhere(port: number, path: string) {
  let hits = 0;
  for (let i = 0; i < 200 && hits < 6; i += 1) {
    hits = (await get(port, path)).cache === 'hit' ? hits + 1 : 0;
    await sleep(50);
  }
}

/** Milliseconds from `since` until the instance's page shows `text`, or null past GIVE_UP_MS. */
async function visibleAfter(port: number, path: string, text: string, since: number): Promise<number | null> {
  while (Date.now() - since < GIVE_UP_MS) {
    if ((await get(port, path)).body.includes(text)) return Date.now() - since;
    await sleep(5);
  }
  return null;
}

async function main(report: (section: string) => void) {
  const env = loadEnv();
  const database = await startTestDatabase(env, 'bench-changes');
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await sleep(1_000);
    await database.stop().catch(() => undefined);
  };
  try {
    const reset = createDatabase(database.url, { max: 1 });
    await dropEverything(reset);
    await reset.$client.end();
    await migrateAndSeed(database.url, () => {});

    const siteEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      NEXT_TELEMETRY_DISABLED: '1',
      SITE_URL: `http://localhost:${SITE_PORT}`,
      LOG_LEVEL: 'warn',
    };
    const built = await buildIfStale('.next', siteEnv, log);
    if (built !== 0) throw new Error(`the build failed (${built})`);
    for (const port of PORTS) {
      children.push(runProductionServer({ ...siteEnv, NODE_ENV: 'production', PORT: String(port) }));
    }
    await Promise.all(PORTS.map(waitForHealth));

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const newest = await db.query<{ id: number; title: string }>(
      `select announcement_id as id, title from announcement_translations
         where locale = 'ja' and announcement_id = (select id from announcements order by published_at desc, id desc limit 1)`,
    );
    const { id, title: original } = newest.rows[0] ?? { id: 0, title: '' };
    const all: number[] = [];
    const perInstance: number[][] = PORTS.map(() => []);
    let missed = 0;
    const run = Date.now().toString(36);
    const loadAtStart = loadavg()[0] ?? 0;
    for (let i = 0; i < CHANGES; i += 1) {
      await Promise.all(PORTS.map((port) => keptEverywhere(port, '/ja')));
      const title = `Bench change ${run}-${i}`;
      await db.query('begin');
      await db.query(`update announcement_translations set title = $1 where announcement_id = $2 and locale = 'ja'`, [
        title,
        id,
      ]);
      const payload = JSON.stringify({ kinds: ['announcements'], at: Date.now() });
      await db.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
      const committing = Date.now();
      await db.query('commit');
      const seen = await Promise.all(PORTS.map((port) => visibleAfter(port, '/ja', title, committing)));
      if (seen.some((ms) => ms === null)) {
        missed += 1;
        log(`change ${i}: not seen on every instance within ${GIVE_UP_MS} ms (${JSON.stringify(seen)})`);
        continue;
      }
      for (const [n, ms] of seen.entries()) perInstance[n]?.push(ms as number);
      all.push(Math.max(...(seen as number[])));
    }
    await db.query(`update announcement_translations set title = $1 where announcement_id = $2 and locale = 'ja'`, [
      original,
      id,
    ]);
    await db.end();

    const sorted = [...all].sort((a, b) => a - b);
    const row = (name: string, values: number[]) => {
      const s = [...values].sort((a, b) => a - b);
      return `| ${name} | ${s.length} | ${quantile(s, 0.5)} | ${quantile(s, 0.9)} | ${s.at(-1) ?? 0} |`;
    };
    report(
      [
        `${CHANGES} changes, two instances on one database, each with one worker process per core; time from ` +
          'COMMIT to the new title in the ticker of the kept Japanese home page, in ms:',
        '',
        '| Seen on | Changes | Median | p90 | Max |',
        '|---|---:|---:|---:|---:|',
        row('every instance', sorted),
        ...perInstance.map((values, n) => row(`instance ${n + 1}`, values)),
        '',
        missed === 0
          ? `Every change was seen on every instance; target: under 2,000 ms (${quantile(sorted, 1) < 2_000 ? 'met' : 'NOT met'}).`
          : `FAILED: ${missed} changes were not seen on every instance within ${GIVE_UP_MS} ms.`,
        '',
        `Load average (1 min) at the first change ${loadAtStart.toFixed(1)}, after the last ${loadavg()[0]?.toFixed(1)}: ` +
          'anything else running on the two cores slows the renders each change asks for.',
      ].join('\n'),
    );
    if (missed > 0) process.exitCode = 1;
  } finally {
    await stop();
  }
}

/**
 * The build and the servers write to this process's stdout, which bench/run.ts takes as the section: the
 * measuring runs as a child with its stdout on stderr, and hands the section back in a file.
 */
async function asParent() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-changes-')), 'section.md');
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, BENCH_CHANGES_OUT: out },
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  if (existsSync(out)) process.stdout.write(readFileSync(out, 'utf8'));
  process.exit(code);
}

const sectionFile = process.env.BENCH_CHANGES_OUT;
(sectionFile ? main((text) => writeFileSync(sectionFile, text)) : asParent()).catch((error) => {
  console.error(error);
  process.exit(1);
});
