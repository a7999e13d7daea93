/**
 * The finance report at scale (docs/decisions/078-finance-report.md): 1,000,000 invoices over 24 months in three
 * currencies and six billing cases (rates, reverse charge, no tax), three product lines each, and 100,000 credit
 * notes, written by set-based SQL. Through the insert triggers that takes about 2 ms a document on the shared two
 * cores (over half an hour), so the seed writes the documents with the rollup's triggers off and then fills the
 * rollup with one grouping statement per part (BENCH_SEED_TRIGGERS=1 writes them through the triggers instead);
 * either way the rollup is then checked, part by part, against the sums of the documents themselves, and the run
 * fails when they differ. Then, in process as an owner through the API: the report for 12 and 24 months, one month
 * and one currency, and the CSV, p50 and p99 (target: p99 under 500 ms); the same figures grouped from the
 * invoices and credit notes (the design the rollup replaced), for comparison; and what the trigger adds to one
 * invoice's insert.
 *
 * Its own database (embedded DATA_DIR/bench-finance, or `<db>_bench_finance` beside DATABASE_URL), seeded when it
 * holds no finished seed (minutes) and kept for the next run; BENCH_RESEED=1 seeds it again.
 *
 *   npx tsx --conditions=react-server bench/finance.ts
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { loadEnv } from '../src/env';
import { newTotpSecret } from '../src/server/admin/totp';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createDatabase, type Database } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { staff } from '../src/server/db/schema';
import { startTestDatabase } from '../tests/support/test-database';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const BATCH = 100_000;
const TARGET_MS = 500;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const DIRECT_RUNS = Number(process.env.BENCH_DIRECT_RUNS ?? 5);
const INSERTS = 1_000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const log = (text: string) => console.error(`[finance] ${text}`);

/** The k-th "random" number of row n in [0, 1): a hash, so every seed writes the same rows. */
const r = (k: number) => `((hashint8(g::bigint * 1000003 + ${k}) & 2147483647)::float8 / 2147483648)`;

/** Invoices `from` to `to` (sequence numbers) as issuing writes them: amounts, tax line, lines with their kinds. */
const invoiceBatch = (from: number, to: number) =>
  sql.raw(`
  insert into invoices (number, series, sequence, order_id, order_number, user_id, locale, country, currency, rate,
    total_excl_tax_minor, tax_minor, total_incl_tax_minor, reverse_charge, issued_at, supply_date, content)
  select 'BF-' || g, 'BF', g, null, 'BO-' || g, 1 + g % 100000, 'en', b.country, b.currency, '1',
         a.excl, a.tax, a.excl + a.tax, b.rc, a.at, (a.at at time zone 'UTC')::date,
         jsonb_build_object(
           'seller', jsonb_build_object('name', 'Cirrus Cloud Limited', 'address', 'Admiralty, Hong Kong',
                                        'registrations', '[]'::jsonb),
           'buyer', jsonb_build_object('name', 'scale' || g, 'email', 'customer' || g || '@scale.bench.example',
                                       'company', null, 'taxId', null, 'country', b.country),
           'lines', jsonb_build_array(
             jsonb_build_object('description', 'Cloud server plan', 'quantity', 1, 'months', 1, 'amountMinor', a.plan, 'kind', 'plan'),
             jsonb_build_object('description', 'Data disk', 'quantity', 1, 'months', 1, 'amountMinor', a.disk, 'kind', 'disk'),
             jsonb_build_object('description', 'Traffic package', 'quantity', 1, 'months', 1, 'amountMinor', a.traffic, 'kind', 'traffic')),
           'discountMinor', 0,
           'taxLines', case when b.rate is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
             'ruleId', null, 'country', b.country, 'name', jsonb_build_object('en', 'VAT'), 'ratePercent', b.rate,
             'baseMinor', a.excl, 'taxMinor', a.tax, 'reverseCharge', b.rc)) end)
    from generate_series(${from}, ${to}) g
    cross join lateral (
      select (array['USD', 'HKD', 'JPY'])[1 + g % 3] as currency, case g % 3 when 2 then 150 else 1 end as unit,
             (array['JP', 'DE', 'DE', 'AT', 'HK', 'US'])[1 + (g / 3) % 6] as country,
             (array['10.00', '19.00', '19.00', '20.00', null, null])[1 + (g / 3) % 6] as rate,
             (array[false, false, true, true, false, false])[1 + (g / 3) % 6] as rc) b
    cross join lateral (
      select (1000 + ${r(1)} * 20000)::int * b.unit as plan, (${r(2)} * 3000)::int * b.unit as disk,
             (${r(3)} * 1000)::int * b.unit as traffic,
             timestamptz '2025-01-01 00:00:00+00' + ${r(4)} * interval '730 days' as at) p
    cross join lateral (
      select p.plan, p.disk, p.traffic, p.at, p.plan + p.disk + p.traffic as excl,
             case when b.rate is null or b.rc then 0
                  else round((p.plan + p.disk + p.traffic) * b.rate::numeric / 100)::int end as tax) a`);

/** A credit note for every tenth invoice: a third of it back, five days later, as one amount. */
const creditNoteBatch = (from: number, to: number) =>
  sql.raw(`
  insert into credit_notes (number, series, sequence, invoice_id, order_id, order_number, user_id, locale, country,
    currency, rate, total_excl_tax_minor, tax_minor, total_incl_tax_minor, reverse_charge, issued_at, supply_date,
    content)
  select 'BFC-' || i.sequence, 'BFC', i.sequence, i.id, null, i.order_number, i.user_id, 'en', i.country, i.currency,
         '1', -x.base, -x.tax, -(x.base + x.tax), i.reverse_charge, i.issued_at + interval '5 days', i.supply_date,
         (i.content - 'lines' - 'taxLines') || jsonb_build_object(
           'lines', jsonb_build_array(jsonb_build_object('description', 'Refund', 'quantity', 1, 'months', 0,
                                                         'amountMinor', -x.base)),
           'taxLines', (select coalesce(jsonb_agg(t || jsonb_build_object('baseMinor', -x.base, 'taxMinor', -x.tax)), '[]'::jsonb)
                          from jsonb_array_elements(i.content->'taxLines') t),
           'reason', 'bench', 'invoiceNumber', i.number, 'invoiceIssuedAt', i.issued_at)
    from invoices i
    cross join lateral (select i.total_excl_tax_minor / 3 as base,
                               case when i.tax_minor = 0 then 0 else round(i.tax_minor / 3.0)::int end as tax) x
   where i.series = 'BF' and i.sequence between ${from} and ${to} and i.sequence % 10 = 0`);

/**
 * A table's documents summed as the rollup keeps them, one statement per part (`m, currency, section, country,
 * rate_percent, reverse_charge, kind, n, e, t`): the totals, the tax lines (and the amounts no tax line covers), the
 * lines by kind (null for a line without one). For the seed's documents, whose lines add up to their totals and whose
 * one tax line covers the whole base, this is what the triggers write.
 */
const grouped = (table: 'invoices' | 'credit_notes') => {
  const m = `date_trunc('month', issued_at at time zone 'UTC')::date`;
  return [
    `select ${m} m, currency, 'total' section, '' country, '' rate_percent, false reverse_charge, '' kind,
            count(*)::int n, sum(total_excl_tax_minor) e, sum(tax_minor) t from ${table} group by 1, 2`,
    `select ${m} m, currency, 'tax' section, x->>'country' country, x->>'ratePercent' rate_percent,
            (x->>'reverseCharge')::boolean reverse_charge, '' kind, count(*)::int n,
            sum((x->>'baseMinor')::bigint) e, sum((x->>'taxMinor')::bigint) t
       from ${table}, jsonb_array_elements(content->'taxLines') x group by 1, 2, 4, 5, 6`,
    `select ${m} m, currency, 'tax' section, country, '' rate_percent, false reverse_charge, '' kind, count(*)::int n,
            sum(total_excl_tax_minor) e, 0::bigint t
       from ${table} where jsonb_array_length(content->'taxLines') = 0 group by 1, 2, 4`,
    `select ${m} m, currency, 'line' section, '' country, '' rate_percent, false reverse_charge, l->>'kind' kind,
            count(distinct id)::int n, sum((l->>'amountMinor')::bigint) e, 0::bigint t
       from ${table}, jsonb_array_elements(content->'lines') l group by 1, 2, 7`,
  ];
};

async function seeded(db: Database): Promise<boolean> {
  const result = await db.execute<{ done: boolean }>(
    sql`select to_regclass('bench_finance_seeded') is not null as done`,
  );
  return result.rows[0]?.done === true;
}

async function seed(url: string): Promise<string> {
  const reset = createDatabase(url, { max: 1, queryTimeoutMs: 0 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(url, () => {});
  const db = createDatabase(url, { max: 1, queryTimeoutMs: 0 });
  const started = performance.now();
  const throughTriggers = Boolean(process.env.BENCH_SEED_TRIGGERS);
  if (!throughTriggers) {
    await db.execute(sql`alter table invoices disable trigger invoices_finance_rollup`);
    await db.execute(sql`alter table credit_notes disable trigger credit_notes_finance_rollup`);
  }
  for (let from = 1; from <= INVOICES; from += BATCH) {
    const to = Math.min(INVOICES, from + BATCH - 1);
    await db.execute(invoiceBatch(from, to));
    await db.execute(creditNoteBatch(from, to));
    log(`${to.toLocaleString('en')} invoices`);
  }
  if (!throughTriggers) {
    await db.execute(sql`alter table invoices enable trigger invoices_finance_rollup`);
    await db.execute(sql`alter table credit_notes enable trigger credit_notes_finance_rollup`);
    await db.execute(sql`delete from finance_rollup`);
    for (const [source, table, unnamed] of [
      ['invoice', 'invoices', 'other'],
      ['credit_note', 'credit_notes', 'whole'],
    ] as const) {
      for (const part of grouped(table)) {
        await db.execute(
          sql.raw(`insert into finance_rollup (month, currency, source, section, country, rate_percent, reverse_charge,
                     kind, documents, excl_tax_minor, tax_minor, incl_tax_minor)
                   select m, currency, '${source}', section, country, rate_percent, reverse_charge,
                          coalesce(kind, '${unnamed}'), n, e, t, e + t from (${part}) p`),
        );
      }
    }
    log('rollup filled');
  }
  const took = (performance.now() - started) / 1000;
  const how = throughTriggers ? 'through the triggers' : 'set-based, the rollup filled by grouping';
  await db.execute(sql`analyze`);
  await db.execute(sql`create table bench_finance_seeded (at timestamptz default now())`);
  await db.$client.end();
  return `seeded in ${took.toFixed(0)} s, ${how}`;
}

/** The report's figures straight from the documents, as the report would read them without the rollup. */
const direct = (from: string, to: string) => {
  const within = sql.raw(
    `issued_at >= '${from}-01T00:00:00Z' and issued_at < ('${to}-01T00:00:00Z'::timestamptz + interval '1 month')`,
  );
  const month = sql.raw(`date_trunc('month', issued_at at time zone 'UTC')`);
  return [
    sql`select ${month} m, currency, count(*), sum(total_excl_tax_minor), sum(tax_minor), sum(total_incl_tax_minor)
          from invoices where ${within} group by 1, 2`,
    sql`select ${month} m, currency, count(*), sum(total_excl_tax_minor), sum(tax_minor), sum(total_incl_tax_minor)
          from credit_notes where ${within} group by 1, 2`,
    sql`select ${month} m, currency, t->>'country', t->>'ratePercent', t->>'reverseCharge',
               sum((t->>'baseMinor')::bigint), sum((t->>'taxMinor')::bigint)
          from invoices, jsonb_array_elements(content->'taxLines') t where ${within} group by 1, 2, 3, 4, 5`,
    sql`select ${month} m, currency, l->>'kind', sum((l->>'amountMinor')::bigint)
          from invoices, jsonb_array_elements(content->'lines') l where ${within} group by 1, 2, 3`,
  ];
};

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const database = await startTestDatabase(loadEnv(), 'bench-finance');
  let db = createDatabase(database.url, { queryTimeoutMs: 0 });
  let seedTime = 'kept from an earlier run';
  try {
    if (process.env.BENCH_RESEED || !(await seeded(db).catch(() => false))) {
      await db.$client.end();
      seedTime = await seed(database.url);
      db = createDatabase(database.url, { queryTimeoutMs: 0 });
    }
    const counts = (
      await db.execute<{ invoices: number; notes: number; rollup: number }>(
        sql`select (select count(*) from invoices)::int invoices, (select count(*) from credit_notes)::int notes,
                   (select count(*) from finance_rollup)::int rollup`,
      )
    ).rows[0];

    // The rollup equals the documents' own sums, part by part (a bench on wrong numbers times nothing).
    for (const [source, table, unnamed] of [
      ['invoice', 'invoices', 'other'],
      ['credit_note', 'credit_notes', 'whole'],
    ] as const) {
      const parts = grouped(table)
        .map((part) => `(${part})`)
        .join(' union all ');
      const differing = await db.execute<{ n: number }>(
        sql.raw(`with d as (select m, currency, section, country, rate_percent, reverse_charge,
                                   coalesce(kind, '${unnamed}') kind, n, e::bigint e, t::bigint t from (${parts}) p),
                      f as (select month m, currency, section, country, rate_percent, reverse_charge, kind,
                                   documents n, excl_tax_minor e, tax_minor t
                              from finance_rollup where source = '${source}')
                 select count(*)::int n from d full join f
                  using (m, currency, section, country, rate_percent, reverse_charge, kind)
                  where d.n is distinct from f.n or d.e is distinct from f.e or d.t is distinct from f.t`),
      );
      const wrong = differing.rows[0]?.n ?? -1;
      if (wrong !== 0) throw new Error(`${wrong} rollup rows of ${table} differ from the documents' sums`);
    }

    const app = createApp({ db });
    const secret = newTotpSecret();
    const email = `owner${Date.now().toString(36)}@bench.example.com`;
    await db.insert(staff).values({
      email,
      name: 'Bench Owner',
      role: 'owner',
      passwordHash: await hashPassword('bench password 1'),
      totpSecret: secret,
    });
    const login = await app.request('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench password 1', totpCode: await generate({ secret }) }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

    const rows: string[] = [];
    const calls: [string, string][] = [
      ['report, 12 months, all currencies', '/api/admin/finance?from=2026-01&to=2026-12'],
      ['report, 24 months, all currencies', '/api/admin/finance?from=2025-01&to=2026-12'],
      ['report, 1 month', '/api/admin/finance?from=2026-06&to=2026-06'],
      ['report, 12 months, JPY', '/api/admin/finance?from=2026-01&to=2026-12&currency=JPY'],
      ['CSV export, 24 months', '/api/admin/finance/export?from=2025-01&to=2026-12'],
    ];
    for (const [name, path] of calls) {
      for (let i = 0; i < 5; i += 1) await (await app.request(path, { headers: { cookie } })).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        const started = performance.now();
        const res = await app.request(path, { headers: { cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      }
      times.sort((a, b) => a - b);
      const p99 = quantile(times, 0.99);
      rows.push(
        `| ${name} | ${CALLS} | ${ms(quantile(times, 0.5))} | ${ms(p99)}${p99 > TARGET_MS ? ' (over target)' : ''} |`,
      );
      if (p99 > TARGET_MS) process.exitCode = 1;
      log(`${name}: p99 ${ms(p99)}`);
    }

    // Without the rollup: the same figures grouped from the documents themselves (their jsonb tax lines and lines).
    const directRows: string[] = [];
    for (const [name, from, to] of [
      ['12 months', '2026-01', '2026-12'],
      ['1 month', '2026-06', '2026-06'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < DIRECT_RUNS; i += 1) {
        const started = performance.now();
        for (const query of direct(from, to)) await db.execute(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      directRows.push(`| ${name} | ${DIRECT_RUNS} | ${ms(quantile(times, 0.5))} | ${ms(times.at(-1) ?? 0)} |`);
      log(`direct ${name}: max ${ms(times.at(-1) ?? 0)}`);
    }

    // What the trigger adds to issuing one invoice: single-row inserts, with the trigger and without, each set in a
    // transaction rolled back afterwards, so the seeded rows stay as they are.
    const insertRows: string[] = [];
    for (const withTrigger of [true, false]) {
      const times: number[] = [];
      await db
        .transaction(async (tx) => {
          if (!withTrigger) await tx.execute(sql`alter table invoices disable trigger invoices_finance_rollup`);
          for (let i = 0; i < INSERTS; i += 1) {
            const g = INVOICES + 1 + i;
            const started = performance.now();
            await tx.execute(invoiceBatch(g, g));
            times.push(performance.now() - started);
          }
          throw new Error('rollback');
        })
        .catch((error: Error) => {
          if (error.message !== 'rollback') throw error;
        });
      times.sort((a, b) => a - b);
      insertRows.push(
        `| ${withTrigger ? 'with the rollup trigger' : 'without it'} | ${INSERTS} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.99))} |`,
      );
    }

    console.log(`Seed: ${counts?.invoices.toLocaleString('en')} invoices and ${counts?.notes.toLocaleString('en')} credit notes over 24 months (${seedTime}); ${counts?.rollup.toLocaleString('en')} rollup rows, each equal to the documents' own sums.

| call (in process, as an owner) | calls | p50 | p99 |
| --- | --- | --- | --- |
${rows.join('\n')}

Without the rollup, the same figures grouped from the invoices and credit notes (totals, jsonb tax lines and lines):

| range | runs | p50 | max |
| --- | --- | --- | --- |
${directRows.join('\n')}

One invoice's insert:

| insert | inserts | p50 | p99 |
| --- | --- | --- | --- |
${insertRows.join('\n')}`);
  } finally {
    await db.$client.end().catch(() => undefined);
    await database.stop?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
