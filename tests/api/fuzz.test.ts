import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiApp } from '../../src/server/api/app';
import { createSession } from '../../src/server/auth/sessions';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * Property-based fuzzing of every route of the API app (docs/decisions/034-hostile-input.md): generated bad input
 * (wrong types, control characters, huge and negative numbers, deep nesting, long strings, odd Unicode) never
 * answers 5xx, always answers the `{code, message}` envelope, answers 4xx whenever it holds a control character
 * or nests too deep, and changes nothing in the database. It runs on a database of its own (`<test db>_fuzz`),
 * so no other test file's writes blur the before-and-after comparison. The run count is bounded for CI; set
 * FUZZ_RUNS for a longer run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Field names the API's inputs use, so generated bodies reach the schemas' fields, not only unknown keys. */
const FIELDS = [
  'language', 'product', 'couponId', 'email', 'password', 'phone', 'acceptTerms', 'locale', 'code', 'account',
  'regionId', 'imageId', 'planId', 'quickSetId', 'dataDisks', 'diskId', 'sizeGb', 'bandwidthTierId',
  'trafficPackageId', 'securityGroupId', 'snapshotPolicyId', 'quantity', 'months', 'currency', 'saleItemId',
  'userCouponId', 'idempotencyKey', 'page', 'row', 'rows', 'offerId', 'groupId', 'id', 'q', 'limit', 'line',
  'name', 'suffixes', 'category', 'key', 'question', 'uuid', 'authorName', 'rating', 'body', 'topic', 'message',
  'year', 'order', 'department', 'location', 'path', 'visitorId',
] as const; // biome-ignore format: one list, read as a list

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f'];

/** A string holding at least one control character. */
const controlString = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => a + c + b);

/** A value nested deeper than any input of ours. */
const deepNesting = fc.tuple(fc.integer({ min: 17, max: 400 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
  return value;
});

const oddNumber = fc.oneof(
  fc.constantFrom(99_999_999_999, 2 ** 31, -1, 0, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, 1e-9),
  fc.double({ noNaN: true }),
  fc.integer(),
);

const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 300, max: 30_000 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom(
    '\u202e',
    '\ud800',
    '\udfff',
    '\ufeff',
    '😀'.repeat(200),
    'Ａ\u0301',
    '%00',
    "' or 1=1 --",
    '<script>',
  ),
  fc.integer({ min: 1, max: 20 }).map((n) => String(10 ** n)),
  fc.constantFrom('-1', '99999999999', '1e309', 'NaN', 'true', '[]', '{}'),
);

const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

const anyValue = fc.oneof(oddNumber, oddString, wrongType, controlString);
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

/** A JSON body of bad values; `poison` guarantees a control character or too deep a nesting somewhere in it. */
function bodyOf(poisoned: boolean) {
  const fields = fc.dictionary(fieldName, anyValue, { maxKeys: 6 });
  if (!poisoned) return fc.oneof({ weight: 5, arbitrary: fields }, { weight: 1, arbitrary: anyValue });
  return fc
    .tuple(fields, fc.constantFrom(...FIELDS), fc.oneof(controlString, deepNesting), fc.boolean())
    .map(([rest, key, poison, asKey]) =>
      asKey ? { ...rest, [`${key}${CONTROL[0]}`]: 'x' } : { ...rest, [key]: poison },
    );
}

/** A query string of bad values; `poison` guarantees a control character in it. */
function queryOf(poisoned: boolean) {
  const values = fc.oneof(oddString, oddNumber.map(String), controlString);
  const pairs = fc.array(fc.tuple(fieldName, values), { maxLength: 5 });
  const withPoison = poisoned
    ? fc.tuple(pairs, fc.constantFrom(...FIELDS), controlString).map(([p, k, v]) => [...p, [k, v] as [string, string]])
    : pairs;
  return withPoison.map((p) => new URLSearchParams(p).toString());
}

type Route = { method: string; path: string };

/**
 * Calls that take no fields and change state for a signed-in customer (end the session, claim the welcome
 * bundle): any object is a good request for them, so they are left out of the second property's comparison of the
 * database. The first property covers them.
 */
const NO_FIELD_WRITES = new Set(['POST /api/logout', 'POST /api/welcome/claim']);

/**
 * Routes whose answer is not the envelope whatever the input: the API's own description (docs/decisions/051-openapi.md,
 * tests/api/openapi.test.ts). It reads no input.
 */
const RAW_ANSWERS = new Set(['GET /api/openapi.json']);

let own: OwnDatabase;
let db: Database;
let app: ApiApp;
let customer: Record<string, string> = {};
let routes: Route[] = [];

/** One text per table: its row count and a digest of every row, so any insert, update or delete shows. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await db.$client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await db.$client.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
    );
    out[name] = `${rows[0]?.n}:${rows[0]?.digest ?? ''}`;
  }
  return out;
}

beforeAll(async () => {
  own = await ownDatabase('fuzz');
  db = own.db;
  app = own.app;
  const [user] = await db
    .insert(users)
    .values({
      email: 'fuzz@example.com',
      username: 'fuzz',
      passwordHash: 'scrypt$1$1$1$AA==$AA==',
      status: 'active',
      locale: 'en',
      activatedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no fuzz customer');
  const session = await createSession(db, user.id);
  customer = { cookie: `sid=${session.sessionToken}`, 'x-csrf-token': session.csrfToken };
  const seen = new Set<string>();
  // The transport key is made on first use: made here, so the first decrypt during the run changes nothing.
  await call(app, 'GET', '/api/auth/public-key');
  routes = app.routes
    .filter((r) => r.method !== 'ALL' && !RAW_ANSWERS.has(`${r.method} ${r.path}`))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path }));
}, 120_000);

afterAll(async () => {
  await own?.drop();
});

/** Sends one generated request; returns what a client would see. */
async function send(route: Route, signedIn: boolean, input: { body?: unknown; query?: string }) {
  const headers = { 'x-forwarded-for': '10.99.0.1', ...(signedIn ? customer : {}) };
  if (route.method === 'GET') {
    return call(app, 'GET', input.query ? `${route.path}?${input.query}` : route.path, { headers });
  }
  return call(app, route.method, route.path, {
    body: JSON.stringify(input.body ?? {}),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

function expectEnvelope(res: Awaited<ReturnType<typeof send>>, what: string) {
  expect(res.status, what).toBeLessThan(500);
  expect(typeof res.json?.code, what).toBe('number');
  expect(res.json && 'message' in res.json, what).toBe(true);
  if (res.status >= 400) {
    expect(res.json.message, what).toMatch(/^api\./);
    expect(Math.floor(res.json.code / 1000), what).toBe(4);
  }
}

describe('every route under generated bad input', () => {
  it('answers 4xx {code, message} to input holding a control character or nested too deep', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        fc.boolean(),
        bodyOf(true),
        queryOf(true),
        async (index, signedIn, body, query) => {
          const route = routes[index] as Route;
          const res = await send(route, signedIn, { body, query });
          const what = `${route.method} ${route.path} ${signedIn ? '(signed in)' : ''} ${JSON.stringify(route.method === 'GET' ? query : body).slice(0, 300)}`;
          expectEnvelope(res, what);
          expect(res.status, what).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await fingerprint()).toEqual(before);
  }, 120_000);

  it('never answers 5xx to wrong types, odd numbers and strings, and changes nothing', async () => {
    const before = await fingerprint();
    const fielded = routes.filter((r) => !NO_FIELD_WRITES.has(`${r.method} ${r.path}`));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: fielded.length - 1 }),
        fc.boolean(),
        bodyOf(false),
        queryOf(false),
        async (index, signedIn, body, query) => {
          const route = fielded[index] as Route;
          const res = await send(route, signedIn, { body, query });
          expectEnvelope(
            res,
            `${route.method} ${route.path} ${JSON.stringify(route.method === 'GET' ? query : body).slice(0, 300)}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});
