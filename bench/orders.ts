/**
 * Orders at load (docs/decisions/037-order-lifecycle.md), against the real API over HTTP on a database of its own
 * (embedded DATA_DIR/bench-orders, or `<db>_bench-orders` beside DATABASE_URL; reset and seeded at every run):
 *
 * - order creation by 50 customers at once, 10 orders each: latency p50/p99 and orders a second;
 * - the expiry sweep of 100,000 unpaid orders past their window (a tenth holding sale stock), by one sweeper and
 *   by two at once: time and orders a second, with the stock given back checked exactly.
 *
 * Prints a Markdown section for BENCHMARKS.md; exits 1 when a count is wrong or an answer is a 5xx.
 *
 *   npx tsx --conditions=react-server bench/orders.ts
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createSession } from '../src/server/auth/sessions';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { saleActivities, saleItems, users } from '../src/server/db/schema';
import { expireUnpaidOrders } from '../src/server/orders/expiry';
import { startTestDatabase } from '../tests/support/test-database';

const CUSTOMERS = 50;
const ORDERS_EACH = 10;
const SWEPT = 100_000;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function fail(message: string) {
  console.error(`FAILED: ${message}`);
  process.exitCode = 1;
}

async function customers(db: Database, count: number) {
  const passwordHash = await hashPassword('abc123');
  const run = Date.now().toString(36);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `orders-${run}-${i}@example.com`,
        username: `orders-${run}-${i}`,
        passwordHash,
        status: 'active' as const,
        locale: 'en' as const,
        activatedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  return Promise.all(
    rows.map(async ({ id }) => {
      const session = await createSession(db, id);
      return { id, headers: { cookie: `sid=${session.sessionToken}`, 'x-csrf-token': session.csrfToken } };
    }),
  );
}

async function creation(db: Database, base: string): Promise<string> {
  const buyers = await customers(db, CUSTOMERS);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer, b) => {
      for (let i = 0; i < ORDERS_EACH; i += 1) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/home/coupon-server/order/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...buyer.headers },
          body: JSON.stringify({
            regionId: ['hong-kong', 'tokyo', 'los-angeles'][b % 3],
            imageId: 'ubuntu-24.04',
            planId: 'std-2c4g',
            months: [1, 3, 6, 12][i % 4],
            currency: ['USD', 'HKD', 'JPY'][i % 3],
            dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
            idempotencyKey: crypto.randomUUID(),
          }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (errors > 0) fail(`${errors} order creations did not answer 200`);
  latencies.sort((a, b) => a - b);
  const total = CUSTOMERS * ORDERS_EACH;
  return `| ${total} orders, ${CUSTOMERS} customers at once | ${quantile(latencies, 0.5).toFixed(1)} ms | ${quantile(latencies, 0.99).toFixed(1)} ms | ${(total / seconds).toFixed(0)} |`;
}

/**
 * 100,000 unpaid orders past their window, inserted in one statement; every tenth holds one of the sale's stock.
 * Each run's numbers are its own (the runs share one database).
 */
async function backlog(db: Database, run: number): Promise<{ saleItemId: number; held: number }> {
  const [activity] = await db
    .insert(saleActivities)
    .values({
      name: { en: 'Sweep sale' },
      description: { en: 'x' },
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const held = SWEPT / 10;
  const [item] = await db
    .insert(saleItems)
    .values({
      activityId: activity?.id ?? 0,
      planId: 'std-1c1g',
      regionId: 'tokyo',
      months: 12,
      salePriceCents: 3000,
      stockTotal: held,
      stockLeft: 0,
      perUserLimit: 1,
    })
    .returning();
  const [owner] = await customers(db, 1);
  await db.execute(sql`
    insert into orders (number, user_id, idempotency_key, kind, currency, rate, subtotal_minor, discount_minor,
                        total_minor, config, lines, sale_item_id, pay_by, status_changed_at)
    select 'CCSWEEP' || ${run}::text || lpad(g::text, 9, '0'), ${owner?.id}, 'sweep-' || ${run}::text || '-' || g, 'vps', 'USD', 1, 500, 0, 500,
           '{}'::jsonb, '[]'::jsonb, case when g % 10 = 0 then ${item?.id}::int end,
           now() - interval '1 hour', now()
      from generate_series(1, ${SWEPT}) g`);
  return { saleItemId: item?.id ?? 0, held };
}

async function sweep(db: Database, sweepers: number): Promise<string> {
  const { saleItemId, held } = await backlog(db, sweepers);
  const started = performance.now();
  let expired = 0;
  await Promise.all(
    Array.from({ length: sweepers }, async () => {
      for (;;) {
        const { expired: n } = await expireUnpaidOrders(db);
        expired += n;
        if (n === 0) break;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [stock] = (
    await db.execute<{ left: number }>(sql`select stock_left as "left" from sale_items where id = ${saleItemId}`)
  ).rows;
  if (expired !== SWEPT) fail(`${sweepers} sweeper(s): ${expired} orders expired, expected ${SWEPT}`);
  if (Number(stock?.left) !== held) fail(`${sweepers} sweeper(s): stock back ${stock?.left}, expected ${held}`);
  return `| expiry sweep of ${SWEPT.toLocaleString('en-US')} unpaid orders, ${sweepers} sweeper${sweepers > 1 ? 's' : ''} (batches of 500) | ${seconds.toFixed(1)} s | | ${(SWEPT / seconds).toFixed(0)} |`;
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const env = loadEnv();
  const database = await startTestDatabase(env, 'bench-orders');
  const reset = createDatabase(database.url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  // The production pool size, behind a real HTTP server; the sweeps need no query timeout.
  const db = createDatabase(database.url, { queryTimeoutMs: 0 });
  const server = serve({ fetch: createApp({ db }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const rows = [await creation(db, base), await sweep(db, 1), await sweep(db, 2)];
    console.log(`| | p50 / time | p99 | orders/s |
| --- | --- | --- | --- |
${rows.join('\n')}`);
  } finally {
    server.close();
    await db.$client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
