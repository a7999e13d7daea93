import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainRegistrations } from '../../src/server/db/schema';
import { findReservedLabels } from '../../src/server/domains/registry/embedded';
import { createRdapAdapter } from '../../src/server/domains/registry/rdap';
import { call, testApp, testDb } from '../support/api';

const app = testApp();

type SuffixRow = {
  suffix: string;
  category: string;
  registerPriceCents: number;
  renewPriceCents: number;
  transferPriceCents: number;
  promo: boolean;
};
type CheckRow = {
  suffix: string;
  fqdn: string;
  displayName: string;
  state: string;
  registerPriceCents: number;
  renewPriceCents: number;
  transferPriceCents: number;
};

async function check(json: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/domain/suffix/check', { json });
  return { ...res, rows: res.json.message as CheckRow[] };
}

describe('POST /api/domain/suffix/search', () => {
  it('lists the active suffixes with their prices in catalogue order', async () => {
    const res = await call(app, 'POST', '/api/domain/suffix/search', { json: { language: 'zh' } });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    const list = res.json.message as SuffixRow[];
    expect(list.length).toBeGreaterThan(20);
    expect(list[0]).toEqual({
      suffix: '.com',
      category: 'popular',
      registerPriceCents: 899,
      renewPriceCents: 1299,
      transferPriceCents: 1199,
      promo: true,
    });
    for (const s of list) {
      expect(s.suffix).toMatch(/^\.[a-z.]+$/);
      expect(Number.isInteger(s.registerPriceCents) && s.registerPriceCents > 0).toBe(true);
      expect(Number.isInteger(s.renewPriceCents) && s.renewPriceCents > 0).toBe(true);
      expect(Number.isInteger(s.transferPriceCents) && s.transferPriceCents > 0).toBe(true);
    }
    expect(list.map((s) => s.suffix)).toContain('.com.cn');
  });

  it('answers an empty body with the whole list and filters by category', async () => {
    const all = await call(app, 'POST', '/api/domain/suffix/search');
    const country = await call(app, 'POST', '/api/domain/suffix/search', { json: { category: 'country' } });
    const countryList = country.json.message as SuffixRow[];
    expect(countryList.length).toBeGreaterThan(0);
    expect(countryList.length).toBeLessThan((all.json.message as SuffixRow[]).length);
    expect(countryList.every((s) => s.category === 'country')).toBe(true);
  });

  it('refuses an unknown language', async () => {
    const res = await call(app, 'POST', '/api/domain/suffix/search', { json: { language: 'fr' } });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ language: 'api.field.invalid' });
  });
});

describe('POST /api/domain/suffix/check', () => {
  it('checks every active suffix by default, with prices', async () => {
    const [suffixes, res] = await Promise.all([
      call(app, 'POST', '/api/domain/suffix/search'),
      check({ name: 'google' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    expect(res.rows.map((r) => r.suffix)).toEqual((suffixes.json.message as SuffixRow[]).map((s) => s.suffix));
    expect(res.rows[0]).toEqual({
      suffix: '.com',
      fqdn: 'google.com',
      displayName: 'google.com',
      state: 'taken',
      registerPriceCents: 899,
      renewPriceCents: 1299,
      transferPriceCents: 1199,
    });
    expect(res.rows.find((r) => r.suffix === '.net')?.state).toBe('available');
  });

  it('tells available, taken (a registration) and reserved (a reserved label) apart', async () => {
    const free = await check({ name: 'quiet-harbor-7421', suffixes: ['.com'] });
    expect(free.rows.map((r) => [r.fqdn, r.state])).toEqual([['quiet-harbor-7421.com', 'available']]);

    const taken = await check({ name: 'GitHub', suffixes: ['.com', 'org'] });
    expect(taken.rows.map((r) => [r.fqdn, r.state])).toEqual([
      ['github.com', 'taken'],
      ['github.org', 'available'],
    ]);

    const reserved = await check({ name: 'whois' });
    expect(reserved.rows.length).toBeGreaterThan(20);
    expect(new Set(reserved.rows.map((r) => r.state))).toEqual(new Set(['reserved']));
  });

  it('sees a registration made after start-up', async () => {
    const fqdn = `fresh-${Date.now().toString(36)}.io`;
    await testDb().insert(domainRegistrations).values({ fqdn });
    try {
      const res = await check({ name: fqdn });
      expect(res.rows[0]).toMatchObject({ fqdn, state: 'taken' });
    } finally {
      await testDb()
        .delete(domainRegistrations)
        .where(inArray(domainRegistrations.fqdn, [fqdn]));
    }
  });

  it('puts a typed suffix first, preferring the longest suffix that fits', async () => {
    const res = await check({ name: 'sina.com.cn' });
    expect(res.rows[0]).toMatchObject({ suffix: '.com.cn', fqdn: 'sina.com.cn', state: 'taken' });
    expect(res.rows.filter((r) => r.suffix === '.com.cn')).toHaveLength(1);
    expect(res.rows.find((r) => r.suffix === '.cn')?.fqdn).toBe('sina.cn');

    const withList = await check({ name: 'example.net', suffixes: ['.com'] });
    expect(withList.rows.map((r) => [r.fqdn, r.state])).toEqual([
      ['example.net', 'reserved'],
      ['example.com', 'reserved'],
    ]);
  });

  it('checks Chinese and Japanese names in punycode and shows them in their script', async () => {
    const zh = await check({ name: '云服务器', suffixes: ['.com', '.net'] });
    expect(zh.status).toBe(200);
    expect(zh.rows).toMatchObject([
      { fqdn: 'xn--9kqw2h5zd6yw.com', displayName: '云服务器.com', state: 'taken' },
      { fqdn: 'xn--9kqw2h5zd6yw.net', displayName: '云服务器.net', state: 'available' },
    ]);

    // Typed with a full-width dot, as a Japanese keyboard gives it.
    const ja = await check({ name: 'クラウド．com', suffixes: ['.jp'] });
    expect(ja.rows).toMatchObject([
      { suffix: '.com', fqdn: 'xn--gckr3f0f.com', displayName: 'クラウド.com', state: 'taken' },
      { suffix: '.jp', fqdn: 'xn--gckr3f0f.jp', state: 'available' },
    ]);
  });

  it.each([
    ['-abc', 'validation.domain'],
    ['a_b', 'validation.domain'],
    ['abc-', 'validation.domain'],
    ['ab--cd', 'validation.domain'],
    ['xn--not-punycode!', 'validation.domain'],
    ['a/b', 'validation.domain'],
    ['www.example.com', 'validation.domain'],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['a'.repeat(64), 'api.field.tooLong'],
    ['中'.repeat(60), 'api.field.tooLong'],
    ['a'.repeat(254), 'api.field.tooLong'],
    ['example.invalidtld', 'domain.error.unknownSuffix'],
  ])('refuses the name %j with 422 and fields.name', async (name, key) => {
    const res = await check({ name });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe(4001);
    expect(res.json.fields).toEqual({ name: key });
  });

  it('refuses a missing name', async () => {
    const res = await check({});
    expect(res.status).toBe(422);
    expect(res.json.fields?.name).toBe('api.field.required');
  });

  it('refuses more than 50 suffixes and unknown suffixes with fields.suffixes', async () => {
    const many = await check({ name: 'abc', suffixes: Array.from({ length: 51 }, () => '.com') });
    expect(many.status).toBe(422);
    expect(Object.keys(many.json.fields ?? {})).toEqual(['suffixes']);

    const unknown = await check({ name: 'abc', suffixes: ['.com', '.nope'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.fields).toEqual({ suffixes: 'domain.error.unknownSuffix' });
  });
});

describe('RDAP registry adapter', () => {
  const requested: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let server: Server;
  let baseUrl = '';

  function answer(req: IncomingMessage, res: ServerResponse) {
    const name = decodeURIComponent(req.url?.replace(/^\/rdap\/domain\//, '') ?? '');
    requested.push(name);
    if (name === 'slow-registry.com') return; // never answers: the adapter must give up
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      if (name === 'broken.com') {
        res.writeHead(500).end();
      } else if (name === 'registered.com') {
        res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(
          JSON.stringify({
            objectClassName: 'domain',
            ldhName: 'REGISTERED.COM',
            status: ['active'],
            events: [{ eventAction: 'registration', eventDate: '2001-02-03T04:05:06Z' }],
          }),
        );
      } else {
        res
          .writeHead(404, { 'content-type': 'application/rdap+json' })
          .end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
      }
    }, 20);
  }

  beforeAll(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rdap/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // A registry that never answers is given up after a second: long enough for the fake registry's 20 ms answers on
  // a loaded machine, short enough to show the wait is bounded.
  const adapter = () =>
    createRdapAdapter(baseUrl, { timeoutMs: 1_000, reservedLabels: (labels) => findReservedLabels(testDb(), labels) });

  it('maps 404 to available, 200 to taken, 500 and a timeout to unknown', async () => {
    const started = Date.now();
    const states = await adapter().check(['free-name.com', 'registered.com', 'broken.com', 'slow-registry.com']);
    expect(Object.fromEntries(states)).toEqual({
      'free-name.com': 'available',
      'registered.com': 'taken',
      'broken.com': 'unknown',
      'slow-registry.com': 'unknown',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers reserved labels from the local list without asking the registry', async () => {
    requested.length = 0;
    const states = await adapter().check(['whois.com', 'nic.io', 'open-name.dev']);
    expect(Object.fromEntries(states)).toEqual({
      'whois.com': 'reserved',
      'nic.io': 'reserved',
      'open-name.dev': 'available',
    });
    expect(requested).toEqual(['open-name.dev']);
  });

  it('asks in parallel, never more than 8 at a time', async () => {
    maxInFlight = 0;
    const names = Array.from({ length: 20 }, (_, i) => `name-${i}.com`);
    // A wait long enough for a loaded machine: this is about how many questions are open at once, not about a
    // slow registry (the 300 ms wait above is for that), and a timed-out answer would read as 'unknown'.
    const patient = createRdapAdapter(baseUrl, {
      timeoutMs: 10_000,
      reservedLabels: (labels) => findReservedLabels(testDb(), labels),
    });
    const states = await patient.check(names);
    expect([...states.values()].every((s) => s === 'available')).toBe(true);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(8);
  });

  it('answers unknown when the registry cannot be reached', async () => {
    const closed = createRdapAdapter('http://127.0.0.1:1', { timeoutMs: 300 });
    expect(Object.fromEntries(await closed.check(['anything.com']))).toEqual({ 'anything.com': 'unknown' });
  });
});
