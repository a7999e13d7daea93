import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../src/lib/admin/resource';
import { DECLARATIONS } from '../../src/lib/admin/resources';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { signedInStaff } from '../support/staff';

// What the API answers, it takes back, for every declared resource that can be changed: each row of its list's
// first page (the seed's variety: coupons of both kinds, campaigns with and without a picture…) as
// `GET /api/admin/<name>/:id` reads it, sent unchanged to `PUT` with its version, saves, and every field the form
// sends is then as it was. A null the read answers (a campaign without a picture, the other kind's value of a
// coupon) is a value the input takes; nothing the form reads back has to be mended before it is sent.

// A database of its own: every seeded row is saved here, which moves its version under other files' feet.
let own: OwnDatabase;
let app: OwnDatabase['app'];
let owner: Record<string, string>;

type Row = Record<string, unknown> & { version: number };

const changeable = DECLARATIONS.filter((d) => d.access.write !== false && d.access.update !== false);

beforeAll(async () => {
  own = await ownDatabase('round_trips');
  app = own.app;
  owner = (await signedInStaff(app, own.db, 'owner')).headers;
  // Affiliates are made by customers joining on the storefront, not by the seed: one joins here.
  const customer = await signedInCustomer({}, own.db);
  const terms = await call(app, 'GET', '/api/affiliate/terms');
  const joined = await call(app, 'POST', '/api/affiliate/join', {
    json: { termsVersion: (terms.json.message as { version: number }).version },
    headers: customer.headers,
  });
  expect(joined.status, JSON.stringify(joined.json)).toBe(200);
});

afterAll(async () => {
  await own?.drop();
});

/** The keys of the rows on the first page of a resource's list. */
async function firstPage(d: ResourceDeclaration): Promise<string[]> {
  const list = await call(app, 'GET', `/api/admin/${d.name}?rows=100`, { headers: owner });
  expect(list.status, JSON.stringify(list.json)).toBe(200);
  return (list.json.message as { items: Record<string, unknown>[] }).items.map((item) =>
    encodeURIComponent(String(item[d.key.field])),
  );
}

/** A row as its own page reads it. */
async function read(d: ResourceDeclaration, key: string): Promise<Row> {
  const answer = await call(app, 'GET', `/api/admin/${d.name}/${key}`, { headers: owner });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.message as Row;
}

/** The fields of a row the form sends (the input's), as they are. */
const sent = (d: ResourceDeclaration, row: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(d.input.shape).map((name) => [name, row[name]]));

describe('every changeable resource takes back what it answers', () => {
  it.each(changeable.map((d) => [d.name, d] as const))('%s', async (_name, d) => {
    const keys = await firstPage(d);
    // The seed (and, for affiliates, a customer who joined above) has rows of every changeable resource: one
    // without any would test nothing here.
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const before = await read(d, key);
      const saved = await call(app, 'PUT', `/api/admin/${d.name}/${key}`, { json: before, headers: owner });
      expect(saved.status, `${key}: ${JSON.stringify(saved.json)}`).toBe(200);
      expect((saved.json.message as Row).version).toBe(before.version + 1);
      expect(sent(d, await read(d, key)), key).toEqual(sent(d, before));
    }
  });
});
