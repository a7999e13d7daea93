/**
 * Back-office lists at 100,000 rows (docs/decisions/039-back-office.md), against the real API in process on a
 * database of its own (embedded DATA_DIR/bench-admin, or `<db>_bench-admin` beside DATABASE_URL; reset and
 * seeded at every run): 100,000 announcements in three languages and 100,000 audit entries, then each list asked
 * the way an operator pages through it (first page, a deep page, another sort, a search, a filter), signed in as
 * an owner. Latency p50/p99 per list; the target is p99 under 100 ms.
 *
 *   npx tsx --conditions=react-server bench/admin-lists.ts
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { loadEnv } from '../src/env';
import { newTotpSecret } from '../src/server/admin/totp';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { staff } from '../src/server/db/schema';
import { startTestDatabase } from '../tests/support/test-database';

const ROWS = 100_000;
const CALLS = 100;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const env = loadEnv();
  const database = await startTestDatabase(env, 'bench-admin');
  const reset = createDatabase(database.url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url, { queryTimeoutMs: 0 });
  const app = createApp({ db });
  try {
    const secret = newTotpSecret();
    const [owner] = await db
      .insert(staff)
      .values({
        email: 'owner@bench.example.com',
        name: 'Bench Owner',
        role: 'owner',
        passwordHash: await hashPassword('bench password 1'),
        totpSecret: secret,
      })
      .returning();
    await db.execute(sql`
      insert into announcements (id, category, pinned, published_at)
      overriding system value
      select 1000000 + g, (array['maintenance','product','security','promotion'])[1 + g % 4], g % 500 = 0,
             now() - (g || ' minutes')::interval
        from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into announcement_translations (announcement_id, locale, title, body)
      select 1000000 + g, l, l || ' notice ' || g || ' about ' || (array['Tokyo','Hong Kong','Frankfurt','Seoul'])[1 + g % 4],
             'Body of notice ' || g
        from generate_series(1, ${ROWS}) g, unnest(array['en','zh','ja']) l
       where l = 'en' or g % 3 <> 0`);
    await db.execute(sql`
      insert into audit_log (staff_id, kind, entity_id, action, before, after, created_at)
      select ${owner?.id}, (array['announcement','article','review','staff'])[1 + g % 4], g::text, 'update',
             jsonb_build_object('n', g), jsonb_build_object('n', g + 1), now() - (g || ' seconds')::interval
        from generate_series(1, ${ROWS}) g`);
    // What autovacuum does to a table of this size soon after the load: statistics and the visibility map.
    await db.execute(sql`vacuum analyze`);

    const login = await app.request('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'owner@bench.example.com',
        password: 'bench password 1',
        totpCode: await generate({ secret }),
      }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);

    const lists: [string, string[]][] = [
      [
        'announcements',
        [
          '/api/admin/announcements?rows=20',
          '/api/admin/announcements?rows=20&page=2500',
          '/api/admin/announcements?rows=50&sort=category&dir=asc',
          '/api/admin/announcements?rows=20&q=Frankfurt',
          '/api/admin/announcements?rows=20&q=notice%2099999',
        ],
      ],
      [
        'audit log',
        [
          '/api/admin/audit?rows=20',
          '/api/admin/audit?rows=20&page=2500',
          '/api/admin/audit?rows=20&kind=review',
          `/api/admin/audit?rows=20&from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
        ],
      ],
      ['missing translations', ['/api/admin/translations/missing?kind=announcement']],
    ];
    const rows: string[] = [];
    for (const [name, paths] of lists) {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        const path = paths[i % paths.length] ?? '';
        const started = performance.now();
        const res = await app.request(path, { headers: { cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (process.env.BENCH_VERBOSE) console.error(path, (performance.now() - started).toFixed(1));
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      }
      times.sort((a, b) => a - b);
      const p99 = quantile(times, 0.99);
      if (p99 >= 100) process.exitCode = 1;
      rows.push(
        `| ${name} (${paths.length} kinds of call, ${CALLS} calls) | ${quantile(times, 0.5).toFixed(1)} ms | ${p99.toFixed(1)} ms | ${p99 < 100 ? 'yes' : '**no**'} |`,
      );
    }
    console.log(`| 100,000 rows each | p50 | p99 | under 100 ms |
| --- | --- | --- | --- |
${rows.join('\n')}`);
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
