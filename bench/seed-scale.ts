/**
 * A database at the scale of a busy year, for timing the back office (bench/admin-scale.ts), never the default
 * seed: 100,000 customers (about four in five activated), 1,000,000 orders over the last 365 days in every state
 * and the three currencies, with plan lines from the catalog; 500,000 coupon claims (about a third used);
 * 30,000 group-buys (filled, failed, a few still open). Everything is written by set-based SQL
 * (`INSERT ... SELECT ... FROM generate_series`), so the seed takes minutes. The "random" numbers are hashes of
 * the row number: the same database every time.
 *
 * It fills its own database (embedded DATA_DIR/bench-scale, or `<db>_bench_scale` beside DATABASE_URL), dropped
 * and migrated first:
 *
 *   npx tsx --conditions=react-server bench/seed-scale.ts
 */
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed, type PreparedDatabase } from '../src/server/db/prepare';
import { startTestDatabase } from '../tests/support/test-database';

export const SCALE = { customers: 100_000, orders: 1_000_000, claims: 500_000, groups: 30_000 } as const;

/** The database the scale benchmarks use (its own, whatever else runs on the machine). */
export function startScaleDatabase(): Promise<PreparedDatabase> {
  return startTestDatabase(loadEnv(), 'bench-scale');
}

/** Whether the database holds a finished scale seed (the marker is written last). */
export async function isSeededAtScale(db: Database): Promise<boolean> {
  const result = await db.execute<{ done: boolean }>(sql`select to_regclass('bench_scale_seeded') is not null as done`);
  return result.rows[0]?.done === true;
}

type Step = { name: string; run: (db: Database) => Promise<unknown> };

const STEPS: Step[] = [
  {
    // r(row, k): the k-th "random" number of a row, in [0, 1): a hash, so every seed writes the same rows.
    name: 'helper',
    run: (db) =>
      db.execute(
        sql.raw(`
        create or replace function bench_r(n bigint, k int) returns float8
        language sql immutable parallel safe
        as $$ select (hashint8(n * 1000003 + k) & 2147483647)::float8 / 2147483648 $$`),
      ),
  },
  {
    name: `${SCALE.customers.toLocaleString('en')} customers`,
    run: (db) =>
      db.execute(sql`
        insert into users (email, username, password_hash, status, locale, created_at, activated_at)
        select 'customer' || g || '@scale.bench.example', 'scale' || g, 'scrypt$bench$not-a-password',
               case when bench_r(g, 2) < 0.78 then 'active' else 'pending' end,
               (array['en', 'zh', 'ja'])[1 + g % 3],
               now() - bench_r(g, 1) * interval '365 days',
               case when bench_r(g, 2) < 0.78
                    then least(now(), now() - bench_r(g, 1) * interval '365 days' + bench_r(g, 3) * interval '36 hours')
               end
          from generate_series(1, ${SCALE.customers}) g`),
  },
  {
    name: `${SCALE.orders.toLocaleString('en')} orders`,
    run: (db) =>
      db.execute(sql`
        with catalog as (
          select array_agg(id order by sort, id) as plans, array_agg(monthly_price_cents order by sort, id) as prices,
                 count(*)::int as n
            from plans where active
        ), places as (
          select array_agg(id order by id) as regions, count(*)::int as n from regions
        ), customers as (
          select min(id) as first from users where email like '%@scale.bench.example'
        ), drawn as (
          select g,
                 c.first + floor(bench_r(g, 1) * ${SCALE.customers})::int as user_id,
                 bench_r(g, 2) as state,
                 bench_r(g, 3) as money,
                 1 + floor(bench_r(g, 4) * catalog.n)::int as plan,
                 1 + floor(bench_r(g, 5) * places.n)::int as region,
                 (array[1, 1, 1, 1, 3, 6, 12])[1 + floor(bench_r(g, 6) * 7)::int] as months,
                 (array[1, 1, 1, 1, 1, 2, 3])[1 + floor(bench_r(g, 7) * 7)::int] as quantity,
                 bench_r(g, 8) < 0.15 as discounted,
                 -- Unpaid orders live 30 minutes (decision 037): those still waiting are the last half hour's.
                 case when bench_r(g, 2) >= 0.985 then now() - bench_r(g, 9) * interval '25 minutes'
                      else now() - bench_r(g, 9) * interval '365 days' end as created
            from generate_series(1, ${SCALE.orders}) g, catalog, places, customers c
        ), priced as (
          select d.*, catalog.plans[d.plan] as plan_id, places.regions[d.region] as region_id,
                 case when d.money < 0.5 then 'USD' when d.money < 0.75 then 'HKD' else 'JPY' end as currency,
                 case when d.state < 0.45 then 'active' when d.state < 0.48 then 'paid'
                      when d.state < 0.50 then 'provisioning' when d.state < 0.53 then 'refunded'
                      when d.state < 0.54 then 'refund_pending' when d.state < 0.66 then 'cancelled'
                      when d.state < 0.985 then 'expired' else 'pending_payment' end as status,
                 catalog.prices[d.plan] as usd_cents
            from drawn d, catalog, places
        ), amounts as (
          select p.*,
                 case p.currency when 'USD' then 1 when 'HKD' then 7.8 else 150 end as rate,
                 -- Monthly price in the order's minor units: cents, HK cents, or yen (no minor unit).
                 round(p.usd_cents * case p.currency when 'USD' then 1 when 'HKD' then 7.8 else 1.5 end)::int as unit
            from priced p
        )
        insert into orders (number, user_id, idempotency_key, kind, status, billing, pay_by, paid_at, status_changed_at,
                            currency, rate, subtotal_minor, discount_minor, total_minor, config, lines, created_at)
        select 'BS' || lpad(g::text, 9, '0'), user_id, 'scale-' || g, 'vps', status, 'term',
               created + interval '30 minutes',
               case when status in ('active', 'paid', 'provisioning', 'refunded', 'refund_pending')
                    then created + (1 + floor(bench_r(g, 10) * 20)) * interval '1 minute' end,
               created + interval '30 minutes',
               currency, rate, unit * months * quantity,
               case when discounted then round(unit * months * quantity * 0.1)::int else 0 end,
               unit * months * quantity - case when discounted then round(unit * months * quantity * 0.1)::int else 0 end,
               jsonb_build_object('regionId', region_id, 'planId', plan_id, 'imageId', 'ubuntu-24.04', 'months', months,
                                  'quantity', quantity, 'dataDisks', '[]'::jsonb, 'currency', currency),
               jsonb_build_array(jsonb_build_object('key', 'plan', 'itemId', plan_id, 'quantity', quantity,
                                                    'months', months, 'unitMinor', unit,
                                                    'amountMinor', unit * months * quantity)),
               created
          from amounts`),
  },
  {
    name: `${SCALE.claims.toLocaleString('en')} coupon claims`,
    run: (db) =>
      db.execute(sql`
        with offer as (select array_agg(id order by id) as ids, count(*)::int as n from coupons),
             customers as (select min(id) as first from users where email like '%@scale.bench.example'),
             drawn as (
               select g, now() - bench_r(g, 1) * interval '365 days' as claimed,
                      offer.ids[1 + floor(bench_r(g, 2) * offer.n)::int] as coupon_id,
                      c.first + floor(bench_r(g, 3) * ${SCALE.customers})::int as user_id
                 from generate_series(1, ${SCALE.claims}) g, offer, customers c
             )
        insert into user_coupons (coupon_id, user_id, created_at, expires_at, used_at)
        select coupon_id, user_id, claimed, claimed + interval '30 days',
               case when bench_r(g, 4) < 0.35 and claimed + bench_r(g, 5) * interval '10 days' < now()
                    then claimed + bench_r(g, 5) * interval '10 days' end
          from drawn`),
  },
  {
    name: `${SCALE.groups.toLocaleString('en')} group-buys`,
    run: (db) =>
      db.execute(sql`
        with offer as (
               select array_agg(id order by id) as ids, array_agg(group_size order by id) as sizes,
                      array_agg(group_hours order by id) as hours, count(*)::int as n
                 from pintuan_offers
             ),
             customers as (select min(id) as first from users where email like '%@scale.bench.example'),
             drawn as (
               select g, 1 + floor(bench_r(g, 1) * offer.n)::int as o,
                      now() - bench_r(g, 2) * interval '365 days' as opened,
                      c.first + floor(bench_r(g, 3) * ${SCALE.customers})::int as leader,
                      bench_r(g, 4) as outcome, offer.ids, offer.sizes, offer.hours
                 from generate_series(1, ${SCALE.groups}) g, offer, customers c
             ),
             decided as (
               select d.*, d.sizes[d.o] as size, d.opened + d.hours[d.o] * interval '1 hour' as deadline,
                      case when d.opened + d.hours[d.o] * interval '1 hour' > now() then 'open'
                           when d.outcome < 0.58 then 'succeeded' else 'failed' end as status
                 from drawn d
             )
        insert into pintuan_groups (offer_id, leader_user_id, size, seats_taken, status, expires_at, closed_at, created_at)
        select ids[o], leader, size,
               case status when 'succeeded' then size
                           when 'failed' then 1 + floor(bench_r(g, 5) * (size - 1))::int
                           else 1 end,
               status, deadline,
               case status when 'succeeded' then opened + bench_r(g, 6) * (deadline - opened)
                           when 'failed' then deadline end,
               opened
          from decided`),
  },
  // Fresh statistics for the planner and a visibility map for index-only scans, as autovacuum would leave them.
  {
    name: 'vacuum analyze',
    run: (db) => db.execute(sql`vacuum (analyze) users, orders, user_coupons, pintuan_groups`),
  },
  { name: 'marker', run: (db) => db.execute(sql`create table bench_scale_seeded (at timestamptz default now())`) },
];

/** Drops, migrates, seeds as `npm start` would, then adds the scale rows. Logs each step's time to stderr. */
export async function seedScale(url: string): Promise<void> {
  const reset = createDatabase(url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(url, () => {});
  const db = createDatabase(url, { max: 1, queryTimeoutMs: 0 });
  try {
    for (const step of STEPS) {
      const started = performance.now();
      await step.run(db);
      console.error(`[seed-scale] ${step.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await db.$client.end();
  }
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const database = await startScaleDatabase();
  try {
    const started = performance.now();
    await seedScale(database.url);
    console.error(`[seed-scale] done in ${((performance.now() - started) / 60_000).toFixed(1)} min: ${database.url}`);
  } finally {
    await database.stop();
  }
}

if (process.argv[1]?.endsWith('seed-scale.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
