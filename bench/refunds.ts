/**
 * Refund creation at load (docs/decisions/068-refunds-and-credit-notes.md), against the real API over HTTP on a
 * database of its own (embedded DATA_DIR/bench-refunds, or `<db>_bench-refunds` beside DATABASE_URL; reset and seeded
 * at every run): 20 operators (owners and managers, signed in through the API) refunding at once, each a partial
 * refund of its own paid order, then all 20 on one order (they queue on its lock). Every refund issues its credit
 * note and writes its `refund.requested` event. Latency p50/p99; the sums and the credit note numbers are checked
 * (none above what was paid, no gap).
 *
 * Prints a Markdown section for BENCHMARKS.md; exits 1 when a count is wrong or an answer is a 5xx.
 *
 *   npx tsx --conditions=react-server bench/refunds.ts
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { loadEnv } from '../src/env';
import { newTotpSecret } from '../src/server/admin/totp';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { orders, staff, users } from '../src/server/db/schema';
import { transitionOrders } from '../src/server/orders/lifecycle';
import { startTestDatabase } from '../tests/support/test-database';

const OPERATORS = 20;
const ROUNDS = 10;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function fail(message: string) {
  console.error(`FAILED: ${message}`);
  process.exitCode = 1;
}

/** Owners and managers signed in through the API: the headers their browsers send. */
async function operators(db: Database, base: string, count: number) {
  const password = 'correct horse battery';
  const passwordHash = await hashPassword(password);
  const run = Date.now().toString(36);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const secret = newTotpSecret();
      const email = `refunds-${run}-${i}@staff.example.com`;
      await db
        .insert(staff)
        .values({ email, name: `operator ${i}`, role: i % 2 ? 'manager' : 'owner', passwordHash, totpSecret: secret });
      const res = await fetch(`${base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, totpCode: await generate({ secret }) }),
      });
      const body = (await res.json()) as { message: { csrfToken: string } };
      const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('staff_sid=')) ?? '').split(';')[0] ?? '';
      return { cookie, 'x-csrf-token': body.message.csrfToken, 'content-type': 'application/json' };
    }),
  );
}

/** Paid orders, each of ¥100,000 with 10 % tax, paid through the lifecycle (which issues their invoices). */
async function paidOrders(db: Database, count: number): Promise<number[]> {
  const [owner] = await db
    .insert(users)
    .values({
      email: `refunds-buyer-${Date.now().toString(36)}@example.com`,
      username: `refunds-buyer-${Date.now().toString(36)}`,
      passwordHash: await hashPassword('abc123'),
      status: 'active',
      locale: 'ja',
      activatedAt: new Date(),
    })
    .returning({ id: users.id });
  const run = Date.now().toString(36);
  const rows = await db
    .insert(orders)
    .values(
      Array.from({ length: count }, (_, i) => ({
        number: `CCREFUND${run}${String(i).padStart(6, '0')}`,
        userId: owner?.id ?? 0,
        idempotencyKey: `refund-${run}-${i}`,
        kind: 'vps' as const,
        currency: 'JPY',
        rate: '154.2',
        subtotalMinor: 100_000,
        discountMinor: 0,
        totalMinor: 100_000,
        taxMinor: 10_000,
        taxLines: [
          {
            ruleId: null,
            country: 'JP',
            name: { en: 'Consumption tax', ja: '消費税' },
            ratePercent: '10.00',
            baseMinor: 100_000,
            taxMinor: 10_000,
            reverseCharge: false,
          },
        ],
        billingProfile: { country: 'JP', company: null, taxId: null, taxIdCheck: 'none' as const },
        config: { planId: 'std-2c4g', regionId: 'tokyo' },
        lines: [{ key: 'plan', itemId: 'std-2c4g', quantity: 1, months: 12, unitMinor: 100_000, amountMinor: 100_000 }],
        payBy: new Date(Date.now() + 3_600_000),
      })),
    )
    .returning({ id: orders.id });
  const ids = rows.map((r) => r.id);
  await db.transaction((tx) =>
    transitionOrders(tx, ids, {
      from: ['pending_payment'],
      to: 'paid',
      reason: 'payment received',
      actor: 'payment',
      at: new Date(),
    }),
  );
  return ids;
}

async function refund(base: string, headers: Record<string, string>, orderId: number, amountMinor: number) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/orders/${orderId}/refund`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ basis: 'amount', amountMinor, reason: 'bench' }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const env = loadEnv();
  const database = await startTestDatabase(env, 'bench-refunds');
  const reset = createDatabase(database.url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url, { queryTimeoutMs: 0 });
  const server = serve({ fetch: createApp({ db }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const who = await operators(db, base, OPERATORS);
    const rows: string[] = [];

    // Each operator refunds its own orders, ROUNDS times each, all at once.
    const own = await paidOrders(db, OPERATORS * ROUNDS);
    let times: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      who.map(async (headers, o) => {
        for (let r = 0; r < ROUNDS; r += 1) {
          const got = await refund(base, headers, own[o * ROUNDS + r] ?? 0, 30_000);
          times.push(got.ms);
          if (got.status !== 200) errors += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (errors > 0) fail(`${errors} refunds of separate orders did not answer 200`);
    times.sort((a, b) => a - b);
    rows.push(
      `| ${OPERATORS * ROUNDS} refunds, ${OPERATORS} operators at once, each on its own orders | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.99).toFixed(1)} ms | ${((OPERATORS * ROUNDS) / seconds).toFixed(0)} |`,
    );

    // All 20 on one order at once, ROUNDS times (each round a fresh order): they queue on the order's lock.
    times = [];
    let over = 0;
    for (let r = 0; r < ROUNDS; r += 1) {
      const [order] = await paidOrders(db, 1);
      const answers = await Promise.all(who.map((headers) => refund(base, headers, order ?? 0, 7_000)));
      for (const a of answers) times.push(a.ms);
      if (answers.some((a) => a.status >= 500)) fail('a 5xx under contention');
      const [sum] = (
        await db.execute<{ total: number }>(
          sql`select coalesce(sum(amount_minor), 0)::int as total from refunds where order_id = ${order}`,
        )
      ).rows;
      if (Number(sum?.total) > 110_000) over += 1;
      if (answers.filter((a) => a.status === 200).length !== 15)
        fail('not exactly 15 of 20 refunds of ¥7,000 fit ¥110,000');
    }
    if (over > 0) fail(`${over} orders refunded above what was paid`);
    times.sort((a, b) => a - b);
    rows.push(
      `| ${OPERATORS} operators at once on one order (¥7,000 each of ¥110,000: 15 fit), ${ROUNDS} rounds | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.99).toFixed(1)} ms | |`,
    );

    const gaps = (
      await db.execute<{ n: number; max: number }>(
        sql`select count(*)::int as n, max(sequence)::int as max from credit_notes`,
      )
    ).rows[0];
    if (Number(gaps?.n) !== Number(gaps?.max)) fail(`credit notes: ${gaps?.n} issued, last number ${gaps?.max}`);
    console.log(`| | p50 | p99 | refunds/s |
| --- | --- | --- | --- |
${rows.join('\n')}

${gaps?.n} credit notes issued, numbered 1 to ${gaps?.max} without a gap.`);
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
