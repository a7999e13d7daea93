/**
 * What a login costs at today's password hashing (scrypt N=2^17, r=8, p=1; docs/decisions/033-login-limits.md),
 * against the parameters used before (N=2^14): one hash alone, then logins over HTTP against the real API on its
 * own database (embedded DATA_DIR/bench-login, or `<db>_bench-login` beside DATABASE_URL), one at a time and eight
 * at once (distinct accounts and addresses, so no throttle is met). Prints a Markdown section for BENCHMARKS.md.
 *
 *   npx tsx --conditions=react-server bench/login-cost.ts
 */
import { constants, publicEncrypt, randomBytes, scrypt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadEnv } from '../src/env';
import { createApp } from '../src/server/api/app';
import { hashPassword } from '../src/server/auth/password';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { users } from '../src/server/db/schema';
import { startTestDatabase } from '../tests/support/test-database';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(0)} ms`;

function scryptMs(n: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    scrypt('abc123', randomBytes(16), 32, { N: n, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    ),
  );
}

async function median(runs: number, measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await measure());
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const env = loadEnv();
  const database = await startTestDatabase(env, 'bench-login');
  const reset = createDatabase(database.url, { max: 1 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url);
  const server = serve({ fetch: createApp({ db }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    const today = await median(7, () => scryptMs(131_072));
    const before = await median(7, () => scryptMs(16_384));

    const passwordHash = await hashPassword('abc123');
    const run = Date.now().toString(36);
    const accounts = await db
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          email: `login-${run}-${i}@example.com`,
          username: `login-${run}-${i}`,
          passwordHash,
          status: 'active' as const,
          locale: 'en' as const,
          activatedAt: new Date(),
        })),
      )
      .returning({ email: users.email });
    const { publicKey } = (
      (await (await fetch(`${base}/api/auth/public-key`)).json()) as { message: { publicKey: string } }
    ).message;
    const password = () =>
      publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from('abc123'),
      ).toString('base64');
    const login = async (email: string, i: number) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ account: email, password: password() }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      return performance.now() - started;
    };

    const sequential: number[] = [];
    for (let i = 0; i < 20; i += 1) sequential.push(await login(accounts[i]?.email ?? '', i));
    sequential.sort((a, b) => a - b);

    const concurrent: number[] = [];
    const queue = accounts.slice(20).map((a, i) => [a.email, 20 + i] as const);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) concurrent.push(await login(next[0], next[1]));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    concurrent.sort((a, b) => a - b);

    console.log(`| | p50 | p99 | logins/s |
| --- | --- | --- | --- |
| one scrypt hash, N=2^17 (today) | ${ms(today)} | | |
| one scrypt hash, N=2^14 (before) | ${ms(before)} | | |
| login over HTTP, one at a time (20) | ${ms(quantile(sequential, 0.5))} | ${ms(quantile(sequential, 0.99))} | ${(20 / (sequential.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} |
| login over HTTP, 8 at once (40) | ${ms(quantile(concurrent, 0.5))} | ${ms(quantile(concurrent, 0.99))} | ${(40 / seconds).toFixed(1)} |`);
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
