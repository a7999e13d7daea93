/**
 * Promotions under concurrent load (docs/product/targets.md#promotions), at full size, over HTTP against the real API on its own database
 * (embedded DATA_DIR/bench, or `<db>_bench` beside DATABASE_URL; reset and seeded at every run):
 *
 * - 500 concurrent coupon claims from 250 customers on a coupon of stock 100: exactly 100 issued, none twice;
 * - 500 concurrent sale purchases (500 customers) on a sale item of stock 20: exactly 20 orders;
 * - 200 concurrent joins (200 customers) on a 5-seat group whose leader holds one seat: exactly 5 members.
 *
 * Every request is sent at once; the run fails (exit 1) when a count is wrong or any answer is a 5xx.
 *
 *   npx tsx --conditions=react-server bench/races.ts
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { loadEnv } from '../src/env';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createSession } from '../src/server/auth/sessions';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import {
  coupons,
  orders,
  pintuanGroups,
  pintuanMembers,
  pintuanOffers,
  saleActivities,
  saleItems,
  userCoupons,
  users,
} from '../src/server/db/schema';
import { startTestDatabase } from '../tests/support/test-database';

const DAY = 86_400_000;

export type Customer = { id: number; headers: Record<string, string> };
export type RaceResult = { name: string; requests: number; seconds: number; ok: number; codes: Record<string, number> };
export type Poster = (
  path: string,
  json: unknown,
  headers: Record<string, string>,
) => Promise<{ status: number; code: number }>;

/** Active customers with live sessions, inserted directly (sign-up is rate limited per IP, docs/product/constants.md#limits). */
async function customers(db: Database, count: number): Promise<Customer[]> {
  const passwordHash = await hashPassword('abc123');
  const run = Date.now().toString(36);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${run}-${i}@example.com`,
        username: `bench-${run}-${i}`,
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

/** Fires every request at once and tallies the answers' business codes. */
export async function race(name: string, requests: (() => ReturnType<Poster>)[]): Promise<RaceResult> {
  const started = performance.now();
  const answers = await Promise.all(requests.map((send) => send()));
  const seconds = (performance.now() - started) / 1000;
  const codes: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status >= 500 ? `HTTP ${a.status}` : String(a.code);
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return { name, requests: requests.length, seconds, ok: codes['2000'] ?? 0, codes };
}

function check(condition: boolean, message: string) {
  if (!condition) {
    console.error(`FAILED: ${message}`);
    process.exitCode = 1;
  }
}

async function couponRace(db: Database, post: Poster, buyers: Customer[]): Promise<RaceResult> {
  const [coupon] = await db
    .insert(coupons)
    .values({
      name: { en: 'Race coupon', zh: '并发测试券', ja: '同時取得テストクーポン' },
      kind: 'amount',
      amountCents: 200,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      validDays: 7,
      stockTotal: 100,
      stockLeft: 100,
      perUserLimit: 1,
    })
    .returning();
  if (!coupon) throw new Error('coupon insert failed');
  const claimers = buyers.slice(0, 250);
  const result = await race(
    '500 claims, 250 customers, coupon stock 100',
    claimers.flatMap((c) => [0, 1].map(() => () => post('/api/ac/coupon/receive', { couponId: coupon.id }, c.headers))),
  );
  const issued = await db.select().from(userCoupons).where(eq(userCoupons.couponId, coupon.id));
  const [left] = await db.select({ stockLeft: coupons.stockLeft }).from(coupons).where(eq(coupons.id, coupon.id));
  check(issued.length === 100, `coupon: ${issued.length} issued, expected 100`);
  check(new Set(issued.map((r) => r.userId)).size === issued.length, 'coupon: a customer holds it twice');
  check(left?.stockLeft === 0, `coupon: stock left ${left?.stockLeft}, expected 0`);
  check(result.ok === 100, `coupon: ${result.ok} successful answers, expected 100`);
  return result;
}

async function saleRace(db: Database, post: Poster, buyers: Customer[]): Promise<RaceResult> {
  const [activity] = await db
    .insert(saleActivities)
    .values({
      name: { en: 'Race sale' },
      description: { en: 'Concurrent purchases' },
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    })
    .returning();
  const [item] = await db
    .insert(saleItems)
    .values({
      activityId: activity?.id ?? 0,
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      months: 12,
      salePriceCents: 3000,
      stockTotal: 20,
      stockLeft: 20,
      perUserLimit: 1,
    })
    .returning();
  if (!item) throw new Error('sale item insert failed');
  const order = {
    regionId: 'hong-kong',
    imageId: 'ubuntu-24.04',
    planId: 'std-1c1g',
    months: 12,
    currency: 'USD',
    saleItemId: item.id,
  };
  const result = await race(
    '500 sale purchases, 500 customers, stock 20',
    buyers
      .slice(0, 500)
      .map(
        (c) => () =>
          post('/api/home/coupon-server/order/create', { ...order, idempotencyKey: crypto.randomUUID() }, c.headers),
      ),
  );
  const [created] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.saleItemId, item.id)));
  const [left] = await db.select({ stockLeft: saleItems.stockLeft }).from(saleItems).where(eq(saleItems.id, item.id));
  check(created?.n === 20, `sale: ${created?.n} orders, expected 20`);
  check(left?.stockLeft === 0, `sale: stock left ${left?.stockLeft}, expected 0`);
  check(result.ok === 20, `sale: ${result.ok} successful answers, expected 20`);
  return result;
}

async function joinRace(db: Database, post: Poster, buyers: Customer[]): Promise<RaceResult> {
  const [offer] = await db
    .insert(pintuanOffers)
    .values({
      name: { en: 'Race group-buy', zh: '并发拼团', ja: '同時参加テスト' },
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      months: 12,
      groupSize: 5,
      groupPriceCents: 4500,
      groupHours: 24,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
      sort: 99,
    })
    .returning({ id: pintuanOffers.id });
  const seat = () => ({ imageId: 'ubuntu-24.04', currency: 'USD', idempotencyKey: crypto.randomUUID() });
  const [leader, ...joiners] = buyers.slice(0, 201);
  if (!offer || !leader) throw new Error('offer insert failed');
  const opened = await post('/api/activity/create', { offerId: offer.id, ...seat() }, leader.headers);
  if (opened.code !== 2000) throw new Error(`opening the group failed: ${opened.code}`);
  // Opened as the leader's payment opens it (docs/decisions/060-group-buy-payment.md): the race is about the joins.
  const [group] = await db
    .update(pintuanGroups)
    .set({ status: 'open', openedAt: new Date(), expiresAt: new Date(Date.now() + DAY) })
    .where(eq(pintuanGroups.offerId, offer.id))
    .returning();
  if (!group) throw new Error('group missing');
  const result = await race(
    '200 joins, 200 customers, 5-seat group (leader holds 1)',
    joiners.map((c) => () => post('/api/activity/pintuan/join', { groupId: group.id, ...seat() }, c.headers)),
  );
  const members = await db.select().from(pintuanMembers).where(eq(pintuanMembers.groupId, group.id));
  const [after] = await db.select().from(pintuanGroups).where(eq(pintuanGroups.id, group.id));
  check(members.length === 5, `join: ${members.length} members, expected 5`);
  check(
    // Every seat held; the group succeeds when they are paid.
    after?.seatsTaken === 5 && after.status === 'open',
    `join: group ${after?.seatsTaken} seats, ${after?.status}`,
  );
  check(result.ok === 4, `join: ${result.ok} successful joins, expected 4`);
  return result;
}

async function main() {
  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  process.env.LOG_LEVEL = env.LOG_LEVEL;
  const database = await startTestDatabase(env, 'bench');
  const reset = createDatabase(database.url, { max: 1 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});

  // The production pool size (src/server/db/client.ts), behind a real HTTP server.
  const db = createDatabase(database.url);
  const server = serve({ fetch: createApp({ db }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post: Poster = async (path, json, headers) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(json),
    });
    const body = (await res.json().catch(() => ({}))) as { code?: number };
    return { status: res.status, code: body.code ?? 0 };
  };

  try {
    const buyers = await customers(db, 500);
    const results = [
      await couponRace(db, post, buyers),
      await saleRace(db, post, buyers),
      await joinRace(db, post, buyers),
    ];
    for (const r of results) check(!Object.keys(r.codes).some((k) => k.startsWith('HTTP')), `${r.name}: 5xx answers`);
    console.log('| race | requests | successes | other answers (business code: count) | time | requests/s |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of results) {
      const others = Object.entries(r.codes)
        .filter(([code]) => code !== '2000')
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ');
      console.log(
        `| ${r.name} | ${r.requests} | ${r.ok} | ${others} | ${r.seconds.toFixed(2)} s | ${Math.round(r.requests / r.seconds)} |`,
      );
    }
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
